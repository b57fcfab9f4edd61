// `GET /api/campaign/outcomes/{id}` (docs/campaigns.md "The campaign's page"): the time chart of a campaign's
// outcomes — acknowledged, failed and expired per bucket since it started, from its ledger rows' done times. The
// buckets are whole minutes, widened so that a long campaign still answers at most MAX_OUTCOME_BUCKETS points.
import { sql } from 'kysely';
import type { DB } from '../../db';
import type { CallContext } from '../../auth/context';
import { ctxOf } from '../../auth/plugin';
import { requirePermission } from '../../auth/permissions';
import { loadScoped } from '../../crud/query';
import { ok } from '../../http/envelope';
import { route, obj, str, int, nullable, list, paramsOf, type EdgeInstance } from '../../http/schema';
import campaignDef, {
  CAMPAIGN_OUTCOMES,
  MAX_OUTCOME_BUCKETS,
  type CampaignOutcomePoint,
  type CampaignOutcomes,
} from '../../../resources/campaign';

/** The chart of one campaign the caller may see (404 otherwise, as its detail). `now`: the end of a running one. */
export async function outcomesOf(db: DB, ctx: CallContext, id: unknown, now = new Date()): Promise<CampaignOutcomes> {
  requirePermission(ctx.user, campaignDef.permissions.read);
  const c = await loadScoped(db, ctx, campaignDef, id);
  if (!c.start_time) return { start_time: null, bucket_seconds: 60, points: [] };
  const start = new Date(c.start_time as string | Date);
  const end = c.end_time ? new Date(c.end_time as string | Date) : now;
  const minutes = Math.max(1, Math.ceil((end.getTime() - start.getTime()) / 60_000));
  const bucket = 60 * Math.max(1, Math.ceil(minutes / MAX_OUTCOME_BUCKETS));
  const buckets = Math.max(1, Math.ceil(minutes / (bucket / 60)));
  // on the command_campaign index; an outcome's time is its done_time (acknowledged, failed or expired)
  const rows = await sql<{ b: number; state: (typeof CAMPAIGN_OUTCOMES)[number]; n: number }>`
    SELECT floor(extract(epoch FROM done_time - ${start.toISOString()}::timestamptz) / ${bucket})::int AS b,
           state, count(*)::int AS n
      FROM command
     WHERE campaign = ${String(c._id)} AND state IN ('acknowledged', 'failed', 'expired') AND done_time IS NOT NULL
     GROUP BY 1, 2`.execute(db);
  const points: CampaignOutcomePoint[] = Array.from({ length: buckets }, (_, i) => ({
    t: new Date(start.getTime() + i * bucket * 1000).toISOString(),
    acknowledged: 0,
    failed: 0,
    expired: 0,
  }));
  for (const r of rows.rows) {
    // an outcome stamped before the start (clocks) or after the end (a late acknowledgement) joins the edge bucket
    const i = Math.min(points.length - 1, Math.max(0, r.b));
    points[i][r.state] += r.n;
  }
  return { start_time: start.toISOString(), bucket_seconds: bucket, points };
}

const path = '/api/campaign/outcomes/:id';

export function campaignOutcomeRoutes(app: EdgeInstance, db: DB) {
  app.get(
    path,
    {
      config: { resource: 'campaign' },
      schema: route({
        tags: ['campaign'],
        summary: "A campaign's outcomes over time: acknowledged, failed and expired per bucket since it started",
        description: `Buckets of whole minutes from the start to the end (or now), at most ${MAX_OUTCOME_BUCKETS} of them; no points before the campaign starts. Scoped as its detail (404 for one the caller may not see).`,
        params: paramsOf(path),
        data: obj({
          start_time: nullable(str('when it started')),
          bucket_seconds: int('the width of a bucket'),
          points: list(
            obj({
              t: str("the bucket's start"),
              ...Object.fromEntries(CAMPAIGN_OUTCOMES.map((k) => [k, int(`${k} outcomes within the bucket`)])),
            }),
          ),
        }),
      }),
    },
    async (req) => ok(await outcomesOf(db, ctxOf(req), (req.params as { id: string }).id)),
  );
}
