// Webhooks: a brand's endpoints (resources/webhook.ts). The URL must be HTTPS to a public address (SSRF:
// ./address.ts), the signing secret is made here and answered once, and store accounts — whose
// scope is a store, not the brand the events belong to — never manage them, whatever role they hold.
import { ApiError, forbidden, invalid } from '../../http/errors';
import { takeAllowance } from '../../auth/throttle';
import { setting } from '../../config';
import { defineHooks } from '../../crud/hooks';
import { checkUrl } from './address';
import { newWebhookSecret } from './signature';
import { enqueueTest } from './queue';
import type { CallContext } from '../../auth/context';

const brandOrStaff = (ctx: CallContext) => {
  if (ctx.user.account_type === 'DEALER') throw forbidden();
};

export const webhookHooks = defineHooks('webhook', {
  async beforeWrite({ ctx, mode, values, existing, reply }) {
    brandOrStaff(ctx);
    const row = { ...existing, ...values };
    if (!row.integrator) throw invalid({ integrator: { key: 'vf.validation.required' } });
    values.dealer = null;
    // checked when it is set (an edit of the description leaves an endpoint's URL, and its DNS, alone)
    if (mode === 'create' || (values.url !== undefined && values.url !== existing?.url)) {
      const problem = await checkUrl(String(row.url));
      if (problem) throw invalid({ url: { key: problem } });
    }
    if (mode === 'create') {
      values.secret = newWebhookSecret();
      reply.secret = values.secret;
    }
    // enabled again by hand: a pause (server/features/webhooks/queue.ts) ends with it
    if (mode === 'edit' && values.enabled === true && existing?.paused)
      Object.assign(values, { paused: null, paused_time: null, failures: 0 });
  },
  guard({ ctx }) {
    brandOrStaff(ctx);
  },
  actions: {
    async send_test({ trx, ctx, existing, reply }) {
      // per account, single or in bulk: test events are sent on demand, to receivers that may hang
      const max = setting('WEBHOOK_TEST_PER_MINUTE');
      if (!(await takeAllowance(trx, `webhook_test:${ctx.user._id}`, max)))
        throw new ApiError(429, 'vf.webhooks.error.test_rate', { max });
      reply.event_id = await enqueueTest(trx, existing);
      return existing;
    },
    async rotate_secret({ trx, existing, reply }) {
      const secret = newWebhookSecret();
      const saved = await trx
        .updateTable('webhook')
        .set({ secret })
        .where('_id', '=', existing._id)
        .returningAll()
        .executeTakeFirstOrThrow();
      reply.secret = secret;
      return saved;
    },
  },
});
