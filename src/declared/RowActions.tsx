// What a list row offers (edit, the declaration's actions, delete) as one line of small icons, each named by
// its tooltip and accessible label: stacked text buttons made every row three lines tall, so a robot list
// showed a handful of robots at 1366×800 and the labels of the longer languages were cut off.
import { useState, type ComponentType, type MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  Confirm,
  useCreatePath,
  useDeleteController,
  useNotify,
  useRecordContext,
  useResourceContext,
  useTranslate,
  useCanAccess,
} from 'react-admin';
import { Box, IconButton, Tooltip } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import Bolt from '@mui/icons-material/Bolt';
import LinkOff from '@mui/icons-material/LinkOff';
import VpnKey from '@mui/icons-material/VpnKey';
import Lock from '@mui/icons-material/Lock';
import LockOpen from '@mui/icons-material/LockOpen';
import Block from '@mui/icons-material/Block';
import Replay from '@mui/icons-material/Replay';
import Publish from '@mui/icons-material/Publish';
import Unpublished from '@mui/icons-material/Unpublished';
import Sell from '@mui/icons-material/Sell';
import MarkEmailRead from '@mui/icons-material/MarkEmailRead';
import Inventory from '@mui/icons-material/Inventory';
import AddBox from '@mui/icons-material/AddBox';
import AcUnit from '@mui/icons-material/AcUnit';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import Password from '@mui/icons-material/Password';
import Visibility from '@mui/icons-material/Visibility';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Send from '@mui/icons-material/Send';
import KeyOff from '@mui/icons-material/KeyOff';
import PlayArrow from '@mui/icons-material/PlayArrow';
import ThumbUp from '@mui/icons-material/ThumbUp';
import Cancel from '@mui/icons-material/Cancel';
import Undo from '@mui/icons-material/Undo';
import TaskAlt from '@mui/icons-material/TaskAlt';
import LockReset from '@mui/icons-material/LockReset';
import { rowActions, type ResourceDef } from '../../resources/types';
import { ActionButton } from './ActionButtons';

/** The picture for a declared action, by its name; an action not named here gets a generic one (its tooltip
 * still says what it does). */
const ACTION_ICONS: Record<string, ComponentType<{ fontSize?: 'small' }>> = {
  unbind: LinkOff,
  rotate_key: VpnKey,
  close: Lock,
  reopen: LockOpen,
  freeze: AcUnit,
  unfreeze: LockOpen,
  publish: Publish,
  withdraw: Unpublished,
  sell: Sell,
  void: Block,
  mark_read: MarkEmailRead,
  stock: Inventory,
  restock: AddBox,
  set_roles: ManageAccounts,
  set_password: Password,
  lift_hold: LockReset,
  // seen and taken on (an eye) against gone (a filled check): two ticks side by side were told apart by count
  acknowledge: Visibility,
  clear: CheckCircle,
  send_test: Send,
  // replaces the secret in use: the old key struck out
  rotate_secret: KeyOff,
  start: PlayArrow,
  approve: ThumbUp,
  reject: Cancel,
  refund: Undo,
  resolve: TaskAlt,
  pay_status: Replay,
};

const stop = (e: MouseEvent) => e.stopPropagation();

function EditIcon_({ label }: { label: string }) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const createPath = useCreatePath();
  if (!record || !resource) return null;
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        color="primary"
        aria-label={label}
        component={Link}
        to={createPath({ resource, id: record.id, type: 'edit' })}
        onClick={stop}
      >
        <EditIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/** Delete after a confirmation, as react-admin's DeleteWithConfirmButton does, as an icon. */
function DeleteIcon_() {
  const record = useRecordContext();
  const resource = useResourceContext()!;
  const translate = useTranslate();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const { isPending, handleDelete } = useDeleteController({
    record,
    resource,
    redirect: false,
    mutationMode: 'pessimistic',
    mutationOptions: {
      onSuccess: () => {
        setOpen(false);
        notify(`resources.${resource}.notifications.deleted`, {
          type: 'info',
          messageArgs: { smart_count: 1, _: translate('ra.notification.deleted', { smart_count: 1 }) },
        });
      },
      onError: (e) => {
        setOpen(false);
        notify((e as Error)?.message || 'ra.notification.http_error', { type: 'error' });
      },
    },
  });
  if (!record) return null;
  const label = translate('ra.action.delete');
  const name = translate(`resources.${resource}.name`, { smart_count: 1 });
  return (
    <span onClick={stop}>
      <Tooltip title={label}>
        <IconButton size="small" color="error" aria-label={label} onClick={() => setOpen(true)}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Confirm
        isOpen={open}
        loading={isPending}
        title="ra.message.delete_title"
        content="ra.message.delete_content"
        titleTranslateOptions={{ name, recordRepresentation: String(record.id), id: record.id }}
        contentTranslateOptions={{ name, recordRepresentation: String(record.id), id: record.id, smart_count: 1 }}
        onConfirm={() => handleDelete()}
        onClose={() => setOpen(false)}
      />
    </span>
  );
}

/** `editable`: whether this row offers its edit form (absent: every row, when the resource can be edited).
 * `cellClassName`/`headerClassName` are read by the Datagrid for this column's cells. */
export function RowActions({
  def,
  editable,
}: {
  def: ResourceDef;
  editable?: (record: Record<string, unknown>) => boolean;
  cellClassName?: string;
  headerClassName?: string;
}) {
  const record = useRecordContext();
  const translate = useTranslate();
  const { canAccess: mayEdit } = useCanAccess({ resource: def.name, action: 'edit' });
  const { canAccess: mayDelete } = useCanAccess({ resource: def.name, action: 'delete' });
  if (!record) return null;
  const edit = !!def.permissions.edit && !!mayEdit;
  const remove = !!def.permissions.delete && !!mayDelete;
  return (
    <Box
      sx={{ display: 'flex', flexWrap: 'nowrap', alignItems: 'center', justifyContent: 'flex-end', gap: 0.25 }}
      data-testid="row-actions"
    >
      {edit && (!editable || editable(record)) ? <EditIcon_ label={translate('ra.action.edit')} /> : null}
      {rowActions(def).map(([name, action]) => {
        const Icon = ACTION_ICONS[name] ?? Bolt;
        return <ActionButton key={name} def={def} name={name} action={action} icon={<Icon fontSize="small" />} />;
      })}
      {remove ? <DeleteIcon_ /> : null}
    </Box>
  );
}
