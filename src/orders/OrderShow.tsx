// The order page: every field of the order, its items, the making flow per item as a timeline, the pay
// details and hand changes of the pay status, the profit share and the refund, with the refund and
// pay-status actions.
import { ListButton, Show, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { Box, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import order from '../../resources/order';
import { ActionButton } from '../declared/ActionButtons';
import { Pairs, Section, StatusChip, useDateTime, useMoney } from './parts';
import { RefundButton } from './RefundDialog';
import { codeWord, ReferenceName } from '../declared/fields';

type Row = Record<string, unknown>;
interface Item {
  item: number;
  code: string;
  name: string;
  price: number;
  quantity: number;
  options?: Array<{ name: string; price: number }>;
  work_status: string;
  end_type?: string | null;
  end_msg?: string | null;
}
interface FlowEvent {
  item: number;
  work_status: string;
  time: string;
  end_type?: string;
  end_msg?: string;
}

const of = <T,>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
const of_ = (n: string) => `resources.order.fields.${n}`;
const WORK_COLOR: Record<string, string> = {
  WAIT: 'grey.500',
  START: 'info.main',
  DONE: 'primary.main',
  END: 'success.main',
  FAILD: 'error.main',
};

/** How a robot says an item's making ended (NORMAL, MACHINE), in words where known. */
const endWord = (translate: (k: string, o?: object) => string, v: string | null | undefined) =>
  codeWord(translate, 'order', 'end_type', v);

/** A payment channel (WECHAT, ALIPAY, any other a robot sends) in words. */
const payWord = (translate: (k: string, o?: object) => string, v: unknown) =>
  codeWord(translate, 'order', 'pay_type', v);

function Basics({ r }: { r: Row }) {
  const translate = useTranslate();
  const money = useMoney();
  const dt = useDateTime();
  const t = (n: string) => translate(of_(n));
  // a code the robot sent, in words where it is a known one
  const word = (n: string) => codeWord(translate, 'order', n, r[n]);
  return (
    <Section title={translate('vf.orders.page.basics')} testId="order-basics">
      <Pairs
        items={[
          [t('_id'), String(r._id)],
          [t('create_time'), dt(r.create_time)],
          [t('channel'), <StatusChip resource="order" field="channel" value={r.channel} />],
          [
            t('status'),
            <StatusChip
              resource="order"
              field="status"
              value={r.status}
              color={r.status === 'CLOSE' ? 'success' : r.status === 'FAILD' ? 'error' : 'default'}
            />,
          ],
          [
            t('pay_status'),
            <StatusChip
              resource="order"
              field="pay_status"
              value={r.pay_status}
              color={r.pay_status === 'PAID' ? 'success' : r.pay_status === 'PAYERROR' ? 'error' : 'default'}
            />,
          ],
          [t('pay_time'), dt(r.pay_time)],
          [t('pay_type'), word('pay_type')],
          [t('work_status'), <StatusChip resource="order" field="work_status" value={r.work_status} />],
          [t('amount'), money(r.amount as number)],
          [t('quantity'), String(r.quantity ?? '')],
          [t('pickup_point'), r.pickup_point as string],
          [t('pickup_code'), r.pickup_code as string],
          [t('device_name'), r.device_name as string],
          [t('device_type'), <StatusChip resource="order" field="device_type" value={r.device_type} />],
          [t('dealer'), <ReferenceName source="dealer" reference="dealer" />],
          [t('integrator'), <ReferenceName source="integrator" reference="integrator" />],
          [t('end_type'), word('end_type')],
          [t('end_msg'), r.end_msg as string],
          [t('close_time'), dt(r.close_time)],
          [t('close_reason'), r.close_reason as string],
          [t('forward'), translate(r.forward ? 'ra.boolean.true' : 'ra.boolean.false')],
          [t('forward_from'), r.forward_from as string],
        ]}
      />
    </Section>
  );
}

function Items({ items }: { items: Item[] }) {
  const translate = useTranslate();
  const money = useMoney();
  const p = (k: string) => translate(`vf.orders.page.${k}`);
  return (
    <Section title={p('items')} testId="order-items">
      {/* a region that scrolls sideways is reached with Tab, to scroll it with the arrow keys (WCAG 2.1.1) */}
      <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={p('items')}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{p('item_no')}</TableCell>
              <TableCell>{p('code')}</TableCell>
              <TableCell>{p('product')}</TableCell>
              <TableCell>{p('options')}</TableCell>
              <TableCell align="right">{p('unit_price')}</TableCell>
              <TableCell align="right">{translate(of_('quantity'))}</TableCell>
              <TableCell align="right">{p('subtotal')}</TableCell>
              <TableCell>{translate(of_('work_status'))}</TableCell>
              <TableCell>{translate(of_('end_msg'))}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((it) => (
              <TableRow key={it.item}>
                <TableCell>{it.item}</TableCell>
                <TableCell>{it.code}</TableCell>
                <TableCell>{it.name}</TableCell>
                <TableCell>
                  {(it.options ?? []).map((o) => (o.price ? `${o.name} (+${money(o.price)})` : o.name)).join(', ') ||
                    '—'}
                </TableCell>
                <TableCell align="right">{money(it.price)}</TableCell>
                <TableCell align="right">{it.quantity}</TableCell>
                <TableCell align="right">{money(it.price * it.quantity)}</TableCell>
                <TableCell>
                  <StatusChip resource="order" field="work_status" value={it.work_status} />
                </TableCell>
                <TableCell>{[endWord(translate, it.end_type), it.end_msg].filter(Boolean).join(': ') || '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Section>
  );
}

/** The making flow as a vertical timeline, oldest first; each event names its item. */
function Timeline({ flow }: { flow: FlowEvent[] }) {
  const translate = useTranslate();
  const dt = useDateTime();
  const events = [...flow].sort((a, b) => a.time.localeCompare(b.time) || a.item - b.item);
  return (
    <Section title={translate('vf.orders.page.timeline')} testId="order-flow">
      {events.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('vf.orders.page.no_flow')}
        </Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {events.map((ev, i) => (
            <Box
              component="li"
              key={i}
              sx={{ display: 'flex', gap: 1.5, position: 'relative', pb: i === events.length - 1 ? 0 : 2 }}
            >
              <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
                <Box
                  sx={{
                    width: 12,
                    height: 12,
                    borderRadius: '50%',
                    bgcolor: WORK_COLOR[ev.work_status] ?? 'grey.500',
                    mt: 0.5,
                  }}
                />
                {i === events.length - 1 ? null : <Box sx={{ flex: 1, width: 2, bgcolor: 'divider', mt: 0.5 }} />}
              </Box>
              <Box>
                <Typography variant="body2">
                  {translate('vf.orders.page.item_event', {
                    item: ev.item,
                    status: translate(`resources.order.choices.work_status.${ev.work_status}`, { _: ev.work_status }),
                  })}
                  {ev.end_type || ev.end_msg
                    ? ` — ${[endWord(translate, ev.end_type), ev.end_msg].filter(Boolean).join(': ')}`
                    : ''}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {dt(ev.time)}
                </Typography>
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Section>
  );
}

function PayDetails({ r }: { r: Row }) {
  const translate = useTranslate();
  const money = useMoney();
  const dt = useDateTime();
  const p = (k: string) => translate(`vf.orders.page.${k}`);
  const pay = of<Record<string, unknown> | null>(r.pay);
  const history =
    of<Array<{ from: string; to: string; operator: string; reason: string; time: string }> | null>(r.pay_history) ?? [];
  const ps = (v: string) => translate(`resources.order.choices.pay_status.${v}`, { _: v });
  return (
    <Section title={p('pay_details')} testId="order-pay">
      {pay ? (
        <Pairs
          items={[
            [p('transaction_id'), pay.transaction_id as string],
            [p('trade_type'), pay.trade_type as string],
            [p('state'), pay.state as string],
            [p('result'), pay.result as string],
            [p('bank_type'), pay.bank_type as string],
            [translate(of_('amount')), money(pay.amount as number)],
            [p('real_amount'), money(pay.real_amount as number)],
            [p('account'), [pay.account, payWord(translate, pay.account_type)].filter(Boolean).join(' · ')],
          ]}
        />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {p('no_pay')}
        </Typography>
      )}
      {history.length ? (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2">{p('pay_history')}</Typography>
          {history.map((h, i) => (
            <Typography key={i} variant="body2">
              {dt(h.time)} ·{' '}
              {translate('vf.orders.page.pay_change', {
                from: ps(h.from),
                to: ps(h.to),
                operator: h.operator,
                reason: h.reason,
              })}
            </Typography>
          ))}
        </Box>
      ) : null}
    </Section>
  );
}

function ProfitShare({ share }: { share: Row | null }) {
  const translate = useTranslate();
  const money = useMoney();
  const dt = useDateTime();
  const p = (k: string) => translate(`vf.orders.page.${k}`);
  const detail = share ? (of<Array<{ receiver: string; type: string; amount: number }>>(share.detail) ?? []) : [];
  return (
    <Section title={p('profit_share')} testId="order-share">
      {share ? (
        <>
          <Pairs
            items={[
              [p('share_id'), String(share._id)],
              [p('share_status'), p(share.status === 'success' ? 'share_success' : 'share_failed')],
              [p('share_time'), dt(share.time)],
              [p('share_amount'), money(share.amount as number)],
            ]}
          />
          <Table size="small" sx={{ mt: 1 }}>
            <TableHead>
              <TableRow>
                <TableCell>{p('receiver')}</TableCell>
                <TableCell>{p('receiver_type')}</TableCell>
                <TableCell align="right">{p('share_amount')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {detail.map((d, i) => (
                <TableRow key={i}>
                  <TableCell>{d.receiver}</TableCell>
                  <TableCell>{translate(`vf.orders.page.receiver_${d.type}`, { _: d.type })}</TableCell>
                  <TableCell align="right">{money(d.amount)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {p('no_share')}
        </Typography>
      )}
    </Section>
  );
}

export function RefundSection({ refund }: { refund: Row | null }) {
  const translate = useTranslate();
  const money = useMoney();
  const dt = useDateTime();
  const t = (n: string) => translate(`resources.refund.fields.${n}`);
  return (
    <Section title={translate('vf.orders.page.refund')} testId="order-refund">
      {refund ? (
        <Pairs
          items={[
            [t('_id'), String(refund._id)],
            [
              t('status'),
              <StatusChip
                resource="refund"
                field="status"
                value={refund.status}
                color={
                  refund.status === 'SUCCESS'
                    ? 'success'
                    : refund.status === 'CHANGE'
                      ? 'error'
                      : refund.status === 'CREATED'
                        ? 'warning'
                        : 'default'
                }
              />,
            ],
            [t('request_time'), dt(refund.request_time)],
            [t('refund_time'), dt(refund.refund_time)],
            [t('amount'), money(refund.amount as number)],
            [t('real_amount'), money(refund.real_amount as number)],
            [t('channel_id'), refund.channel_id as string],
            [t('channel'), payWord(translate, refund.channel)],
            [t('account'), refund.account as string],
            [t('account_type'), payWord(translate, refund.account_type)],
            [t('funds_source'), refund.funds_source as string],
            [t('source'), refund.source as string],
            [t('reason'), refund.reason as string],
            [t('reject_reason'), refund.reject_reason as string],
            [t('requester'), refund.requester as string],
            [t('operator'), refund.operator as string],
            [t('error'), refund.error as string],
          ]}
        />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('vf.orders.page.no_refund')}
        </Typography>
      )}
    </Section>
  );
}

function OrderPage() {
  const r = useRecordContext();
  if (!r) return null;
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Basics r={r} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' }, alignItems: 'start' }}>
        <Items items={of<Item[]>(r.products) ?? []} />
        <Timeline flow={of<FlowEvent[]>(r.flow) ?? []} />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <PayDetails r={r} />
        <ProfitShare share={(r.profit_share as Row | null) ?? null} />
      </Box>
      <RefundSection refund={(r.refund as Row | null) ?? null} />
    </Stack>
  );
}

function Actions() {
  return (
    <TopToolbar>
      <ListButton />
      <RefundButton />
      <ActionButton def={order} name="pay_status" action={order.actions.pay_status} />
    </TopToolbar>
  );
}

export function OrderShow() {
  return (
    <Show actions={<Actions />} component="div">
      <OrderPage />
    </Show>
  );
}
