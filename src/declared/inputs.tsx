// Form inputs from a declaration's field types. Validation is the shared validateFields (see form.ts),
// so each input only knows how to edit its value.
import {
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
import { useWatch } from 'react-hook-form';
import { Box, Typography } from '@mui/material';
import { subChoice, subLabel, type FieldDef } from '../../resources/types';
import { inputOf } from './parts';
import { ReferenceChoice } from './ReferenceChoice';
import { choiceKey } from './fields';
import { ImageUploadInput } from './ImageUploadInput';

interface Props {
  resource: string;
  source: string;
  def: FieldDef;
  mode: 'create' | 'edit';
  /** the label's i18n key, when it is not the resource's field label (a key of a JSON object) */
  label?: string;
  /** the i18n key of a choice's label, likewise */
  choiceLabel?: (value: string) => string;
}

function useChoices(resource: string, source: string, def: FieldDef) {
  const translate = useTranslate();
  return (def.choices ?? []).map((c) => ({ id: c, name: translate(choiceKey(resource, source, c), { _: c }) }));
}

function BareInput({ resource, source, def, mode, label, choiceLabel }: Props) {
  const translate = useTranslate();
  const ownChoices = useChoices(resource, source, def);
  const choices = choiceLabel
    ? (def.choices ?? []).map((c) => ({ id: c, name: translate(choiceLabel(c), { _: c }) }))
    : ownChoices;
  const disabled = mode === 'edit' && !!def.createOnly;
  const common = {
    source,
    disabled,
    fullWidth: true,
    isRequired: def.required,
    helperText: false as const,
    ...(label ? { label } : {}),
  };
  const Named = inputOf(def.input);
  if (Named) return <Named resource={resource} source={source} />;
  switch (def.type) {
    case 'password':
      return <PasswordInput {...common} autoComplete="new-password" />;
    case 'number':
      return <NumberInput {...common} step={1} />;
    case 'decimal':
      return <NumberInput {...common} step="any" />;
    case 'money':
      // The API keeps cents; people type yuan.
      return (
        <NumberInput
          {...common}
          step={0.01}
          format={(v: number | null) => (v == null ? null : v / 100)}
          parse={(v: string) => (v === '' || v == null ? null : Math.round(Number(v) * 100))}
        />
      );
    case 'boolean':
      return <BooleanInput {...common} />;
    case 'choice':
      return <SelectInput {...common} choices={choices} emptyText="—" />;
    case 'choices':
      return <SelectArrayInput {...common} choices={choices} />;
    case 'datetime':
      return <DateTimeInput {...common} />;
    case 'image':
      return (
        <ImageUploadInput
          source={source}
          resource={resource}
          label={`resources.${resource}.fields.${source}`}
          disabled={disabled}
          isRequired={def.required}
        />
      );
    case 'reference':
    case 'references':
      return def.sameAs ? (
        <SameAsReference {...{ resource, source, def, disabled }} />
      ) : (
        <ReferencePicker {...{ resource, source, def, disabled }} />
      );
    case 'json':
      if (def.fields) return <JsonObjectInput resource={resource} source={source} def={def} mode={mode} />;
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
      return (
        <TextInput
          {...common}
          multiline={def.multiline}
          minRows={def.multiline ? 2 : undefined}
          type={def.type === 'email' ? 'email' : 'text'}
        />
      );
  }
}

interface PickerProps {
  resource: string;
  source: string;
  def: FieldDef;
  disabled: boolean;
  /** only rows matching this filter are offered */
  filter?: Record<string, unknown>;
}

/** A reference(s) picker; products name their store when two offered have the same name (src/lib/pickers.tsx). */
function ReferencePicker({ source, def, disabled, filter }: PickerProps) {
  if (def.type === 'references') {
    return (
      <ReferenceArrayInput source={source} reference={def.reference!} perPage={200} filter={filter}>
        <ReferenceChoice
          multiple
          reference={def.reference!}
          disabled={disabled}
          fullWidth
          helperText={false}
          filterToQuery={(q: string) => ({ q })}
        />
      </ReferenceArrayInput>
    );
  }
  return (
    <ReferenceInput source={source} reference={def.reference!} perPage={100} filter={filter}>
      <ReferenceChoice
        reference={def.reference!}
        disabled={disabled}
        fullWidth
        isRequired={def.required}
        helperText={false}
        filterToQuery={(q: string) => ({ q })}
      />
    </ReferenceInput>
  );
}

/** The declared `sameAs`: only rows sharing this form's value of another field are offered (the server
 * refuses any other), and none until that field is chosen. */
function SameAsReference(props: PickerProps) {
  const rule = props.def.sameAs!;
  const owner = useWatch({ name: rule.field });
  const column = rule.column ?? rule.field;
  return (
    <ReferencePicker
      {...props}
      disabled={props.disabled || owner == null || owner === ''}
      filter={owner ? { [column]: owner } : {}}
    />
  );
}

/** A declared JSON object (a brand's settings) as a small form: one input per declared key. */
function JsonObjectInput({ resource, source, def, mode }: Omit<Props, 'label' | 'choiceLabel'>) {
  const translate = useTranslate();
  return (
    <Box
      component="fieldset"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, pb: 1, mb: 2, width: '100%' }}
      data-testid={`json-input-${source}`}
    >
      <legend>
        <Typography variant="body2" color="text.secondary" sx={{ px: 0.5 }}>
          {translate(`resources.${resource}.fields.${source}`)}
        </Typography>
      </legend>
      {Object.entries(def.fields ?? {}).map(([k, f]) => (
        <BareInput
          key={k}
          resource={resource}
          source={`${source}.${k}`}
          def={f}
          mode={mode}
          label={subLabel(resource, source, k)}
          choiceLabel={(c) => subChoice(resource, source, k, c)}
        />
      ))}
    </Box>
  );
}

/** An input, shown only while its `when` condition holds. */
export function InputFor(props: Props) {
  const when = props.def.when;
  if (!when) return <BareInput {...props} />;
  return (
    <FormDataConsumer>
      {({ formData }) => (when.values.includes(formData?.[when.field]) ? <BareInput {...props} /> : null)}
    </FormDataConsumer>
  );
}
