// Approve or reject a refund on the approval page (refund_approve): approving asks first, naming the amount
// and the order; rejecting needs a reject reason. Each is offered in the states the refund's state machine
// allows it from (resources/orderStates.ts), which the server refuses by too, as it refuses the permission.
import { useState } from 'react';
import {
  Confirm,
  useCanAccess,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import {
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Tooltip,
} from '@mui/material';
import ThumbUpAlt from '@mui/icons-material/ThumbUpAlt';
import ThumbDownAlt from '@mui/icons-material/ThumbDownAlt';
import type { VendFleetDataProvider } from '../providers/dataProvider';
import { useFormat } from '../lib/format';
import { ReasonField } from './ReasonField';
import { REFUND_TRANSITIONS } from '../../resources/orderStates';
import { refusalOf } from '../../resources/types';

function useDecide() {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<VendFleetDataProvider>();
  const [busy, setBusy] = useState(false);
  const decide = async (name: 'approve' | 'reject', body: Record<string, unknown> = {}) => {
    setBusy(true);
    try {
      const saved = await dataProvider.action<Record<string, unknown>>('refund', name, { ...body, _id: record!._id });
      const status = String(saved.status);
      if (name === 'approve') {
        notify('vf.orders.approval.approved', {
          type: status === 'SUCCESS' ? 'success' : 'warning',
          messageArgs: { status: translate(`resources.refund.choices.status.${status}`, { _: status }) },
        });
      } else notify('vf.orders.approval.rejected', { type: 'info' });
      refresh();
      return true;
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { record, translate, busy, decide };
}

/** A decision as a row's compact icon, its name in a tooltip and for assistive technology (one line tall in a
 * row, seen on a phone's card where react-admin's Button would draw a bare icon). */
function Decision({
  label,
  onClick,
  disabled,
  color,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  color: 'primary' | 'error';
  children: React.ReactNode;
}) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" aria-label={label} onClick={onClick} disabled={disabled} color={color}>
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

export function ApproveRefundButton() {
  const { record, translate, busy, decide } = useDecide();
  const { canAccess } = useCanAccess({ resource: 'refund', action: 'approve' });
  const [open, setOpen] = useState(false);
  const fmt = useFormat();
  if (!record || !canAccess || refusalOf(REFUND_TRANSITIONS.approve.from, record)) return null;
  return (
    <>
      <Decision
        label={translate('resources.refund.actions.approve')}
        onClick={() => setOpen(true)}
        disabled={busy}
        color="primary"
      >
        <ThumbUpAlt fontSize="small" />
      </Decision>
      <Confirm
        isOpen={open}
        loading={busy}
        title={translate('resources.refund.actions.approve')}
        content={translate('vf.orders.approval.confirm', { amount: fmt.money(record.amount), id: record.order })}
        onConfirm={async () => {
          if (await decide('approve')) setOpen(false);
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

export function RejectRefundButton() {
  const { record, translate, busy, decide } = useDecide();
  const { canAccess } = useCanAccess({ resource: 'refund', action: 'reject' });
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!record || !canAccess || refusalOf(REFUND_TRANSITIONS.reject.from, record)) return null;
  const label = translate('vf.orders.approval.reject_reason');
  const submit = async () => {
    if (!reason.trim()) return setError(translate('vf.validation.required', { field: label }));
    if (await decide('reject', { reason: reason.trim() })) setOpen(false);
  };
  return (
    <>
      <Decision
        label={translate('resources.refund.actions.reject')}
        onClick={() => {
          setReason('');
          setError(null);
          setOpen(true);
        }}
        color="error"
      >
        <ThumbDownAlt fontSize="small" />
      </Decision>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="reject-title">
        <DialogTitle id="reject-title">
          {translate('vf.orders.approval.reject_title', { id: record.order })}
        </DialogTitle>
        <DialogContent>
          <ReasonField
            label={label}
            name="reject_reason"
            value={reason}
            error={error}
            onChange={(v) => {
              setReason(v);
              setError(null);
            }}
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>{translate('vf.orders.refund.cancel')}</MuiButton>
          <MuiButton onClick={submit} disabled={busy} variant="contained" color="error">
            {translate('resources.refund.actions.reject')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** Both decisions, side by side in a list row. */
export function RefundDecision() {
  return (
    <span onClick={(e) => e.stopPropagation()} style={{ whiteSpace: 'nowrap' }}>
      <ApproveRefundButton />
      <RejectRefundButton />
    </span>
  );
}
