// The dashboard (docs/api.md): figures for a time range and the data of its charts, scoped to the caller's brand or
// store, and the fleet's health (docs/telemetry.md "Fleet health", worked out by the telemetry feature). The queries: ./summary.ts and ./charts.ts; how they read the rollups: ./rollups.ts.

import { route, obj, str, int, nullable, anyObject, type JsonSchema, type EdgePlugin } from '../../http/schema';
import type { DB } from '../../db';
import { ctxOf } from '../../auth/plugin';
import { ok } from '../../http/envelope';
import { charts } from './charts';
import { summary } from './summary';
import type { Feature } from '../feature';
import { fleetHealth } from '../telemetry/health';
import { rangeBody as fleetRange, rangeOf } from '../telemetry/series';

const when: JsonSchema = { type: ['string', 'integer'], description: 'ISO-8601 time or epoch milliseconds' };
const rangeBody = obj(
  {
    from: when,
    to: when,
    tz_offset: {
      type: ['integer', 'string'],
      minimum: -840,
      maximum: 840,
      description: "the caller's offset from UTC in minutes (whole days are its days)",
    },
    integrator: str('only this brand'),
    dealer: str('only this store'),
  },
  ['from', 'to'],
);
const tags = ['dashboard'];
const num = (description?: string) => ({ type: 'number', ...(description ? { description } : {}) });
const counts = obj({
  online: int(),
  offline: int(),
  failure: int('robots in state failure'),
  locked: int('robots whose lock was acknowledged'),
});

export const dashboardRoutes: EdgePlugin<{ db: DB }> = async (app, { db }) => {
  app.post(
    '/api/dashboard/summary',
    {
      schema: route({
        tags,
        summary: 'Figures of the sold orders created in [from, to] (about three years at most); money in cents',
        body: rangeBody,
        data: obj({
          orders: int(),
          quantity: int(),
          fee: int(),
          refund_orders: int(),
          refund_fee: int(),
          real_fee: int('fee - refund_fee'),
          from: str(),
          to: str(),
        }),
      }),
    },
    async (req) => ok(await summary(db, ctxOf(req), req.body)),
  );
  app.post(
    '/api/dashboard/charts',
    {
      schema: route({
        tags,
        summary: 'The dashboard charts: sales by period, by robot type, top products, robots by state',
        body: rangeBody,
        data: obj({
          sales_unit: str(),
          sales: { type: 'array', items: anyObject() },
          by_type: { type: 'array', items: anyObject() },
          top_products: { type: 'array', items: anyObject() },
          robots: { type: 'array', items: anyObject() },
        }),
      }),
    },
    async (req) => ok(await charts(db, ctxOf(req), req.body)),
  );
  app.post(
    '/api/dashboard/fleet',
    {
      schema: route({
        tags,
        summary:
          "The fleet's health for the caller's scope: robots by status, active alarms by level, per store uptime and the median time to clear an alarm over the range, and the firmware versions in the fleet",
        body: fleetRange,
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
          versions: {
            type: 'array',
            description:
              'the firmware versions the robots run, per robot type: type, then most robots first (firmware_version null: never reported)',
            items: obj({ type: str(), firmware_version: nullable(str()), count: int() }),
          },
        }),
      }),
    },
    async (req) => ok(await fleetHealth(db, ctxOf(req), rangeOf(req.body))),
  );
};

export const dashboard: Feature = {
  name: 'dashboard',
  register: (app, { db }) => app.register(dashboardRoutes, { db }),
};
