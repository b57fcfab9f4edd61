// Products: the generated screens, plus what a declaration cannot say — properties and options edited as
// nested lists, a template import (after a confirmation) in the form, and robots offered from the product's
// own store only.
import {
  AutocompleteArrayInput,
  Create,
  ReferenceArrayInput,
  SimpleForm,
  TopToolbar,
  Edit,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Divider } from '@mui/material';
import product, { checkProperties } from '../../resources/product';
import { InputFor } from '../generated/inputs';
import { ActionButtons } from '../generated/ActionButtons';
import { dropHidden, formValidator } from '../generated/form';
import { makeList } from '../generated/screens';
import { PropertiesInput } from '../catalog/PropertiesInput';
import { TemplateImport } from '../catalog/TemplateImport';

type Mode = 'create' | 'edit';
type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The shared field rules, then the nested properties as the server checks them (same message). */
function validator(mode: Mode, translate: Translate) {
  const fields = formValidator(product, mode, translate);
  return (values: Record<string, unknown>) => {
    const errors: Record<string, unknown> = fields(values);
    const { error } = checkProperties(values.properties);
    if (error) errors.properties = translate(error.key, error.args);
    return errors;
  };
}

/** Robots of the product's store only (the server refuses others). */
function DevicesInput({ mode }: { mode: Mode }) {
  const dealer = useWatch({ name: 'dealer' });
  return (
    <ReferenceArrayInput source="devices" reference="device" perPage={200} filter={dealer ? { dealer } : {}}>
      <AutocompleteArrayInput optionText="name" fullWidth helperText={false} disabled={mode === 'create' && !dealer} filterToQuery={(q: string) => ({ q })} />
    </ReferenceArrayInput>
  );
}

const SHAPE_FIELDS = ['code', 'name', 'sub_name', 'price', 'type', 'description', 'image', 'buy_limit', 'warn_stock', 'number', 'hide'] as const;

function ProductForm({ mode }: { mode: Mode }) {
  const translate = useTranslate();
  const f = product.fields;
  return (
    <SimpleForm noValidate validate={validator(mode, translate)} sx={{ maxWidth: 900 }}>
      <InputFor resource="product" source="dealer" def={f.dealer} mode={mode} />
      <TemplateImport />
      {SHAPE_FIELDS.map((n) => (
        <InputFor key={n} resource="product" source={n} def={f[n]} mode={mode} />
      ))}
      {mode === 'create' ? <InputFor resource="product" source="stock" def={f.stock} mode={mode} /> : null}
      <DevicesInput mode={mode} />
      <Divider flexItem sx={{ my: 1 }} />
      <PropertiesInput />
    </SimpleForm>
  );
}

const transform = (data: Record<string, unknown>) => dropHidden(product, data);

function ProductCreate() {
  return (
    <Create redirect="list" transform={transform}>
      <ProductForm mode="create" />
    </Create>
  );
}

function ProductEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list" transform={transform} actions={<TopToolbar><ActionButtons def={product} /></TopToolbar>}>
      <ProductForm mode="edit" />
    </Edit>
  );
}

export default { list: makeList(product), create: ProductCreate, edit: ProductEdit };
