// A selection action (`lines` in resources/types.ts) over a list's selected rows: one dialog with a line per row
// and the declared inputs on each (or a choice of which one, for `oneOf`: add so many / fill up to so many), a
// header line that sets every line at once, and ONE call for all of them, which the server applies all or none.
import { useState } from 'react';
import { Button, useCanAccess, useListContext, useNotify, useRefresh, useTranslate, useUnselectAll } from 'react-admin';
import {
  Box,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
  Button as MuiButton,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import PlaylistAddCheck from '@mui/icons-material/PlaylistAddCheck';
import { callPath, type ActionDef, type FieldDef, type LinesDef, type ResourceDef } from '../../resources/types';
import { checkValue } from '../../resources/validate';
import { api } from '../providers/http';

/** What a line's inputs hold as typed: the chosen field (for `oneOf`) and each field's text. */
interface Typed {
  which: string;
  values: Record<string, string>;
}

const isNumber = (f: FieldDef) => f.type === 'number' || f.type === 'money';
const valueOf = (f: FieldDef, text: string) => (isNumber(f) ? Number(text) : text);

/** The fields a line sends: the chosen one, or all of them. */
const sentFields = (spec: LinesDef, t: Typed) => (spec.oneOf ? [t.which] : Object.keys(spec.fields));

function lineValid(spec: LinesDef, t: Typed | undefined) {
  if (!t) return false;
  return sentFields(spec, t).every((n) => {
    const text = (t.values[n] ?? '').trim();
    const f = spec.fields[n];
    if (text === '') return !f.required && !spec.oneOf;
    if (isNumber(f) && !/^-?\d+$/.test(text)) return false;
    return !checkValue(f, valueOf(f, text)).error;
  });
}

function LineInputs({
  resource,
  spec,
  typed,
  onChange,
  label,
  own,
}: {
  resource: string;
  spec: LinesDef;
  typed: Typed;
  onChange: (t: Typed) => void;
  label: string;
  own: (key: string) => string;
}) {
  const translate = useTranslate();
  const input = (field: string, name: string) => {
    const f = spec.fields[field];
    return (
      <TextField
        size="small"
        type={isNumber(f) ? 'number' : 'text'}
        value={typed.values[field] ?? ''}
        onChange={(e) => onChange({ ...typed, values: { ...typed.values, [field]: e.target.value } })}
        sx={{ width: 110, ml: 1 }}
        slotProps={{ htmlInput: { min: f.min, max: f.max, 'aria-label': `${label} · ${name}` } }}
      />
    );
  };
  if (!spec.oneOf)
    return (
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        {Object.keys(spec.fields).map((n) => input(n, translate(`resources.${resource}.fields.${n}`)))}
      </Box>
    );
  return (
    // side by side, or the amount under the choice where the line is narrow (a phone)
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        rowGap: 1,
        '& > .MuiTextField-root:last-of-type': { ml: { xs: 0, sm: 1 } },
      }}
    >
      <TextField
        select
        size="small"
        sx={{ minWidth: 130 }}
        value={typed.which}
        onChange={(e) =>
          onChange({ which: e.target.value, values: { [e.target.value]: typed.values[typed.which] ?? '' } })
        }
        slotProps={{ htmlInput: { 'aria-label': `${label} · ${own('which')}` } }}
      >
        {Object.keys(spec.fields).map((n) => (
          <MenuItem key={n} value={n}>
            {translate(`resources.${resource}.fields.${n}`)}
          </MenuItem>
        ))}
      </TextField>
      {input(typed.which, own('amount'))}
    </Box>
  );
}

