// Policy events (docs/notifications.md "Policy events"): what else reaches people through a brand's policies — a
// held second factor, a paused webhook, an aborted campaign, a store's daily visit plan. Each is published by the
// feature it happens in (server/events/domain.ts), in its transaction; here each becomes one notification row per
// policy that selects it and channel of that policy's first tier, written in the channel's language and time zone.
// From there they go the alarms' way (./schedule.ts): quiet hours (by the event's level), a channel's burst window
// and digests, the delivery queue and its log. No acknowledgement ends an event, so later tiers are not used.
// The unique index notification_event_once (event, record, policy, channel) keeps a second plan of the same event
// (a job run twice, a second process) from writing anything.
import { sql } from 'kysely';
import type { DB } from '../../db';
import { newId } from '../../log';
import { setting } from '../../config';
import { translate } from '../../../i18n';
import type { InTransaction } from '../../events/domain';
import type { Lang } from '../../../resources/accounts';
import type { PolicyEvent, Tier } from '../../../resources/notify_policy';
import { escapeHtml, localTime, type Message, type Reader } from './message';

/** An event's level, for quiet hours: a warning waits for them to end, an error is never held. */
export const EVENT_LEVEL: Record<PolicyEvent, 'warning' | 'error'> = {
  second_factor_held: 'error',
  campaign_aborted: 'error',
  webhook_paused: 'warning',
  visit_plan_daily: 'warning',
};

/** What an event tells: its tenant, the record it is about, and its words for a reader. */
interface Told {
  integrator: string | null;
  dealer: string | null;
  record: string;
  write: (r: Reader) => { subject: string; lines: string[]; link: string };
}

const page = (path: string) => `${String(setting('PUBLIC_URL')).replace(/\/+$/, '')}${path}`;

function message(w: { subject: string; lines: string[]; link: string }, lang: Lang): Message {
  const linkWord = translate(lang, 'vf.notify.event.link');
  return {
    subject: w.subject,
    text: [w.subject, '', ...w.lines, '', `${linkWord}: ${w.link}`].join('\n'),
    html: [
      `<h2 style="margin:0 0 8px">${escapeHtml(w.subject)}</h2>`,
      ...w.lines.map((l) => `<p>${escapeHtml(l)}</p>`),
      `<p><a href="${escapeHtml(w.link)}">${escapeHtml(linkWord)}</a></p>`,
    ].join('\n'),
  };
}

const narrowedTo = (list: string[] | null, value: string | null) =>
  !list?.length || (value !== null && list.includes(value));

/** Plans one event: resolves with how many rows it wrote (0: no policy selects it, or it was planned already). */
export async function planEvent(trx: DB, event: PolicyEvent, told: Told): Promise<number> {
  // a provider account's event has no brand, and every policy is a brand's
  if (!told.integrator) return 0;
  const policies = (
    await sql<{ _id: string; dealers: string[] | null; tiers: Tier[] }>`
      SELECT _id, dealers, tiers FROM notify_policy
       WHERE enabled AND integrator = ${told.integrator} AND ${event} = ANY(events)`.execute(trx)
  ).rows.filter((p) => narrowedTo(p.dealers, told.dealer)); // a store's event to its stores' policies and the brand-wide
  if (policies.length === 0) return 0;
  const named = [...new Set(policies.flatMap((p) => p.tiers[0]?.channels ?? []))];
  if (named.length === 0) return 0;
  const channels = new Map(
    (
      await trx
        .selectFrom('notify_channel')
        .select(['_id', 'language', 'tz'])
        .where('integrator', '=', told.integrator)
        .where('enabled', '=', true) // a disabled or paused channel is told nothing
        .where('_id', 'in', named)
        .execute()
    ).map((c) => [c._id, { language: c.language as Lang, tz: c.tz }]),
  );
  const rows = policies.flatMap((p) =>
    (p.tiers[0]?.channels ?? [])
      .filter((c) => channels.has(c))
      .map((channel) => {
        const reader = channels.get(channel)!;
        return {
          _id: newId(),
          policy: p._id,
          channel,
          tier: 0,
          kind: 'event' as const,
          event,
          record: told.record,
          state: 'queued' as const,
          due_time: sql<Date>`now()`,
          ...message(told.write(reader), reader.language),
          integrator: told.integrator!,
          dealer: null,
        };
      }),
  );
  if (rows.length === 0) return 0;
  const done = await trx
    .insertInto('notification')
    .values(rows)
    .onConflict((oc) => oc.columns(['event', 'record', 'policy', 'channel']).where('kind', '=', 'event').doNothing())
    .returning('_id')
    .execute();
  return done.length;
}

