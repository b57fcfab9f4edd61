// "Export to Excel" and "Export to CSV" for a declared list: every row the current filter selects (not just
// the page on screen), made and streamed by the server in the user's language and time zone; a dialog shows
// what has arrived and can cancel.
import { useRef, useState } from 'react';
import { Button, useListContext, useNotify, useTranslate } from 'react-admin';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Typography,
  Button as MuiButton,
} from '@mui/material';
import GridOn from '@mui/icons-material/GridOn';
import Description from '@mui/icons-material/Description';
import type { ResourceDef } from '../../resources/types';
import { callPath } from '../../resources';
import { exportList, type ExportFormat } from '../lib/exportList';
import { useFormat } from '../lib/format';

function size(bytes: number, locale: string) {
  const mb = bytes >= 1024 * 1024;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: mb ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: 1,
  }).format(bytes / (mb ? 1024 * 1024 : 1024));
}

/** `fields`: columns beyond the list's (e.g. the pickup code of a refund). */
export function ExportButtons({ def, fields }: { def: ResourceDef; fields?: string[] }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { locale } = useFormat();
  const { filterValues, sort } = useListContext();
  const [progress, setProgress] = useState<{ bytes: number; rows: number; format: ExportFormat } | null>(null);
  const controller = useRef<AbortController>(undefined);

  const run = async (format: ExportFormat) => {
    const abort = (controller.current = new AbortController());
    setProgress({ bytes: 0, rows: 0, format });
    try {
      const { name, rows } = await exportList({
        path: callPath(def, 'export'),
        filter: filterValues,
        sort: sort?.field ? { field: sort.field === 'id' ? '_id' : sort.field, order: sort.order } : undefined,
        fields,
        format,
        signal: abort.signal,
        onProgress: (bytes, rows) => setProgress({ bytes, rows, format }),
      });
      notify('vf.operator.export.done', {
        type: 'success',
        messageArgs: { name, smart_count: rows, rows: rows.toLocaleString(locale) },
      });
    } catch (e) {
      if ((e as Error).name === 'AbortError') notify('vf.operator.export.cancelled', { type: 'info' });
      else notify('vf.orders.list.export_failed', { type: 'error', messageArgs: { error: (e as Error).message } });
    } finally {
      setProgress(null);
    }
  };

  return (
    <>
      <Button
        label={translate('vf.orders.list.export_xlsx')}
        onClick={() => run('xlsx')}
        disabled={!!progress}
        data-testid="export-xlsx"
      >
        <GridOn />
      </Button>
      <Button
        label={translate('vf.orders.list.export_csv')}
        onClick={() => run('csv')}
        disabled={!!progress}
        data-testid="export-csv"
      >
        <Description />
      </Button>
      <Dialog open={!!progress} fullWidth maxWidth="xs" aria-labelledby="export-progress-title">
        <DialogTitle id="export-progress-title">
          {translate(progress?.format === 'csv' ? 'vf.orders.list.export_csv' : 'vf.orders.list.export_xlsx')}
        </DialogTitle>
        <DialogContent>
          <LinearProgress variant="indeterminate" />
          <Typography variant="body2" sx={{ mt: 1 }} role="status" data-testid="export-progress">
            {translate('vf.operator.export.progress', {
              size: size(progress?.bytes ?? 0, locale),
              total: (progress?.rows ?? 0).toLocaleString(locale),
            })}
          </Typography>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => controller.current?.abort()} data-testid="export-cancel">
            {translate('vf.operator.export.cancel')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