export function LinesButton({
  def,
  name,
  action,
}: {
  def: ResourceDef;
  name: string;
  action: ActionDef & { lines: LinesDef };
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { selectedIds, data } = useListContext();
  const unselectAll = useUnselectAll(def.name);
  const { canAccess } = useCanAccess({ resource: def.name, action: name });
  const spec = action.lines;
  // on a phone the lines and their inputs take the whole screen rather than a cut-off box
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const blank: Typed = { which: Object.keys(spec.fields)[0], values: {} };
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [typed, setTyped] = useState<Record<string, Typed>>({});
  // the header line's inputs set every line at once; a line can then be changed on its own
  const [all, setAllOnly] = useState<Typed>(blank);
  if (!canAccess) return null;
  const label = translate(`resources.${def.name}.actions.${name}`, { _: name });
  /** The action's own words where its resource has them (`resources.<R>.lines.<action>.*`), else the generic ones. */
  const own = (key: string, args: Record<string, unknown> = {}) =>
    translate(`resources.${def.name}.lines.${name}.${key}`, {
      ...args,
      _: translate(`vf.vocab.lines.${key}`, { action: label, ...args }),
    });
  const selected = (data ?? []).filter((r) => selectedIds.includes(r.id));
  const titleOf = (r: Record<string, unknown>) => String(r[def.title ?? '_id'] ?? r.id);
  const setAll = (t: Typed) => {
    setAllOnly(t);
    setTyped(Object.fromEntries(selected.map((r) => [r.id, t])));
  };
  const reset = () => {
    setTyped({});
    setAllOnly(blank);
  };

  const submit = async () => {
    setBusy(true);
    try {
      const lines = selected.map((r) => {
        const t = typed[r.id];
        return {
          _id: String(r.id),
          version: r.version,
          ...Object.fromEntries(
            sentFields(spec, t)
              .filter((n) => (t.values[n] ?? '').trim() !== '')
              .map((n) => [n, valueOf(spec.fields[n], t.values[n].trim())]),
          ),
        };
      });
      const done = await api<{ lines: unknown[] }>('POST', callPath(def, name), { lines });
      notify(own('done', { smart_count: done.lines.length }), { type: 'success' });
      setOpen(false);
      reset();
      unselectAll();
      refresh();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const shown = spec.show ?? [];
  return (
    <>
      <Button label={label} onClick={() => setOpen(true)} data-testid={`lines-${name}`}>
        <PlaylistAddCheck />
      </Button>
      <Dialog
        open={open}
        onClose={() => !busy && setOpen(false)}
        maxWidth="md"
        fullScreen={phone}
        aria-labelledby={`lines-${name}-title`}
      >
        <DialogTitle id={`lines-${name}-title`}>{own('title', { smart_count: selected.length })}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {own('hint')}
          </Typography>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate(`resources.${def.name}.fields.${def.title ?? '_id'}`)}</TableCell>
                {shown.map((n) => (
                  <TableCell key={n}>{translate(`resources.${def.name}.fields.${n}`)}</TableCell>
                ))}
                <TableCell>{label}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {/* the line that sets every line at once, named as such (it sat unlabelled in the header) */}
              <TableRow data-testid="lines-all" sx={{ bgcolor: 'action.hover' }}>
                <TableCell colSpan={1 + shown.length} sx={{ fontWeight: 500 }}>
                  {own('all')}
                </TableCell>
                <TableCell>
                  <LineInputs
                    resource={def.name}
                    spec={spec}
                    typed={all}
                    onChange={setAll}
                    label={own('all')}
                    own={own}
                  />
                </TableCell>
              </TableRow>
              {selected.map((r) => (
                <TableRow key={r.id} data-testid="lines-row">
                  <TableCell>{titleOf(r)}</TableCell>
                  {shown.map((n) => (
                    <TableCell key={n}>{String(r[n] ?? '')}</TableCell>
                  ))}
                  <TableCell>
                    <LineInputs
                      resource={def.name}
                      spec={spec}
                      typed={typed[r.id] ?? blank}
                      onChange={(t) => setTyped({ ...typed, [r.id]: t })}
                      label={titleOf(r)}
                      own={own}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)} disabled={busy}>
            {translate('ra.action.cancel')}
          </MuiButton>
          <MuiButton
            variant="contained"
            onClick={submit}
            disabled={busy || !selected.length || !selected.every((r) => lineValid(spec, typed[r.id]))}
            data-testid="lines-confirm"
          >
            {label}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
