// Copying products between stores: a source store, some or all of its products, one or more target stores.
// The page calls POST /api/product/copy once per target, so the progress bar moves as each store is done,
// and shows the server's result per target: copied, skipped (already there by code), failed and why.
// Copying is idempotent on the server (store + code), so running it again only fills what is missing.
import { useEffect, useState } from 'react';
import { Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import {
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { api } from '../providers/http';
import { StorePicker, StoresPicker, useStores } from '../catalog/StorePicker';
import { MAX_COPY_PRODUCTS } from '../../resources/limits';
import type { CopyAnswer, CopyResult } from '../../resources/product';

interface ProductRow {
  id: string;
  code: string;
  name: string;
}

export function CopyProductsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const stores = useStores();
  const [source, setSource] = useState<string | null>(null);
  const [products, setProducts] = useState<ProductRow[]>([]);
  const [all, setAll] = useState(true);
  const [chosen, setChosen] = useState<string[]>([]);
  const [targets, setTargets] = useState<string[]>([]);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [results, setResults] = useState<CopyResult[]>([]);
  const t = (k: string, a?: object) => translate(`vf.catalog.copy.${k}`, a);
  const running = !!progress && progress.done < progress.total;

  useEffect(() => {
    setProducts([]);
    setChosen([]);
    setTargets((ts) => ts.filter((x) => x !== source));
    if (!source) return;
    let live = true;
    dataProvider
      .getList<ProductRow>('product', {
        pagination: { page: 1, perPage: MAX_COPY_PRODUCTS },
        sort: { field: 'code', order: 'ASC' },
        filter: { dealer: source },
      })
      .then((r) => live && setProducts(r.data))
      .catch((e: Error) => notify(e.message, { type: 'error' }));
    return () => {
      live = false;
    };
  }, [source, dataProvider, notify]);

  const start = async () => {
    if (!source) return;
    setResults([]);
    setProgress({ done: 0, total: targets.length });
    for (const [i, target] of targets.entries()) {
      try {
        const r = await api<CopyAnswer>('POST', '/product/copy', {
          source,
          products: all ? [] : chosen,
          targets: [target],
        });
        setResults((rs) => [...rs, ...r.results]);
      } catch (e) {
        // A refusal of the whole request (e.g. a product that vanished): shown once, for this target.
        const name = stores.find((s) => s.id === target)?.name ?? target;
        setResults((rs) => [
          ...rs,
          {
            target,
            target_name: name,
            copied: 0,
            skipped: 0,
            failed: all ? products.length : chosen.length,
            reason: (e as Error).message,
            copied_codes: [],
            skipped_codes: [],
          },
        ]);
      }
      setProgress({ done: i + 1, total: targets.length });
    }
    notify(t('done'), { type: 'info' });
  };

  const canStart = !!source && targets.length > 0 && (all ? products.length > 0 : chosen.length > 0) && !running;
  const toggle = (id: string) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));

  return (
    <Stack spacing={2} sx={{ mt: 2, maxWidth: 1000 }}>
      <Title title={t('title')} />
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {t('hint')}
            </Typography>
            <StorePicker stores={stores} value={source} onChange={setSource} label={t('source')} disabled={running} />
            {source ? (
              <Box>
                <Typography variant="subtitle2">{t('products')}</Typography>
                <FormControlLabel
                  control={<Checkbox checked={all} onChange={(e) => setAll(e.target.checked)} disabled={running} />}
                  label={`${t('all_products')} (${products.length})`}
                />
                {!all ? (
                  <Box
                    data-testid="copy-products"
                    sx={{
                      display: 'grid',
                      gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
                      pl: 2,
                      maxHeight: 260,
                      overflow: 'auto',
                    }}
                  >
                    {products.map((p) => (
                      <FormControlLabel
                        key={p.id}
                        control={
                          <Checkbox
                            size="small"
                            checked={chosen.includes(p.id)}
                            onChange={() => toggle(p.id)}
                            disabled={running}
                          />
                        }
                        label={`${p.name} (${p.code})`}
                      />
                    ))}
                  </Box>
                ) : null}
              </Box>
            ) : null}
            <StoresPicker
              stores={stores.filter((s) => s.id !== source)}
              value={targets}
              onChange={setTargets}
              label={t('targets')}
              disabled={running}
            />
            <Box>
              <Button variant="contained" onClick={start} disabled={!canStart}>
                {t('start')}
              </Button>
            </Box>
            {progress ? (
              <Box>
                <LinearProgress
                  variant="determinate"
                  value={progress.total ? (progress.done / progress.total) * 100 : 100}
                  aria-label={t('title')}
                />
                <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="copy-progress">
                  {running ? t('running', { done: progress.done, total: progress.total }) : t('done')}
                </Typography>
              </Box>
            ) : null}
          </Stack>
        </CardContent>
      </Card>
      {results.length ? (
        <Card>
          <Table size="small" aria-label={t('done')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('target')}</TableCell>
                <TableCell align="right">{t('copied')}</TableCell>
                <TableCell align="right">{t('skipped')}</TableCell>
                <TableCell align="right">{t('failed')}</TableCell>
                <TableCell>{t('reason')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {results.map((r) => (
                <TableRow key={r.target} data-testid={`copy-result-${r.target}`}>
                  <TableCell>{r.target_name ?? r.target}</TableCell>
                  <TableCell align="right">{r.copied}</TableCell>
                  <TableCell align="right">{r.skipped}</TableCell>
                  <TableCell align="right" sx={{ color: r.failed ? 'error.main' : undefined }}>
                    {r.failed}
                  </TableCell>
                  <TableCell>{r.reason ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      ) : null}
    </Stack>
  );
}
