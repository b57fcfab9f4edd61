// Edits based on a record someone else changed since it was loaded (optimistic concurrency, docs/api.md). The
// form sends the `version` it loaded (it is part of the record the form starts from); the server answers 409
// with `reason: stale`. Then the form says so and offers to reload: the record is fetched again and the form
// starts over from it, so nobody silently overwrites what another person saved.
import { Fragment, type ReactNode } from 'react';
import { Button } from '@mui/material';
import { HttpError, useCloseNotification, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';

function ReloadButton({ onReload }: { onReload: () => void }) {
  const translate = useTranslate();
  const close = useCloseNotification();
  return (
    <Button
      color="inherit"
      size="small"
      onClick={() => {
        onReload();
        close();
      }}
    >
      {translate('vf.securityData.reload')}
    </Button>
  );
}

export const isStale = (e: unknown) =>
  e instanceof HttpError && e.status === 409 && (e.body as { reason?: string } | undefined)?.reason === 'stale';

/** An Edit's mutationOptions: a stale save offers Reload; any other error is shown as react-admin does. */
export function useStaleAwareSave() {
  const notify = useNotify();
  const refresh = useRefresh();
  return {
    onError(error: unknown) {
      if (isStale(error)) {
        notify('vf.securityData.stale', {
          type: 'error',
          autoHideDuration: null,
          action: <ReloadButton onReload={refresh} />,
        } as Parameters<typeof notify>[1]);
        return;
      }
      // a validation error is shown under the inputs (react-admin's own behaviour)
      const errors = error instanceof HttpError ? (error.body as { errors?: object } | undefined)?.errors : undefined;
      if (errors && Object.keys(errors).length) return;
      const message = error instanceof Error ? error.message : String(error);
      notify(message || 'ra.notification.http_error', { type: 'error', messageArgs: { _: message } });
    },
  };
}

/** Starts its form over whenever the record's version changes (after a reload), from the record as it is now. */
export function ByVersion({ children }: { children: ReactNode }) {
  const record = useRecordContext();
  return <Fragment key={String(record?.version ?? '')}>{children}</Fragment>;
}
