// "Export to Excel" and "Export to CSV" for a declared list: every row the current filters select (not just
// the page on screen), the list's columns with choices translated, times as the console shows them (in its
// language and the viewer's zone) and money as numbers of yuan (a spreadsheet cell the reader can sum), a
// progress dialog while the pages are fetched.
import { useState } from 'react';
import { Button, useListContext, useNotify, useTranslate } from 'react-admin';
import { Dialog, DialogContent, DialogTitle, LinearProgress, Typography } from '@mui/material';
import GridOn from '@mui/icons-material/GridOn';
import Description from '@mui/icons-material/Description';
import type { ResourceDef } from '../../resources/types';
import { callPath } from '../../resources';
import { choiceKey } from '../generated/fields';
import { formatDateTime, useFormat, yuan } from '../lib/format';
import { exportList, type ExportColumn, type ExportFormat } from '../lib/exportList';

/** The list's columns plus `extra` fields (e.g. the pickup code of a refund). */
export function columnsOf(def: ResourceDef, translate: (k: string, o?: object) => string, locale: string, extra: string[] = []): ExportColumn[] {
  const label = (n: string) => translate(`resources.${def.name}.fields.${n}`);
  const cols: ExportColumn[] = [{ header: label('_id'), value: (r) => String(r._id) }];
  for (const [n, f] of Object.entries(def.fields)) {
    if (!f.list && !extra.includes(n)) continue;
    cols.push({
      header: label(n),
      value: (r) => {
        const v = r[n];
        if (v === null || v === undefined || v === '') return null;
        if (f.type === 'money') return Number(yuan(Number(v)));
        if (f.type === 'choice') return translate(choiceKey(def.name, n, String(v)), { _: String(v) });
        if (f.type === 'datetime') return formatDateTime(String(v), locale);
        return typeof v === 'number' ? v : String(v);
      },
    });
  }
  return cols;
}

export function ExportButtons({ def, extra }: { def: ResourceDef; extra?: string[] }) {
  const translate = useTranslate();
  const fmt = useFormat();
  const notify = useNotify();
  const { filterValues, sort } = useListContext();
  const [progress, setProgress] = useState<{ done: number; total: number; format: ExportFormat } | null>(null);

  const run = async (format: ExportFormat) => {
    setProgress({ done: 0, total: 0, format });
    try {
      const count = await exportList({
        path: callPath(def, 'list'),
        filter: filterValues,
        sort: sort?.field ? { field: sort.field === 'id' ? '_id' : sort.field, order: sort.order } : undefined,
        columns: columnsOf(def, translate, fmt.locale, extra),
        format,
        onProgress: (done, total) => setProgress({ done, total, format }),
      });
      notify('vf.orders.list.export_done', { type: 'success', messageArgs: { count } });
    } catch (e) {
      notify('vf.orders.list.export_failed', { type: 'error', messageArgs: { error: (e as Error).message } });
    } finally {
      setProgress(null);
    }
  };

  return (
    <>
      <Button label={translate('vf.orders.list.export_xlsx')} onClick={() => run('xlsx')} disabled={!!progress} data-testid="export-xlsx">
        <GridOn />
      </Button>
      <Button label={translate('vf.orders.list.export_csv')} onClick={() => run('csv')} disabled={!!progress} data-testid="export-csv">
        <Description />
      </Button>
      <Dialog open={!!progress} fullWidth maxWidth="xs" aria-labelledby="export-progress-title">
        <DialogTitle id="export-progress-title">{translate(progress?.format === 'csv' ? 'vf.orders.list.export_csv' : 'vf.orders.list.export_xlsx')}</DialogTitle>
        <DialogContent>
          <LinearProgress variant={progress?.total ? 'determinate' : 'indeterminate'} value={progress?.total ? (100 * progress.done) / progress.total : 0} />
          <Typography variant="body2" sx={{ mt: 1 }} role="status">
            {translate('vf.orders.list.exporting', { done: progress?.done ?? 0, total: progress?.total ?? 0 })}
          </Typography>
        </DialogContent>
      </Dialog>
    </>
  );
}
