// Channels and policies beyond their declarations (resources/notify_channel.ts, notify_policy.ts): a brand's own,
// like webhooks (store accounts never manage them); a channel's target checked for its kind — e-mail addresses, or a
// bot URL under the webhooks' address rules (SSRF: server/features/webhooks/address.ts); its secret written, never
// read; a policy naming only its own brand's channels, stores and robots.
import { ApiError, forbidden, invalid } from '../../http/errors';
import { takeAllowance } from '../../auth/throttle';
import { setting } from '../../config';
import { defineHooks } from '../../crud/hooks';
import { newId } from '../../log';
import { checkUrl } from '../webhooks/address';
import type { CallContext } from '../../auth/context';
import type { DB } from '../../db';
import { MAX_EMAIL_TARGETS } from '../../../resources/notify_channel';
import type { Tier } from '../../../resources/notify_policy';
import type { Lang } from '../../../resources/accounts';
import { knownTimeZone } from './quiet';
import { addressesOf } from './mail';
import { testMessage } from './message';
import { enqueueNotification } from './deliver';

/** One address: a local part, an @, a domain with a dot; no spaces, commas or angle brackets. */
const EMAIL = /^[^\s@,<>;"]+@[^\s@,<>;"]+\.[^\s@,<>;"]+$/;

const brandOrStaff = (ctx: CallContext) => {
  if (ctx.user.account_type === 'DEALER') throw forbidden();
};

/** The channel's target tidied for its kind, or the field error. */
async function checkTarget(kind: string, target: string): Promise<string> {
  if (kind === 'email') {
    const list = addressesOf(target);
    if (list.length === 0 || list.length > MAX_EMAIL_TARGETS || !list.every((a) => EMAIL.test(a) && a.length <= 254))
      throw invalid({ target: { key: 'vf.notify.error.email', args: { max: MAX_EMAIL_TARGETS } } });
    return list.join(', ');
  }
  const problem = await checkUrl(target);
  if (problem) throw invalid({ target: { key: problem } });
  return target;
}

export const channelHooks = defineHooks('notify_channel', {
  async beforeWrite({ ctx, mode, values, existing }) {
    brandOrStaff(ctx);
    const row = { ...existing, ...values };
    if (!row.integrator) throw invalid({ integrator: { key: 'vf.validation.required' } });
    values.dealer = null;
    if (mode === 'create' || values.kind !== undefined || values.target !== undefined)
      values.target = await checkTarget(String(row.kind), String(row.target ?? ''));
    if (values.tz !== undefined && !knownTimeZone(String(values.tz)))
      throw invalid({ tz: { key: 'vf.notify.error.tz' } });
    // write-only: an edit that leaves the secret empty keeps the one stored
    if (mode === 'edit' && (values.secret === null || values.secret === '')) delete values.secret;
    // enabled again by hand: a pause ends with it
    if (mode === 'edit' && values.enabled === true && existing?.paused)
      Object.assign(values, { paused: null, paused_time: null, failures: 0 });
  },
  guard({ ctx }) {
    brandOrStaff(ctx);
  },
  actions: {
    async send_test({ trx, ctx, existing }) {
      // per account, as webhook tests are: sent on demand, to receivers that may hang
      const max = setting('WEBHOOK_TEST_PER_MINUTE');
      if (!(await takeAllowance(trx, `notify_test:${ctx.user._id}`, max)))
        throw new ApiError(429, 'vf.notify.error.test_rate', { max });
      const brand = await trx
        .selectFrom('integrator')
        .select('name')
        .where('_id', '=', existing.integrator)
        .executeTakeFirst();
      const m = testMessage({ language: existing.language as Lang, tz: existing.tz }, brand?.name ?? '');
      const id = newId();
      await trx
        .insertInto('notification')
        .values({
          _id: id,
          channel: existing._id,
          kind: 'test',
          state: 'queued',
          ...m,
          enqueued_time: new Date(),
          integrator: existing.integrator,
          dealer: null,
        })
        .execute();
      await enqueueNotification(trx, id);
      return existing;
    },
  },
});

/** Refuses ids that are not rows of `table` belonging to the brand. */
async function ownedBy(trx: DB, table: 'notify_channel' | 'dealer' | 'device', ids: string[], brand: string) {
  if (ids.length === 0) return true;
  const found = await trx
    .selectFrom(table)
    .select('_id')
    .where('integrator', '=', brand)
    .where('_id', 'in', ids)
    .execute();
  return found.length === new Set(ids).size;
}

export const policyHooks = defineHooks('notify_policy', {
  async beforeWrite({ trx, ctx, values, existing }) {
    brandOrStaff(ctx);
    const row = { ...existing, ...values };
    if (!row.integrator) throw invalid({ integrator: { key: 'vf.validation.required' } });
    values.dealer = null;
    // a policy that names neither alarms nor events would send nothing
    if (!(row.levels as string[] | null)?.length && !(row.events as string[] | null)?.length)
      throw invalid({ levels: { key: 'vf.notify.error.nothing' } });
    const brand = String(row.integrator);
    const tiers = (row.tiers ?? []) as Tier[];
    if (
      !(await ownedBy(
        trx,
        'notify_channel',
        tiers.flatMap((t) => t.channels),
        brand,
      ))
    )
      throw invalid({ tiers: { key: 'vf.notify.error.channel' } });
    if (!(await ownedBy(trx, 'dealer', (row.dealers ?? []) as string[], brand)))
      throw invalid({ dealers: { key: 'vf.notify.error.robot' } });
    if (!(await ownedBy(trx, 'device', (row.devices ?? []) as string[], brand)))
      throw invalid({ devices: { key: 'vf.notify.error.robot' } });
  },
  guard({ ctx }) {
    brandOrStaff(ctx);
  },
});
