// The operation log in the reader's language: what was changed (a resource, a declared action or the service's
// own write, by which kind of account) and the record's page's before/after comparison: the pieces of the
// log's named parts (./plug.tsx), asked for by resources/log.ts.
import { useRecordContext, useTranslate } from 'react-admin';
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';

type Translate = (key: string, options?: Record<string, unknown>) => string;
type Row = Record<string, unknown>;

// A declared resource, field or action has its label with its resource (i18n/resources/); the service's own
// writes have theirs in vf.service.log and vf.oplog (what only the log names: a robot's order steps, a saved
// filter). tests/unit/declarations.test.ts holds every writeLog call's action and fields to one of them.
export const resourceName = (t: Translate, r: unknown) =>
  r ? t(`resources.${r}.name`, { smart_count: 1, _: t(`vf.oplog.resource.${r}`, { _: String(r) }) }) : '';
export const actionName = (t: Translate, resource: unknown, action: unknown) =>
  action
    ? t(`resources.${resource}.actions.${action}`, {
        _: t(`vf.service.log.action.${action}`, { _: t(`vf.oplog.action.${action}`, { _: String(action) }) }),
      })
    : '';
export const fieldName = (t: Translate, resource: unknown, field: string) =>
  t(`resources.${resource}.fields.${field}`, { _: t(`vf.oplog.field.${resource}.${field}`, { _: field }) });
export const accountTypeName = (t: Translate, v: unknown) =>
  v === 'DEVICE'
    ? t('vf.service.log.device')
    : v
      ? t(`resources.user.choices.account_type.${v}`, { _: String(v) })
      : '';

const shown = (v: unknown) =>
  v === undefined ? '' : v === null ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);
/** A value as the reader knows it: a choice's code (an order's status) in words, anything else as written. */
const worded = (t: Translate, resource: unknown, field: string, v: unknown) =>
  typeof v === 'string' && /^\w{1,40}$/.test(v) ? t(`resources.${resource}.choices.${field}.${v}`, { _: v }) : shown(v);

/** Before and after side by side, field by field; changed values stand out. */
export function LogChanges() {
  const t = useTranslate();
  const record = useRecordContext();
  if (!record) return null;
  const before = (record.before ?? {}) as Row;
  const after = (record.after ?? {}) as Row;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  if (keys.length === 0) return <Typography variant="body2">{t('vf.service.log.none')}</Typography>;
  return (
    <Table size="small" data-testid="log-changes" sx={{ maxWidth: 960 }}>
      <TableHead>
        <TableRow>
          <TableCell>{t('vf.service.log.field')}</TableCell>
          <TableCell>{t('resources.log.fields.before')}</TableCell>
          <TableCell>{t('resources.log.fields.after')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {keys.map((k) => {
          const changed = record.before && record.after && shown(before[k]) !== shown(after[k]);
          return (
            <TableRow key={k} sx={changed ? { bgcolor: 'warning.light' } : undefined}>
              <TableCell>{fieldName(t, record.resource, k)}</TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{worded(t, record.resource, k, before[k])}</TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{worded(t, record.resource, k, after[k])}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
