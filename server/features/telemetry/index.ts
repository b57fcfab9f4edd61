// Telemetry (docs/telemetry.md): what robots measure, read back as series, judged by rules, kept as the
// food-safety record, and the fleet's health at a glance (./health.ts, answered on the dashboard's route). The
// points come in with the heartbeat (server/features/gateway/heartbeat.ts → ./presence.ts → ./ingest.ts); this
// plugin owns the reading side and keeps the tables' partitions.
import fp from 'fastify-plugin';
import type { DB } from '../../db';
import { ctxOf } from '../../auth/plugin';
import { ok } from '../../http/envelope';
import { route, obj, str, type EdgeTypes } from '../../http/schema';
import { rangeOf, series, seriesBody, visibleRobot } from './series';
import { startPartitionKeeper, ensurePartitions } from './partitions';
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
  owns: ['telemetry', 'telemetry_hourly', 'telemetry_rule', 'telemetry_rule_state'],
  events: { subscribes: { 'robot.beats': judgeRecorded } },
};
