// A campaign's declared calls (resources/campaign.ts): what the engine cannot say alone — its command checked by
// the catalogue, its target's filter by the robot list's allow-list, its start (the target resolved once, here),
// pause, resume and cancel, and the counts its page shows. The scheduler that moves it is ./scheduler.ts.
import { sql } from 'kysely';
import type { DB } from '../../db';
import type { CallContext } from '../../auth/context';
import { defineHooks, type Row } from '../../crud/hooks';
import { whereOf } from '../../crud/filters';
import { publish } from '../../events/bus';
import { badRequest, conflict, invalid } from '../../http/errors';
import { cancelQueued, checkCommand } from '../commands/ledger';
import deviceDef from '../../../resources/device';
import { CAMPAIGN_COUNTS, type CampaignCounts } from '../../../resources/campaign';
import { firmwareOfCommand } from './firmware';

export interface Target {
  devices?: string[];
  filter?: Record<string, unknown>;
}

export interface CampaignRow {
  _id: string;
  name: string;
  command: string;
  params: Record<string, unknown> | null;
  target: Target;
  rate_per_minute: number;
  phases: number[] | null;
  phase_wait_minutes: number;
  window: { from: string; to: string } | null;
  abort: { failed_percent: number; min_outcomes: number; offline_minutes?: number; alarm_minutes?: number };
  state: string;
  phase: number;
  abort_reason: string | null;
  created_by: string;
  integrator: string;
  dealer: string | null;
  phase_done_time: Date | string | null;
  version: number;
}

/** What a browser needs to move a campaign's page and row: its state, phase and why it stopped. */
export const campaignEvent = (
  c: Pick<CampaignRow, '_id' | 'state' | 'phase' | 'abort_reason' | 'integrator' | 'dealer'>,
) => ({
  type: 'campaign.changed' as const,
  integrator: c.integrator,
  dealer: c.dealer,
  data: { _id: c._id, state: c.state, phase: c.phase, abort_reason: c.abort_reason },
});

/** The robot-list filter of a target, judged by the list's own allow-list (an unknown key is a 400 naming it). */
function targetWhere(ctx: CallContext, filter: Record<string, unknown>) {
  return whereOf(deviceDef, ctx, filter);
}

/** Resolves the target once, at start: the campaign's robots (of its brand, and of its store when it has one) in
 * the order they are reached. A robot of another type than an update's image is kept as skipped, so the counts
 * say why it got nothing. Answers how many were targeted. */
async function resolveTarget(trx: DB, ctx: CallContext, c: CampaignRow): Promise<number> {
  let q = trx.selectFrom('device').select(['_id', 'type']).where('integrator', '=', c.integrator);
  if (c.dealer) q = q.where('dealer', '=', c.dealer);
  if (c.target.devices) q = q.where('_id', 'in', c.target.devices);
  else q = q.where(targetWhere(ctx, c.target.filter ?? {}));
  const robots = await q.orderBy('_id').execute();
  if (!robots.length) throw badRequest('vf.campaign.error.empty');
  const image = await firmwareOfCommand(trx, c.command, c.params ?? {});
  await sql`
    INSERT INTO campaign_target (campaign, seq, device, skipped)
    SELECT ${c._id}, t.seq - 1, t.device, t.skipped
      FROM unnest(${robots.map((r) => r._id)}::text[], ${robots.map((r) => !!image && r.type !== image.type)}::boolean[])
           WITH ORDINALITY AS t(device, skipped, seq)`.execute(trx);
  return robots.length;
}

/** The funnel of a campaign's page, from its target and its ledger rows. */
export async function countsOf(db: DB, ids: string[]): Promise<Map<string, CampaignCounts>> {
  const out = new Map<string, CampaignCounts>();
  if (!ids.length) return out;
  const zero = () => Object.fromEntries(CAMPAIGN_COUNTS.map((k) => [k, 0])) as CampaignCounts;
  for (const id of ids) out.set(id, zero());
  const rows = await sql<{ campaign: string; state: string; n: number }>`
    SELECT t.campaign,
           CASE WHEN t.skipped THEN 'skipped' WHEN t.command IS NULL THEN 'waiting'
                WHEN c.state = 'cancelled' OR c.state IS NULL THEN 'skipped' ELSE c.state END AS state,
           count(*)::int AS n
      FROM campaign_target t LEFT JOIN command c ON c._id = t.command
     WHERE t.campaign = ANY(${ids}::text[])
     GROUP BY 1, 2`.execute(db);
  for (const r of rows.rows) {
    const counts = out.get(r.campaign)!;
    counts.targeted += r.n;
    if (r.state in counts) counts[r.state as keyof CampaignCounts] += r.n;
  }
  return out;
}

export const campaignHooks = defineHooks('campaign', {
  async beforeWrite(w) {
    const existing = w.existing as unknown as CampaignRow | undefined;
    const v = w.values;
    // the command and its parameters are judged together, by the catalogue, whichever of the two changed
    if (v.command !== undefined || v.params !== undefined) {
      const checked = checkCommand(v.command ?? existing?.command, v.params ?? existing?.params ?? null);
      await firmwareOfCommand(w.trx, checked.command, checked.params);
      v.params = checked.params;
    }
    const target = v.target as Target | undefined;
    if (target?.filter) targetWhere(w.ctx, target.filter);
    const window = v.window as { from?: string; to?: string } | null | undefined;
    if (window && (!window.from || !window.to)) throw invalid({ window: { key: 'vf.campaign.error.window' } });
    if (window && window.from === window.to) throw invalid({ window: { key: 'vf.campaign.error.window_same' } });
    if (w.mode === 'create') {
      v.phases ??= [100];
      v.state = 'draft';
      v.phase = 0;
      v.created_by = w.ctx.user._id;
    }
  },
  async beforeRemove(a) {
    if (a.existing.state !== 'draft') throw conflict('vf.campaign.error.delete');
  },
  actions: {
    async start(a) {
      await resolveTarget(a.trx, a.ctx, a.existing as unknown as CampaignRow);
      return a.trx
        .updateTable('campaign')
        .set({ state: 'running', phase: 0, start_time: sql<Date>`now()`, phase_done_time: null })
        .where('_id', '=', a.existing._id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    pause: (a) =>
      a.trx
        .updateTable('campaign')
        .set({ state: 'paused' })
        .where('_id', '=', a.existing._id)
        .returningAll()
        .executeTakeFirstOrThrow(),
    resume: (a) =>
      a.trx
        .updateTable('campaign')
        .set({ state: 'running' })
        .where('_id', '=', a.existing._id)
        .returningAll()
        .executeTakeFirstOrThrow(),
    async cancel(a) {
      // what is still queued never reaches its robot; what was handed over already is left to its outcome
      await cancelQueued(a.trx, a.ctx, a.existing._id);
      return a.trx
        .updateTable('campaign')
        .set({ state: 'cancelled', end_time: sql<Date>`now()` })
        .where('_id', '=', a.existing._id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  },
  async afterAction(_name, a) {
    await publish(campaignEvent(a.saved as unknown as CampaignRow), a.trx);
  },
  async presentDetail(rows: Row[], db: DB) {
    const counts = await countsOf(
      db,
      rows.map((r) => String(r._id)),
    );
    for (const r of rows) r.counts = counts.get(String(r._id));
  },
});
