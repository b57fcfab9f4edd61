// Product groups: the generated list (publish / withdraw / delete, each after a confirmation) and forms in
// which a group's store is fixed once created (SPEC §8; the server refuses a change too) and its products
// are offered from that store only, kept in the order chosen — the order the robots' menu shows them in.
import { useEffect } from 'react';
import {
  AutocompleteArrayInput,
  BooleanInput,
  Create,
  CreateButton,
  Datagrid,
  DeleteWithConfirmButton,
  Edit,
  EditButton,
  FilterButton,
  List,
  ReferenceArrayInput,
  SearchInput,
  SimpleForm,
  TopToolbar,
  useCanAccess,
  useGetOne,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { TextField } from '@mui/material';
import { useProfile } from '../layout/useProfile';
import group from '../../resources/product_classify';
import { InputFor } from '../generated/inputs';
import { ActionButtons } from '../generated/ActionButtons';
import { FieldFor } from '../generated/fields';
import { formValidator } from '../generated/form';
import { bulkActionsOf } from '../generated/BulkActions';
import { ExportButtons } from '../generated/ExportButtons';
import { SavedQueries } from '../generated/SavedQueries';
import { ByVersion, useStaleAwareSave } from '../generated/StaleEdit';

type Mode = 'create' | 'edit';

function ProductsInput() {
  const dealer = useWatch({ name: 'dealer' });
  return (
    <ReferenceArrayInput source="products" reference="product" perPage={200} filter={dealer ? { dealer } : {}} sort={{ field: 'code', order: 'ASC' }}>
      <AutocompleteArrayInput optionText="name" fullWidth helperText={false} disabled={!dealer} filterToQuery={(q: string) => ({ q })} />
    </ReferenceArrayInput>
  );
}

/** A group's brand is its store's brand: picking the store fills it in (store accounts cannot list brands). */
function BrandOfStore() {
  const dealer = useWatch({ name: 'dealer' });
  const { setValue, getValues } = useFormContext();
  const { data } = useGetOne<{ id: string; integrator: string }>('dealer', { id: dealer }, { enabled: !!dealer });
  useEffect(() => {
    if (data?.integrator && getValues('integrator') !== data.integrator) setValue('integrator', data.integrator, { shouldDirty: true });
  }, [data, getValues, setValue]);
  return null;
}

function BrandInput({ mode }: { mode: Mode }) {
  const translate = useTranslate();
  const profile = useProfile();
  const { canAccess: seesBrands } = useCanAccess({ resource: 'integrator', action: 'list' });
  if (seesBrands) return <InputFor resource="product_classify" source="integrator" def={group.fields.integrator} mode={mode} />;
  return <TextField label={translate('resources.product_classify.fields.integrator')} value={profile?.integrator_name ?? ''} disabled fullWidth variant="filled" margin="dense" />;
}

function GroupForm({ mode }: { mode: Mode }) {
  const translate = useTranslate();
  const profile = useProfile();
  const f = group.fields;
  return (
    <SimpleForm
      noValidate
      validate={formValidator(group, mode, translate)}
      defaultValues={mode === 'create' ? { integrator: profile?.integrator ?? null, dealer: profile?.dealer ?? null } : undefined}
      sx={{ maxWidth: 640 }}
    >
      <InputFor resource="product_classify" source="name" def={f.name} mode={mode} />
      <InputFor resource="product_classify" source="tag" def={f.tag} mode={mode} />
      <InputFor resource="product_classify" source="sortIndex" def={f.sortIndex} mode={mode} />
      <BrandInput mode={mode} />
      <BrandOfStore />
      {/* createOnly here only disables the input on edit; the server's own rule is what refuses a change. */}
      <InputFor resource="product_classify" source="dealer" def={{ ...f.dealer, createOnly: true }} mode={mode} />
      <ProductsInput />
      <InputFor resource="product_classify" source="hide" def={f.hide} mode={mode} />
    </SimpleForm>
  );
}

function GroupCreate() {
  return (
    <Create redirect="list">
      <GroupForm mode="create" />
    </Create>
  );
}

function GroupEdit() {
  const mutationOptions = useStaleAwareSave();
  return (
    <Edit mutationMode="pessimistic" redirect="list" mutationOptions={mutationOptions} actions={<TopToolbar><ActionButtons def={group} /></TopToolbar>}>
      <ByVersion>
        <GroupForm mode="edit" />
      </ByVersion>
    </Edit>
  );
}

const COLUMNS = ['name', 'tag', 'sortIndex', 'integrator', 'dealer', 'hide', 'online', 'create_time'] as const;

/** The generated list, less the brand column for accounts that may not read brands (it could only show errors). */
function GroupList() {
  const translate = useTranslate();
  const { canAccess: seesBrands } = useCanAccess({ resource: 'integrator', action: 'list' });
  const { canAccess: canEdit } = useCanAccess({ resource: 'product_classify', action: 'edit' });
  const { canAccess: canDelete } = useCanAccess({ resource: 'product_classify', action: 'delete' });
  const label = (n: string) => `resources.product_classify.fields.${n}`;
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('ra.action.search')} />,
    <BooleanInput key="online" source="online" label={label('online')} />,
    <BooleanInput key="hide" source="hide" label={label('hide')} />,
  ];
  return (
    <List
      filters={filters}
      sort={group.list.sort}
      perPage={25}
      empty={false}
      actions={
        <TopToolbar>
          <FilterButton />
          <CreateButton />
          <SavedQueries def={group} /><ExportButtons def={group} />
        </TopToolbar>
      }
    >
      <Datagrid rowClick={canEdit ? 'edit' : false} bulkActionButtons={bulkActionsOf(group)}>
        {COLUMNS.filter((n) => n !== 'integrator' || seesBrands).map((n) => (
          <FieldFor key={n} resource="product_classify" source={n} def={group.fields[n]} label={label(n)} />
        ))}
        {canEdit ? <EditButton /> : null}
        <ActionButtons def={group} />
        {canDelete ? <DeleteWithConfirmButton mutationMode="pessimistic" /> : null}
      </Datagrid>
    </List>
  );
}

export default { list: GroupList, create: GroupCreate, edit: GroupEdit };
