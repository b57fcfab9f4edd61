// Fault reports: the generated list (filters, take in hand, resolve with a resolution), with forms and a
// page that also carry the report's photos, which the declaration keeps out of generated forms. A row
// opens the report's page (resolution, handler, photos): a resolved report is no longer edited.
import { Create, Edit, EditButton, Labeled, Show, SimpleForm, SimpleShowLayout, TextField, TopToolbar, useCanAccess, useRecordContext, useTranslate } from 'react-admin';
import report from '../../../resources/report';
import type { FieldDef } from '../../../resources/types';
import { makeList } from '../../generated/screens';
import { FieldFor } from '../../generated/fields';
import { InputFor } from '../../generated/inputs';
import { ActionButtons } from '../../generated/ActionButtons';
import { formValidator } from '../../generated/form';
import { PhotosField, PhotosInput } from './photos';
import { ByVersion, useStaleAwareSave } from '../../generated/StaleEdit';

const label = (field: string) => `resources.report.fields.${field}`;
const editable = Object.entries(report.fields as Record<string, FieldDef>).filter(([, f]) => !f.readOnly && !f.hideInForm);

function ReportCreate() {
  const translate = useTranslate();
  return (
    <Create redirect="list">
      <SimpleForm noValidate validate={formValidator(report, 'create', translate)} sx={{ maxWidth: 640 }}>
        {editable.map(([n, f]) => <InputFor key={n} resource="report" source={n} def={f} mode="create" />)}
        <PhotosInput />
      </SimpleForm>
    </Create>
  );
}

function ReportEdit() {
  const translate = useTranslate();
  const mutationOptions = useStaleAwareSave();
  return (
    <Edit mutationMode="pessimistic" redirect="list" mutationOptions={mutationOptions} actions={<TopToolbar><ActionButtons def={report} /></TopToolbar>}>
      <ByVersion>
        <SimpleForm noValidate validate={formValidator(report, 'edit', translate)} sx={{ maxWidth: 640 }}>
          {editable.map(([n, f]) => <InputFor key={n} resource="report" source={n} def={f} mode="edit" />)}
          <PhotosInput />
        </SimpleForm>
      </ByVersion>
    </Edit>
  );
}

/** A resolved report is closed: the server refuses edits, so no button offers one. */
function EditWhileOpen() {
  const record = useRecordContext();
  return record && record.status !== 'resolved' ? <EditButton /> : null;
}

function ReportShow() {
  // A store account cannot read brands; its report page leaves the brand out rather than show an error.
  const { canAccess: seesBrands } = useCanAccess({ resource: 'integrator', action: 'list' });
  return (
    <Show actions={<TopToolbar><ActionButtons def={report} /><EditWhileOpen /></TopToolbar>}>
      <SimpleShowLayout>
        <TextField source="_id" label={label('_id')} />
        {Object.entries(report.fields)
          .filter(([n]) => n !== 'photos' && (seesBrands || n !== 'integrator'))
          .map(([n, f]) => <FieldFor key={n} resource="report" source={n} def={f} label={label(n)} />)}
        <Labeled label={label('photos')}>
          <PhotosField />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}

export default { list: makeList(report, { rowClick: 'show', editable: (r) => r.status !== 'resolved' }), create: ReportCreate, edit: ReportEdit, show: ReportShow };
