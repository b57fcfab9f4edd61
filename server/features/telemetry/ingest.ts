// Telemetry in (docs/telemetry.md): a heartbeat's `telemetry: { metric: number }` is checked against the declared
// metrics of the robot's type before anything of the beat is written, then its points go to the database with the
// beat, in the heartbeat's group commit (server/features/gateway/presence.ts): one INSERT of the raw points and one upsert
// of their hourly rollups per batch, not per beat, inside the batch's own statement.
import { sql } from 'kysely';
import { ApiError } from '../../http/errors';
import { METRICS, isMetric, metricsOf } from '../../../resources/telemetry';

export type Telemetry = Record<string, number>;

/** The beat's telemetry, checked: a 400 naming the first undeclared metric or bad value. Undefined when none. */
export function telemetryOf(raw: Record<string, unknown> | null | undefined, robotType: string): Telemetry | undefined {
  if (raw === undefined || raw === null) return undefined;
  const reported = metricsOf(robotType);
  const out: Telemetry = {};
  for (const [metric, value] of Object.entries(raw)) {
    if (!isMetric(metric) || !reported.includes(metric)) {
      throw new ApiError(400, 'vf.telemetry.error.metric', {
        metric: metric.slice(0, 40),
        metrics: reported.join(', '),
      });
    }
    const { min, max } = METRICS[metric];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
      throw new ApiError(400, 'vf.telemetry.error.value', { metric, min, max });
    }
    out[metric] = value;
  }
  return Object.keys(out).length ? out : undefined;
}

export interface Point {
  device: string;
  metric: string;
  value: number;
}

/**
 * The part of the heartbeat batch's statement (server/features/gateway/presence.ts) that writes its points, stamped with the
 * statement's time, and folds them into their hour's min / max / sum / count: no round trip of its own (a separate
 * INSERT per batch cost 1.7× a plain beat's server CPU in `npm run bench`). Points of robots the batch does not find
 * (`old`: deleted since their key was checked) are dropped. The batch is aggregated first: an upsert may touch each
 * hour's row only once.
 */
export function pointsCtes(points: Point[]) {
  return sql`,
    p AS (SELECT p.* FROM unnest(${points.map((p) => p.device)}::text[], ${points.map((p) => p.metric)}::text[],
                                 ${points.map((p) => p.value)}::float8[]) AS p(device, metric, value)
           WHERE p.device IN (SELECT _id FROM old)),
    raw AS (INSERT INTO telemetry (device, metric, t, value) SELECT device, metric, now(), value FROM p),
    rollup AS (
      INSERT INTO telemetry_hourly AS h (device, metric, hour, min, max, sum, count)
      SELECT device, metric, date_bin('1 hour', now(), timestamptz '2000-01-01 00:00:00+00'), min(value), max(value), sum(value), count(*)
        FROM p GROUP BY device, metric
      ON CONFLICT (device, metric, hour) DO UPDATE
         SET min = least(h.min, excluded.min), max = greatest(h.max, excluded.max),
             sum = h.sum + excluded.sum, count = h.count + excluded.count)`;
}
