// A robot's page: each product's and consumable's days left by the forecast, soonest empty first
// (docs/replenishment.md). Read through the forecast list (scoped, computed before, never on view).
import { useCanAccess, useGetList, useRecordContext, useTranslate } from 'react-admin';
import { Card, CardHeader, Table, TableBody, TableCell, TableRow } from '@mui/material';
import { EmptyInText } from './parts';
import { useFormat } from '../lib/format';

export function RobotDaysLeft() {
  const r = useRecordContext();
  const translate = useTranslate();
  const fmt = useFormat();
  const { canAccess } = useCanAccess({ resource: 'forecast', action: 'list' });
  const { data = [] } = useGetList(
    'forecast',
    { filter: { device: r?._id }, pagination: { page: 1, perPage: 50 }, sort: { field: 'empty_at', order: 'ASC' } },
    { enabled: !!r && !!canAccess },
  );
  if (!r || !canAccess || data.length === 0) return null;
  return (
    <Card variant="outlined" data-testid="device-days-left">
      <CardHeader
        title={translate('resources.forecast.fields.days_left')}
        titleTypographyProps={{ variant: 'subtitle1', component: 'h2' }}
      />
      <Table size="small">
        <TableBody>
          {data.map((f) => (
            <TableRow key={f.id}>
              <TableCell>
                {f.kind === 'consumable' ? translate(`vf.telemetry.metric.${f.metric}`, { _: f.metric }) : f.name}
              </TableCell>
              <TableCell align="right">
                {f.days_left === null ? '—' : translate('vf.forecast.days_left', { days: fmt.number(f.days_left, 1) })}
              </TableCell>
              <TableCell align="right">
                <EmptyInText at={f.empty_at} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}
