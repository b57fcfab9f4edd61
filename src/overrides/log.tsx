// The operation log, read only (no create, edit or delete anywhere: the server offers none and the
// database refuses them). The generated screens would show the action, the resource and before/after as
// raw codes and JSON; here they read in the user's language, and a record's page lays out what changed.
import {
  AutocompleteInput,
  Datagrid,
  ExportButton,
  FilterButton,
  FunctionField,
  Labeled,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TextInput,
  TopToolbar,
  useCanAccess,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { DateTimeInput } from '../generated/DateTimeInput';
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import log from '../../resources/log';
import { resources } from '../../resources';
import { FieldFor } from '../generated/fields';
import { ListPagination } from '../generated/screens';

type Translate = (key: string, options?: Record<string, unknown>) => string;
type Row = Record<string, unknown>;
const f = (name: string) => `resources.log.fields.${name}`;

const resourceName = (t: Translate, r: unknown) => (r ? t(`resources.${r}.name`, { smart_count: 1, _: String(r) }) : '');
/** A declared action has its label with its resource; the service's own writes have theirs here. */
const actionName = (t: Translate, resource: unknown, action: unknown) =>
  t(`resources.${resource}.actions.${action}`, { _: t(`vf.service.log.action.${action}`, { _: String(action) }) });
const accountType = (t: Translate, v: unknown) =>
  v === 'DEVICE' ? t('vf.service.log.device') : v ? t(`resources.user.choices.account_type.${v}`, { _: String(v) }) : '';

function LogList() {
  const t = useTranslate();
  // Brand and store filters only for accounts that may list them (a brand's own logs are already its own).
  const { canAccess: seesBrands } = useCanAccess({ resource: 'integrator', action: 'list' });
  const { canAccess: seesStores } = useCanAccess({ resource: 'dealer', action: 'list' });
  const tenantFilters = [
    ...(seesBrands
      ? [<ReferenceInput key="integrator" source="integrator" reference="integrator" perPage={50}><AutocompleteInput label={f('integrator')} optionText="name" filterToQuery={(q: string) => ({ q })} /></ReferenceInput>]
      : []),
    ...(seesStores
      ? [<ReferenceInput key="dealer" source="dealer" reference="dealer" perPage={50}><AutocompleteInput label={f('dealer')} optionText="name" filterToQuery={(q: string) => ({ q })} /></ReferenceInput>]
      : []),
  ];
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={t('ra.action.search')} />,
    <SelectInput key="resource" source="resource" label={f('resource')} alwaysOn choices={resources.map((r) => ({ id: r.name, name: resourceName(t, r.name) }))} />,
    <TextInput key="operator" source="operator" label={f('operator')} />,
    <TextInput key="action" source="action" label={f('action')} />,
    <TextInput key="record" source="record" label={f('record')} />,
    <TextInput key="ip" source="ip" label={f('ip')} />,
    <DateTimeInput key="from" source="time_gte" label={`${t(f('time'))} ≥`} />,
    <DateTimeInput key="to" source="time_lte" label={`${t(f('time'))} ≤`} />,
    ...tenantFilters,
  ];
  return (
    <List filters={filters} sort={log.list.sort} perPage={20} pagination={<ListPagination />} empty={false} actions={<TopToolbar><FilterButton /><ExportButton /></TopToolbar>}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <FieldFor resource="log" source="time" def={log.fields.time} label={f('time')} />
        <TextField source="operator" label={f('operator')} />
        <FunctionField source="account_type" label={f('account_type')} render={(r: Row) => accountType(t, r.account_type)} />
        <FunctionField source="action" label={f('action')} render={(r: Row) => actionName(t, r.resource, r.action)} />
        <FunctionField source="resource" label={f('resource')} render={(r: Row) => resourceName(t, r.resource)} />
        <TextField source="record" label={f('record')} />
        <TextField source="ip" label={f('ip')} />
      </Datagrid>
    </List>
  );
}

const shown = (v: unknown) => (v === undefined ? '' : v === null ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** Before and after side by side, field by field; changed values stand out. */
function Changes() {
  const t = useTranslate();
  const record = useRecordContext();
  if (!record) return null;
  const before = (record.before ?? {}) as Row;
  const after = (record.after ?? {}) as Row;
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (keys.length === 0) return <Typography variant="body2">{t('vf.service.log.none')}</Typography>;
  return (
    <Table size="small" data-testid="log-changes" sx={{ maxWidth: 960 }}>
      <TableHead>
        <TableRow>
          <TableCell>{t('vf.service.log.field')}</TableCell>
          <TableCell>{t(f('before'))}</TableCell>
          <TableCell>{t(f('after'))}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {keys.map((k) => {
          const changed = record.before && record.after && shown(before[k]) !== shown(after[k]);
          return (
            <TableRow key={k} sx={changed ? { bgcolor: 'warning.light' } : undefined}>
              <TableCell>{t(`resources.${record.resource}.fields.${k}`, { _: k })}</TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{shown(before[k])}</TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{shown(after[k])}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

function LogShow() {
  const t = useTranslate();
  return (
    <Show actions={false}>
      <SimpleShowLayout>
        <FieldFor resource="log" source="time" def={log.fields.time} label={f('time')} />
        <TextField source="operator" label={f('operator')} />
        <FunctionField source="account_type" label={f('account_type')} render={(r: Row) => accountType(t, r.account_type)} />
        <FunctionField source="action" label={f('action')} render={(r: Row) => actionName(t, r.resource, r.action)} />
        <FunctionField source="resource" label={f('resource')} render={(r: Row) => resourceName(t, r.resource)} />
        <TextField source="record" label={f('record')} />
        <TextField source="ip" label={f('ip')} />
        <Labeled label="vf.service.log.changes" fullWidth>
          <Changes />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}

export default { list: LogList, show: LogShow };
