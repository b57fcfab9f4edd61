// Sending a command to one robot or to the robots selected in the list (docs/commands.md). The form is made from
// the catalogue's declaration (resources/command.ts): the command, then an input per declared parameter, checked
// by the very function the server runs. One call for all robots; the answer says, robot by robot, what was queued.
import { useState } from 'react';
import {
  Form,
  SaveButton,
  SelectInput,
  FormDataConsumer,
  useCanAccess,
  useListContext,
  useNotify,
  useTranslate,
  Button,
} from 'react-admin';
import { Dialog, DialogActions, DialogContent, DialogTitle, Stack, Button as MuiButton } from '@mui/material';
import SettingsRemote from '@mui/icons-material/SettingsRemote';
import { subChoice, subLabel } from '../../resources/types';
import { validateFields } from '../../resources/validate';
import { COMMAND_NAMES, commandParams, type SendAnswer } from '../../resources/command';
import { api } from '../providers/http';
import { InputFor } from '../declared/inputs';
import { choiceKey } from '../declared/choiceKey';
import { useShowReport } from '../declared/bulkReport';

type Values = { command?: string; params?: Record<string, unknown> };

function useValidate() {
  const translate = useTranslate();
  return (values: Values) => {
    if (!values.command)
      return { command: translate('vf.validation.required', { field: translate('resources.command.fields.command') }) };
    const fields = commandParams(values.command) ?? {};
    const { errors } = validateFields(fields, values.params ?? {}, 'create');
    if (!Object.keys(errors).length) return {};
    const params = Object.fromEntries(
      Object.entries(errors).map(([k, e]) => [
        k,
        translate(e.key, { ...e.args, field: translate(subLabel('command', 'params', k)) }),
      ]),
    );
    return { params };
  };
}

/** The dialog; `onSent` gets the answer (the caller shows it: a notice for one robot, the report for many). */
export function SendCommandDialog({
  open,
  devices,
  onClose,
  onSent,
}: {
  open: boolean;
  devices: string[];
  onClose: () => void;
  onSent: (a: SendAnswer) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const validate = useValidate();
  const [busy, setBusy] = useState(false);
  const submit = async (values: Values) => {
    setBusy(true);
    try {
      const fields = commandParams(values.command ?? '') ?? {};
      const params = Object.fromEntries(Object.keys(fields).map((k) => [k, values.params?.[k]]));
      onSent(await api<SendAnswer>('POST', '/command/send', { devices, command: values.command, params }));
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const choices = COMMAND_NAMES.map((c) => ({ id: c, name: translate(choiceKey('command', 'command', c), { _: c }) }));
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="send-command-title">
      <Form
        onSubmit={submit as (v: Record<string, unknown>) => Promise<void>}
        validate={validate as (v: Record<string, unknown>) => Record<string, unknown>}
        noValidate
      >
        <DialogTitle id="send-command-title">
          {translate('vf.commands.send')}
          {devices.length > 1
            ? ` · ${translate('vf.operator.bulk.confirm_title', { action: '', smart_count: devices.length }).replace(/^[\s:：·]+/, '')}`
            : ''}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={1} sx={{ pt: 1 }} data-testid="send-command-form">
            <SelectInput
              source="command"
              label="resources.command.fields.command"
              choices={choices}
              fullWidth
              isRequired
              helperText={false}
            />
            <FormDataConsumer<Values>>
              {({ formData }) =>
                Object.entries(commandParams(formData.command ?? '') ?? {}).map(([k, f]) => (
                  <InputFor
                    key={`${formData.command}.${k}`}
                    resource="command"
                    source={`params.${k}`}
                    def={f}
                    mode="create"
                    label={subLabel('command', 'params', k)}
                    choiceLabel={(c) => subChoice('command', 'params', k, c)}
                  />
                ))
              }
            </FormDataConsumer>
          </Stack>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
          <SaveButton
            label="vf.commands.send"
            icon={<SettingsRemote />}
            disabled={busy}
            alwaysEnable
            data-testid="send-command-submit"
          />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/** The robot list's button over the selected robots: one call, then the list's report names each robot. */
export function SendCommandBulk() {
  const translate = useTranslate();
  const { selectedIds, data } = useListContext();
  const showReport = useShowReport();
  const { canAccess } = useCanAccess({ resource: 'command', action: 'send' });
  const [open, setOpen] = useState(false);
  if (!canAccess || !showReport) return null;
  const nameOf = (id: string) => String(data?.find((r) => String(r.id) === id)?.name ?? id);
  return (
    <>
      <Button label="vf.commands.send" onClick={() => setOpen(true)} data-testid="bulk-send-command">
        <SettingsRemote />
      </Button>
      <SendCommandDialog
        open={open}
        devices={selectedIds.map(String)}
        onClose={() => setOpen(false)}
        onSent={(a) => {
          setOpen(false);
          showReport({
            label: translate('vf.commands.send'),
            answer: {
              done: a.done,
              refused: a.refused,
              results: a.results.map((r) => ({ _id: r.device, status: r.status, code: r.code, message: r.message })),
            },
            names: Object.fromEntries(a.results.map((r) => [r.device, nameOf(r.device)])),
          });
        }}
      />
    </>
  );
}
