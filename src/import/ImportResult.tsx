// What an import answered, as the dialog and the import's page show it: its counts, its refusals by spreadsheet row
// and column, and the first rows as they will be (or were) written.
import { useTranslate } from 'react-admin';
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ResourceDef } from '../../resources/types';
import type { ImportAnswer } from '../../resources/limits';

export function ImportSummary({ answer }: { answer: ImportAnswer }) {
  const translate = useTranslate();
  return (
    <div>
      <Typography data-testid="import-state" data-state={answer.state} fontWeight={600}>
        {translate(`vf.import.state.${answer.state}`)}
      </Typography>
      <Typography role="status" data-testid="import-counts">
        {translate(
          answer.state === 'done' || answer.state === 'reverted' ? 'vf.import.counts_written' : 'vf.import.counts',
          answer as unknown as Record<string, number>,
        )}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('vf.import.encoding', { encoding: answer.encoding })}
        {answer.ignored.length ? ` · ${translate('vf.import.ignored', { columns: answer.ignored.join(', ') })}` : ''}
      </Typography>
    </div>
  );
}

export function ImportErrors({ answer }: { answer: ImportAnswer }) {
  const translate = useTranslate();
  if (!answer.errors.length) return null;
  return (
    <Table size="small" data-testid="import-errors">
      <TableHead>
        <TableRow>
          <TableCell>{translate('vf.import.row')}</TableCell>
          <TableCell>{translate('vf.import.column')}</TableCell>
          <TableCell>{translate('vf.import.message')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {answer.errors.slice(0, 100).map((e, i) => (
          <TableRow key={i} data-row={e.row}>
            <TableCell>{e.row}</TableCell>
            <TableCell>{e.column ?? ''}</TableCell>
            <TableCell>{e.message}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

const shown = (v: unknown) =>
  v === null || v === undefined ? '' : Array.isArray(v) ? v.join(', ') : typeof v === 'object' ? '…' : String(v);

export function ImportPreview({ def, answer }: { def: ResourceDef; answer: ImportAnswer }) {
  const translate = useTranslate();
  if (!answer.preview.length) return null;
  const names = [...new Set(answer.preview.flatMap((p) => Object.keys(p.values)))].slice(0, 8);
  return (
    <Table size="small" data-testid="import-preview">
      <TableHead>
        <TableRow>
          <TableCell>{translate('vf.import.row')}</TableCell>
          <TableCell>{translate('vf.import.outcome')}</TableCell>
          {names.map((n) => (
            <TableCell key={n}>{translate(`resources.${def.name}.fields.${n}`, { _: n })}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {answer.preview.map((p) => (
          <TableRow key={p.row} data-outcome={p.outcome}>
            <TableCell>{p.row}</TableCell>
            <TableCell>{translate(`vf.import.outcomes.${p.outcome}`)}</TableCell>
            {names.map((n) => (
              <TableCell key={n}>{shown(p.values[n])}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
