// A webhook endpoint's page: its settings, its actions (send a test event, a new signing secret), the secret of a
// new endpoint shown once, and its delivery log — each attempt with status, HTTP code, duration and error. The
// log is polled while the page is open, since deliveries happen on the server's queue after the action returns.
import { EditButton, Show, SimpleShowLayout, TextField, TopToolbar, useGetList, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import { Card, CardContent, CardHeader, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import webhook from '../../resources/webhook';
import { isSecret } from '../../resources/types';
import { ActionButtons } from '../generated/ActionButtons';
import { FieldFor, choiceKey } from '../generated/fields';
import { OneTimeKeyDialog, useRevealedSecret } from '../generated/OneTimeKeyDialog';
import { readableBy } from '../generated/screens';
import { useFormat } from '../lib/format';

const label = (resource: string, field: string) => `resources.${resource}.fields.${field}`;
/** How often the open page asks for new attempts. */
const POLL_MS = 2000;
const COLUMNS = ['create_time', 'event', 'attempt', 'status', 'http_status', 'duration_ms', 'error'] as const;

function Deliveries() {
  const r = useRecordContext();
  const translate = useTranslate();
  const format = useFormat();
  const { data, isPending } = useGetList(
    'webhook_delivery',
    { filter: { webhook: r?.id }, sort: { field: 'create_time', order: 'DESC' }, pagination: { page: 1, perPage: 25 } },
    { enabled: !!r, refetchInterval: POLL_MS },
  );
  if (!r) return null;
  return (
    <Card variant="outlined" sx={{ m: 2 }}>
      <CardHeader title={translate('vf.webhooks.deliveries')} titleTypographyProps={{ variant: 'subtitle1', component: 'h2' }} />
      <CardContent>
        {!isPending && !data?.length ? (
          <Typography variant="body2" color="text.secondary">
            {translate('vf.webhooks.deliveries_none')}
          </Typography>
        ) : (
          <Table size="small" data-testid="webhook-deliveries">
            <TableHead>
              <TableRow>
                {COLUMNS.map((c) => (
                  <TableCell key={c}>{translate(label('webhook_delivery', c))}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {(data ?? []).map((d) => (
                <TableRow key={d.id} data-status={d.status}>
                  <TableCell>{format.dateTime(d.create_time)}</TableCell>
                  <TableCell>{translate(choiceKey('webhook_delivery', 'event', d.event), { _: d.event })}</TableCell>
                  <TableCell>{d.attempt}</TableCell>
                  <TableCell>
                    <Chip size="small" color={d.status === 'success' ? 'success' : 'error'} label={translate(choiceKey('webhook_delivery', 'status', d.status), { _: d.status })} />
                  </TableCell>
                  <TableCell>{d.http_status ?? '—'}</TableCell>
                  <TableCell>{d.duration_ms}</TableCell>
                  <TableCell sx={{ maxWidth: 280, overflowWrap: 'anywhere' }}>{d.error ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

function RevealedSecret() {
  const r = useRecordContext();
  const [secret, dropSecret] = useRevealedSecret();
  return <OneTimeKeyDialog secret={secret} name={String(r?.url ?? '')} resource="webhook" onClose={dropSecret} />;
}

function WebhookShow() {
  const { permissions } = usePermissions<string[]>();
  return (
    <Show
      actions={
        <TopToolbar>
          <ActionButtons def={webhook} />
          <EditButton />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="_id" label={label('webhook', '_id')} />
        {Object.entries(webhook.fields)
          .filter(([, f]) => !isSecret(f))
          .filter(readableBy(permissions))
          .map(([n, f]) => (
            <FieldFor key={n} resource="webhook" source={n} def={f} label={label('webhook', n)} />
          ))}
      </SimpleShowLayout>
      <Deliveries />
      <RevealedSecret />
    </Show>
  );
}

export default { show: WebhookShow };
