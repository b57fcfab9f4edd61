// The operation log in the reader's language: what was changed (a resource, a declared action or the service's
// own write, by which kind of account) and the record's page's before/after comparison. Named parts of the
// registry (src/generated/registry.tsx), asked for by resources/log.ts.
import { useRecordContext, useTranslate } from 'react-admin';
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';

type Translate = (key: string, options?: Record<string, unknown>) => string;
type Row = Record<string, unknown>;

export const resourceName = (t: Translate, r: unknown) => (r ? t(`resources.${r}.name`, { smart_count: 1, _: String(r) }) : '');
/** A declared action has its label with its resource; the service's own writes have theirs in vf.service.log. */
export const actionName = (t: Translate, resource: unknown, action: unknown) =>
  action ? t(`resources.${resource}.actions.${action}`, { _: t(`vf.service.log.action.${action}`, { _: String(action) }) }) : '';
export const accountTypeName = (t: Translate, v: unknown) =>
  v === 'DEVICE' ? t('vf.service.log.device') : v ? t(`resources.user.choices.account_type.${v}`, { _: String(v) }) : '';

const shown = (v: unknown) => (v === undefined ? '' : v === null ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

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
