// Product groups: the generated list (publish / withdraw / delete, each after a confirmation) and forms in
// which a group's store is fixed once created (SPEC §8; the server refuses a change too) and its products
// are offered from that store only, kept in the order chosen — the order the robots' menu shows them in.
import { AutocompleteArrayInput, Create, Edit, ReferenceArrayInput, SimpleForm, TopToolbar, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import group from '../../resources/product_classify';
import { InputFor } from '../generated/inputs';
import { ActionButtons } from '../generated/ActionButtons';
import { formValidator } from '../generated/form';

type Mode = 'create' | 'edit';

function ProductsInput() {
  const dealer = useWatch({ name: 'dealer' });
  return (
    <ReferenceArrayInput source="products" reference="product" perPage={200} filter={dealer ? { dealer } : {}} sort={{ field: 'code', order: 'ASC' }}>
      <AutocompleteArrayInput optionText="name" fullWidth helperText={false} disabled={!dealer} filterToQuery={(q: string) => ({ q })} />
    </ReferenceArrayInput>
  );
}

function GroupForm({ mode }: { mode: Mode }) {
  const translate = useTranslate();
  const f = group.fields;
  return (
    <SimpleForm noValidate validate={formValidator(group, mode, translate)} sx={{ maxWidth: 640 }}>
      <InputFor resource="product_classify" source="name" def={f.name} mode={mode} />
      <InputFor resource="product_classify" source="tag" def={f.tag} mode={mode} />
      <InputFor resource="product_classify" source="sortIndex" def={f.sortIndex} mode={mode} />
      <InputFor resource="product_classify" source="integrator" def={f.integrator} mode={mode} />
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
  return (
    <Edit mutationMode="pessimistic" redirect="list" actions={<TopToolbar><ActionButtons def={group} /></TopToolbar>}>
      <GroupForm mode="edit" />
    </Edit>
  );
}

export default { create: GroupCreate, edit: GroupEdit };
