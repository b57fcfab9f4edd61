// "Mark all as read", a button of the message list's toolbar (declared in resources/message.ts): clears the
// unread badge in one call.
import { Button, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import DoneAll from '@mui/icons-material/DoneAll';
import { api } from '../providers/http';

export function MarkAllRead() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return (
    <Button
      label={translate('vf.live.mark_all_read')}
      onClick={async () => {
        try {
          const { count } = await api<{ count: number }>('POST', '/message/read_all', {});
          notify(translate('vf.live.marked_read', { count }), { type: 'info' });
          await queryClient.invalidateQueries({ queryKey: ['message'] });
          refresh();
        } catch (e) {
          notify((e as Error).message, { type: 'error' });
        }
      }}
    >
      <DoneAll />
    </Button>
  );
}