const t = (r: Reader, key: string, args?: Record<string, string | number>) =>
  translate(r.language, `vf.notify.event.${key}`, args);

export const secondFactorHeld: InTransaction<'second_factor.held'> = async (trx, e) => {
  await planEvent(trx, 'second_factor_held', {
    integrator: e.integrator,
    dealer: e.dealer,
    // one message per hold: the same account held again later is news again
    record: `${e.account}/${e.held_until.toISOString()}`,
    write: (r) => ({
      subject: t(r, 'second_factor_held.subject', { account: e.username }),
      lines: [
        t(r, 'second_factor_held.text', {
          account: e.username,
          failures: e.failures,
          until: localTime(e.held_until, r),
        }),
      ],
      link: page(`/user/${encodeURIComponent(e.account)}/show`),
    }),
  });
};

export const webhookPaused: InTransaction<'webhook.paused'> = async (trx, e) => {
  await planEvent(trx, 'webhook_paused', {
    integrator: e.integrator,
    dealer: null,
    // a paused endpoint is resumed before it can pause again: each pause is its own record
    record: `${e.webhook}/${Date.now()}`,
    write: (r) => ({
      subject: t(r, 'webhook_paused.subject', { host: e.host }),
      lines: [
        t(r, 'webhook_paused.text', { host: e.host, failures: e.failures }),
        ...(e.error ? [t(r, 'webhook_paused.error', { error: e.error.slice(0, 200) })] : []),
      ],
      link: page(`/webhook/${encodeURIComponent(e.webhook)}/show`),
    }),
  });
};

export const campaignAborted: InTransaction<'campaign.aborted'> = async (trx, e) => {
  await planEvent(trx, 'campaign_aborted', {
    integrator: e.integrator,
    dealer: e.dealer,
    record: e.campaign, // a campaign aborts once
    write: (r) => ({
      subject: t(r, 'campaign_aborted.subject', { name: e.name }),
      lines: [
        t(r, 'campaign_aborted.text', {
          name: e.name,
          failures: e.failures,
          outcomes: e.outcomes,
          cancelled: e.cancelled,
        }),
      ],
      link: page(`/campaign/${encodeURIComponent(e.campaign)}/show`),
    }),
  });
};

export const visitPlanDaily: InTransaction<'visit_plan.daily'> = async (trx, e) => {
  await planEvent(trx, 'visit_plan_daily', {
    integrator: e.integrator,
    dealer: e.dealer,
    record: `${e.dealer}/${e.day}`, // once per store and day
    write: (r) => ({
      subject: t(r, 'visit_plan.subject', { store: e.store, date: e.day, count: e.robots.length }),
      lines: e.robots.map((robot) => {
        const why = robot.reasons.map((x) => translate(r.language, `vf.forecast.plan.reasons.${x}`)).join(', ');
        const load = robot.lines.map((l) => `${l.name} (${l.code}) × ${l.quantity}`).join(', ');
        return `${robot.name} — ${why}${load ? ` — ${t(r, 'visit_plan.load', { lines: load })}` : ''}`;
      }),
      link: page('/visit-plan'),
    }),
  });
};
