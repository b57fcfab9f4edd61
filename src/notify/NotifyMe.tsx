// "Notify me", a button of the channels' list toolbar (resources/notify_channel.ts): a personal e-mail channel for the
// signed-in account — its e-mail, the console's language, the browser's time zone — in one click, through the same
// create call as the form (the server checks it as any other). The account then names it in a policy's tier.
import { Button, useGetIdentity, useLocaleState, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import PersonAdd from '@mui/icons-material/PersonAddAlt';
import { api } from '../providers/http';
import { holds } from '../../resources/permissions';

export function NotifyMe() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const [locale] = useLocaleState();
  const { data } = useGetIdentity();
  const profile = data?.profile as
    | {
        email: string | null;
        nickname: string | null;
        _id: string;
        integrator: string | null;
        authorizations: string[];
      }
    | undefined;
  if (!profile?.integrator || !holds(profile.authorizations, 'notify_edit')) return null;
  return (
    <Button
      label={translate('vf.notify.me')}
      data-testid="notify-me"
      onClick={async () => {
        if (!profile.email) return notify(translate('vf.notify.me_no_email'), { type: 'warning' });
        try {
          await api('POST', '/notify_channel/add', {
            name: profile.nickname || profile._id,
            kind: 'email',
            target: profile.email,
            language: locale,
            tz: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
            integrator: profile.integrator,
          });
          notify(translate('vf.notify.me_done', { email: profile.email }), { type: 'info' });
          await queryClient.invalidateQueries({ queryKey: ['notify_channel'] });
          refresh();
        } catch (e) {
          notify((e as Error).message, { type: 'error' });
        }
      }}
    >
      <PersonAdd />
    </Button>
  );
}
