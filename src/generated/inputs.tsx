// Form inputs from a declaration's field types. Validation is the shared validateFields (see form.ts),
// so each input only knows how to edit its value.
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  NumberInput,
  PasswordInput,
  ReferenceArrayInput,
  ReferenceInput,
  SelectArrayInput,
  SelectInput,
  TextInput,
  FormDataConsumer,
  useTranslate,
} from 'react-admin';
import { DateTimeInput } from './DateTimeInput';
import type { FieldDef } from '../../resources/types';
import { findResource } from '../../resources';
import { choiceKey } from './fields';
import { ImageUploadInput } from './ImageUploadInput';

interface Props {
  resource: string;
  source: string;
  def: FieldDef;
  mode: 'create' | 'edit';
}

function useChoices(resource: string, source: string, def: FieldDef) {
  const translate = useTranslate();
  return (def.choices ?? []).map((c) => ({ id: c, name: translate(choiceKey(resource, source, c), { _: c }) }));
}

function BareInput({ resource, source, def, mode }: Props) {
  const choices = useChoices(resource, source, def);
  const disabled = mode === 'edit' && !!def.createOnly;
  const common = { source, disabled, fullWidth: true, isRequired: def.required, helperText: false as const };
  switch (def.type) {
    case 'password':
      return <PasswordInput {...common} autoComplete="new-password" />;
    case 'number':
      return <NumberInput {...common} step={1} />;
    case 'money':
      // The API keeps cents; people type yuan.
      return <NumberInput {...common} step={0.01} format={(v: number | null) => (v == null ? null : v / 100)} parse={(v: string) => (v === '' || v == null ? null : Math.round(Number(v) * 100))} />;
    case 'boolean':
      return <BooleanInput {...common} />;
    case 'choice':
      return <SelectInput {...common} choices={choices} emptyText="—" />;
    case 'choices':
      return <SelectArrayInput {...common} choices={choices} />;
    case 'datetime':
      return <DateTimeInput {...common} />;
    case 'image':
      return <ImageUploadInput source={source} resource={resource} label={`resources.${resource}.fields.${source}`} disabled={disabled} isRequired={def.required} />;
    case 'reference': {
      const target = findResource(def.reference ?? '');
      return (
        <ReferenceInput source={source} reference={def.reference!} perPage={100}>
          <AutocompleteInput optionText={target?.title ?? '_id'} disabled={disabled} fullWidth isRequired={def.required} helperText={false} filterToQuery={(q: string) => ({ q })} />
        </ReferenceInput>
      );
    }
    case 'references': {
      const target = findResource(def.reference ?? '');
      return (
        <ReferenceArrayInput source={source} reference={def.reference!} perPage={200}>
          <AutocompleteArrayInput optionText={target?.title ?? '_id'} disabled={disabled} fullWidth helperText={false} filterToQuery={(q: string) => ({ q })} />
        </ReferenceArrayInput>
      );
    }
    case 'json':
      return (
        <TextInput
          {...common}
          multiline
          minRows={3}
          format={(v: unknown) => (v == null ? '' : typeof v === 'string' ? v : JSON.stringify(v, null, 2))}
          parse={(v: string) => {
            try {
              return v.trim() === '' ? null : JSON.parse(v);
            } catch {
              return v; // left as text: validation reports it
            }
          }}
        />
      );
    default:
      return <TextInput {...common} multiline={def.multiline} minRows={def.multiline ? 2 : undefined} type={def.type === 'email' ? 'email' : 'text'} />;
  }
}

/** An input, shown only while its `when` condition holds. */
export function InputFor(props: Props) {
  const when = props.def.when;
  if (!when) return <BareInput {...props} />;
  return <FormDataConsumer>{({ formData }) => (when.values.includes(formData?.[when.field]) ? <BareInput {...props} /> : null)}</FormDataConsumer>;
}
