// Telemetry (docs/telemetry.md): what robots measure, read back as series, judged by rules, kept as the
// food-safety record, and the fleet's health at a glance. The points come in with the heartbeat
// (server/features/gateway/heartbeat.ts → ./presence.ts → ./ingest.ts); this plugin owns the reading side and
// keeps the tables' partitions.
import fp from 'fastify-plugin';
import type { DB } from '../../db';
import { ctxOf } from '../../auth/plugin';
import { ok } from '../../http/envelope';
import { route, obj, str, int, nullable, type EdgeTypes } from '../../http/schema';
import { rangeBody, rangeOf, series, seriesBody, visibleRobot } from './series';
import { startPartitionKeeper, ensurePartitions } from './partitions';
import { fleetHealth } from './health';
import { exportReport, reportBody } from './report';
import { sendFile } from '../../crud/export';
import { requestLang } from '../../http/envelope';
import type { Feature } from '../feature';
import { telemetryRuleHooks } from './ruleHooks';
import { judgeRecorded } from './beats';

const tags = ['telemetry'];
const num = (description?: string) => ({ type: 'number', ...(description ? { description } : {}) });

/** Not encapsulated (fastify-plugin): its start and stop hooks (the partition keeper) belong to the whole server. */
export const telemetryRoutes = fp<{ db: DB }>(async (plain, { db }) => {
  const app = plain.withTypeProvider<EdgeTypes>(); // bodies typed from their schemas
  app.post(
    '/api/telemetry/series',
    {
      schema: route({
        tags,
        summary: "A robot's metric over a time range: raw points up to 48 hours, hourly min / max / avg beyond",
        body: seriesBody,
        data: obj({
          metric: str(),
          unit: str(),
          step: str(undefined, { enum: ['raw', 'hour'] }),
          points: { type: 'array', items: obj({ t: str(), min: num(), max: num(), avg: num() }) },
        }),
      }),
    },
    async (req) => {
      const range = rangeOf(req.body);
      const robot = await visibleRobot(db, ctxOf(req), req.body.device);
      return ok(await series(db, robot._id, req.body.metric, range));
    },
  );

  // the food-safety record, streamed like every export (server/crud/export.ts)
  app.post(
    '/api/telemetry/report/export',
    {
      schema: route({
        tags,
        summary:
          'The food-safety record: per robot and local day, min / max / avg of a metric and minutes outside each rule, as xlsx or CSV',
        body: reportBody,
        raw: { contentType: 'application/octet-stream', description: 'the file (xlsx or CSV)' },
      }),
    },
    async (req, reply) => {
      const file = await exportReport(db, ctxOf(req), req.body, requestLang(req), (err) =>
        req.log.error({ err }, 'food-safety export failed'),
      );
      return sendFile(reply, file);
    },
  );

  const counts = obj({
    online: int(),
    offline: int(),
    failure: int('robots in state failure'),
    locked: int('robots whose lock was acknowledged'),
  });
  app.post(
    '/api/dashboard/fleet',
    {
      schema: route({
        tags: ['dashboard'],
        summary:
          "The fleet's health for the caller's scope: robots by status, active alarms by level, and per store uptime and the median time to clear an alarm over the range",
        body: rangeBody,
        data: obj({
          robots: obj({ total: int(), ...(counts.properties as Record<string, object>) }),
          alarms: obj({ warning: int(), error: int() }),
          menu_outdated: int(
            "robots whose menu differs from their store's (robots that never reported a version are not counted)",
          ),
          sold_out: int('sold-out product lines (the restock list)'),
          running_empty: int('robots the forecasts have running empty (a product or a consumable) within 24 hours'),
          stores: {
            type: 'array',
            items: obj({
              dealer: nullable(str()),
              ...(counts.properties as Record<string, object>),
              uptime: num('0–1 over the range'),
              clear_median_minutes: nullable(num()),
            }),
          },
        }),
      }),
    },
    async (req) => ok(await fleetHealth(db, ctxOf(req), rangeOf(req.body))),
  );

  let stop: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    // the partitions of today exist before the first beat is taken; then kept every hour
    await ensurePartitions(db);
    stop = startPartitionKeeper(db, (e) => app.log.error(e, 'telemetry partitions'));
  });
  app.addHook('onClose', async () => {
    await stop?.();
  });
});

export const telemetry: Feature = {
  name: 'telemetry',
  register: (app, { db }) => app.register(telemetryRoutes, { db }),
  hooks: [telemetryRuleHooks],
  events: { subscribes: { 'robot.beats': judgeRecorded } },
};
