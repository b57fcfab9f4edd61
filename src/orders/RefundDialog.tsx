// Requesting a refund from the order page: an amount up to what was paid and a reason (required), then
// either "request" (someone with refund_approve decides later) or "refund now" (request and approve in one
// click, only offered to accounts that may approve). Offered in the states the order's state machine allows a
// refund from (resources/orderStates.ts: paid, never refunded). The server enforces all of it; this only asks.
import { useState } from 'react';
import {
  Button,
  useCanAccess,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { Button as MuiButton, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import CurrencyExchange from '@mui/icons-material/CurrencyExchange';
import type { VendFleetDataProvider } from '../providers/dataProvider';
import { centsFromYuan, yuan } from '../lib/format';
import { ReasonField } from './ReasonField';
import { ORDER_TRANSITIONS } from '../../resources/orderStates';
import { refusalOf } from '../../resources/types';

/** What a refund may give back at most: the real amount paid, never more than the order amount. */
export function paidOf(order: Record<string, unknown>): number {
  const pay = order.pay as { real_amount?: number; amount?: number } | null;
  const real = pay?.real_amount ?? pay?.amount;
  return typeof real === 'number' ? Math.min(real, Number(order.amount)) : Number(order.amount);
}

export function RefundButton() {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<VendFleetDataProvider>();
  const { canAccess: mayRequest } = useCanAccess({ resource: 'order', action: 'refund' });
  const { canAccess: mayApprove } = useCanAccess({ resource: 'refund', action: 'approve' });
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [busy, setBusy] = useState(false);
  if (!record || !mayRequest || refusalOf(ORDER_TRANSITIONS.refund.from, record)) return null;
  const max = paidOf(record);

  const submit = async (approve: boolean) => {
    const cents = centsFromYuan(amount);
    const next: typeof errors = {};
    if (cents === null || cents < 1 || cents > max)
      next.amount = translate('vf.orders.refund.amount_hint', { max: yuan(max) });
    if (!reason.trim())
      next.reason = translate('vf.validation.required', { field: translate('resources.order.fields.reason') });
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      const order = await dataProvider.action<Record<string, unknown>>('order', 'refund', {
        _id: record._id,
        amount: cents,
        reason: reason.trim(),
        approve,
      });
      const status = (order.refund_status as string) ?? 'CREATED';
      notify(approve ? 'vf.orders.refund.done' : 'vf.orders.refund.requested', {
        type: status === 'CHANGE' ? 'warning' : 'success',
        messageArgs: { status: translate(`resources.refund.choices.status.${status}`, { _: status }) },
      });
      setOpen(false);
      refresh();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        label={translate('resources.order.actions.refund')}
        onClick={() => {
          setAmount(yuan(max));
          setReason('');
          setErrors({});
          setOpen(true);
        }}
      >
        <CurrencyExchange />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="refund-title">
        <DialogTitle id="refund-title">{translate('vf.orders.refund.title', { id: record._id })}</DialogTitle>
        <DialogContent>
          <TextField
            label={translate('vf.orders.refund.amount')}
            name="amount"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={!!errors.amount}
            helperText={errors.amount ?? translate('vf.orders.refund.amount_hint', { max: yuan(max) })}
            slotProps={{ htmlInput: { inputMode: 'decimal' }, inputLabel: { shrink: true } }}
            fullWidth
            margin="normal"
          />
          <ReasonField
            label={translate('resources.order.fields.reason')}
            name="reason"
            value={reason}
            error={errors.reason}
            onChange={(v) => {
              setReason(v);
              setErrors((x) => ({ ...x, reason: undefined }));
            }}
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>{translate('vf.orders.refund.cancel')}</MuiButton>
          <MuiButton onClick={() => submit(false)} disabled={busy} variant="outlined">
            {translate('vf.orders.refund.request')}
          </MuiButton>
          {mayApprove ? (
            <MuiButton onClick={() => submit(true)} disabled={busy} variant="contained">
              {translate('vf.orders.refund.request_approve')}
            </MuiButton>
          ) : null}
        </DialogActions>
      </Dialog>
    </>
  );
}
