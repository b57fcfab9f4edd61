// An import's page (`/import/:id`): its progress while it runs (asked again each second; Stop before it commits),
// then its result, and Undo within 24 hours — the rows changed since are listed and left (docs/import.md).
import { useEffect, useState } from 'react';
import { Confirm, Title, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { Alert, Button, Card, CardContent, LinearProgress, List, ListItem, Stack, Typography } from '@mui/material';
import { findResource } from '../../resources';
import type { ImportAnswer } from '../../resources/limits';
import { api } from '../providers/http';
import { ImportErrors, ImportPreview, ImportSummary } from './ImportResult';

const POLL_MS = 1000;

export function ImportPage() {
  const translate = useTranslate();
  const { id } = useParams();
  const [answer, setAnswer] = useState<ImportAnswer>();
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const a = await api<ImportAnswer>('GET', `/import/${id}`);
        if (stop) return;
        setAnswer((old) => (old?.conflicts ? { ...a, conflicts: old.conflicts } : a));
        if (a.state === 'running') timer = setTimeout(() => void load(), POLL_MS);
      } catch (e) {
        if (!stop) setError((e as Error).message);
      }
    };
    void load();
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [id, answer?.state === 'running']); // eslint-disable-line react-hooks/exhaustive-deps

  const call = async (verb: 'revert' | 'cancel') => {
    setBusy(true);
    try {
      setAnswer(await api<ImportAnswer>('POST', `/import/${id}/${verb}`, {}));
      setError(undefined);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  const def = answer && findResource(answer.resource);

  return (
    <Card>
      <Title title={translate('vf.import.page', { file: answer?.file_name ?? '' })} />
      <CardContent>
        <Stack spacing={2}>
          {error ? <Alert severity="error">{error}</Alert> : null}
          {answer ? (
            <>
              <Typography variant="h6">{translate('vf.import.page', { file: answer.file_name })}</Typography>
              {answer.state === 'running' ? (
                <>
                  <LinearProgress
                    variant="determinate"
                    value={answer.total ? (100 * answer.done) / answer.total : 0}
                    data-testid="import-progress"
                  />
                  <Typography>
                    {translate('vf.import.progress', answer as unknown as Record<string, number>)}
                  </Typography>
                  <Button onClick={() => call('cancel')} disabled={busy} data-testid="import-stop">
                    {translate('vf.import.stop')}
                  </Button>
                </>
              ) : null}
              <ImportSummary answer={answer} />
              {answer.state === 'done' && answer.mode === 'apply' ? (
                <Button
                  variant="outlined"
                  color="warning"
                  onClick={() => setConfirming(true)}
                  disabled={busy}
                  data-testid="import-undo"
                  sx={{ alignSelf: 'flex-start' }}
                >
                  {translate('vf.import.undo')}
                </Button>
              ) : null}
              {answer.conflicts ? (
                <Alert severity={answer.conflicts.length ? 'warning' : 'success'} data-testid="import-undone">
                  {translate('vf.import.undone', { n: answer.conflicts.length })}
                  <List dense>
                    {answer.conflicts.map((c) => (
                      <ListItem key={c.record}>{`${c.record}: ${c.message}`}</ListItem>
                    ))}
                  </List>
                </Alert>
              ) : null}
              <ImportErrors answer={answer} />
              {def ? <ImportPreview def={def} answer={answer} /> : null}
            </>
          ) : (
            <LinearProgress />
          )}
        </Stack>
      </CardContent>
      <Confirm
        isOpen={confirming}
        loading={busy}
        title={translate('vf.import.undo')}
        content={translate('vf.import.undo_confirm')}
        onConfirm={() => call('revert')}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
