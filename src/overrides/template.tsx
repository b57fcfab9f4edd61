// Product templates: the generated list, and forms whose properties and options are nested lists like the
// product's (a template has the product's shape, without store, robots or stock).
import { Create, Edit, SimpleForm, useTranslate } from 'react-admin';
import { Divider } from '@mui/material';
import template from '../../resources/template';
import { InputFor } from '../generated/inputs';
import { catalogValidator } from '../catalog/validate';
import { PropertiesInput } from '../catalog/PropertiesInput';
import { ByVersion, useStaleAwareSave } from '../generated/StaleEdit';

type Mode = 'create' | 'edit';
const FIELDS = ['integrator', 'code', 'name', 'sub_name', 'price', 'type', 'description', 'image', 'buy_limit', 'warn_stock', 'number', 'hide'] as const;

function TemplateForm({ mode }: { mode: Mode }) {
  const translate = useTranslate();
  return (
    <SimpleForm noValidate validate={catalogValidator(template, mode, translate)} sx={{ maxWidth: 900 }}>
      {FIELDS.map((n) => (
        <InputFor key={n} resource="template" source={n} def={template.fields[n]} mode={mode} />
      ))}
      <Divider flexItem sx={{ my: 1 }} />
      <PropertiesInput />
    </SimpleForm>
  );
}

const TemplateCreate = () => (
  <Create redirect="list">
    <TemplateForm mode="create" />
  </Create>
);
function TemplateEdit() {
  const mutationOptions = useStaleAwareSave();
  return (
    <Edit mutationMode="pessimistic" redirect="list" mutationOptions={mutationOptions}>
      <ByVersion>
        <TemplateForm mode="edit" />
      </ByVersion>
    </Edit>
  );
}

export default { create: TemplateCreate, edit: TemplateEdit };
