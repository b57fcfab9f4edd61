// A declaration's actions as buttons: a confirmation first where declared, a small form where the
// action takes a body (set roles, set password), the server's answer shown either way.
import { useState } from 'react';
import {
  Button,
  Confirm,
  SimpleForm,
  Toolbar,
  SaveButton,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useCanAccess,
  useResourceContext,
  useDataProvider,
} from 'react-admin';
import { Dialog, DialogContent, DialogTitle, IconButton, Tooltip } from '@mui/material';
import { refusalOf, rowActions, type ActionDef, type ResourceDef } from '../../resources/types';
import { validateFields } from '../../resources/validate';
import type { VendFleetDataProvider } from '../providers/dataProvider';
import { InputFor } from './inputs';
import { OneTimeKeyDialog } from './OneTimeKeyDialog';

const actionLabel = (resource: string, name: string) => `resources.${resource}.actions.${name}`;

/** `icon`: shown as that icon with the label as its tooltip and name (a list row's compact form). */
export function ActionButton({
  def,
  name,
  action,
  icon,
}: {
  def: ResourceDef;
  name: string;
  action: ActionDef;
  icon?: React.ReactNode;
}) {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<VendFleetDataProvider>();
  const { canAccess } = useCanAccess({ resource: def.name, action: name });
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string>();
  if (!record || !canAccess) return null;
  if (action.from && !action.from.values.includes(record[action.from.field])) return null;
  if (action.except && action.except.values.includes(record[action.except.field] ?? null)) return null;
  if (action.guards && refusalOf(action.guards, record)) return null;
  const label = translate(actionLabel(def.name, name), { _: name });
  const title = String(record[def.title ?? '_id'] ?? record._id);

  const run = async (body: Record<string, unknown> = {}) => {
    setBusy(true);
    try {
      const answer = await dataProvider.action<Record<string, unknown>>(def.name, name, { ...body, _id: record._id });
      if (action.reveals && typeof answer?.[action.reveals] === 'string') setSecret(answer[action.reveals] as string);
      notify('vf.action.done', { type: 'success', messageArgs: { action: label } });
      setOpen(false);
      refresh();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const stop = (e: React.MouseEvent) => e.stopPropagation();
  const trigger = (onClick: () => void, disabled?: boolean) =>
    icon ? (
      <Tooltip title={label}>
        <span>
          <IconButton
            size="small"
            color={action.destructive ? 'error' : 'primary'}
            aria-label={label}
            onClick={onClick}
            disabled={disabled}
          >
            {icon}
          </IconButton>
        </span>
      </Tooltip>
    ) : (
      <Button
        label={label}
        onClick={onClick}
        size="small"
        disabled={disabled}
        color={action.destructive ? 'error' : 'primary'}
      />
    );
  if (action.body) {
    const fields = action.body;
    return (
      <span onClick={stop}>
        {trigger(() => setOpen(true))}
        <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
          <DialogTitle>{translate('vf.action.confirm_title', { action: label, name: title })}</DialogTitle>
          <DialogContent>
            <SimpleForm
              noValidate
              record={{ id: record.id, ...Object.fromEntries(Object.keys(fields).map((k) => [k, record[k]])) }}
              onSubmit={(values: Record<string, unknown>) => run(values)}
              validate={(values) => {
                const { errors } = validateFields(fields, values, 'create');
                return Object.fromEntries(
                  Object.entries(errors).map(([f, e]) => [
                    f,
                    translate(e.key, { ...e.args, field: translate(`resources.${def.name}.fields.${f}`) }),
                  ]),
                );
              }}
              toolbar={
                <Toolbar>
                  <SaveButton label={label} disabled={busy} alwaysEnable />
                </Toolbar>
              }
            >
              {Object.entries(fields).map(([f, fd]) => (
                <InputFor key={f} resource={def.name} source={f} def={fd} mode="create" />
              ))}
            </SimpleForm>
          </DialogContent>
        </Dialog>
      </span>
    );
  }
  return (
    <span onClick={stop}>
      {trigger(() => (action.confirm ? setOpen(true) : void run()), busy)}
      <OneTimeKeyDialog secret={secret} name={title} resource={def.name} onClose={() => setSecret(undefined)} />
      {action.confirm ? (
        <Confirm
          isOpen={open}
          loading={busy}
          title={translate('vf.action.confirm_title', { action: label, name: title })}
          content={
            action.destructive
              ? `${translate('vf.action.confirm_content', { action: label, name: title })} ${translate(`resources.${def.name}.warnings.${name}`, { _: translate('vf.action.destructive') })}`
              : translate('vf.action.confirm_content', { action: label, name: title })
          }
          onConfirm={() => run()}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </span>
  );
}

export function ActionButtons({ def }: { def: ResourceDef }) {
  const resource = useResourceContext() ?? def.name;
  return (
    <>
      {rowActions(def).map(([name, action]) => (
        <ActionButton key={`${resource}-${name}`} def={def} name={name} action={action} />
      ))}
    </>
  );
}
