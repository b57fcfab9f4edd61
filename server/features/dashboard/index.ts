// The dashboard (docs/api.md): figures for a time range and the data of its charts, scoped to the caller's brand or
// store. The queries: ./summary.ts and ./charts.ts; how they read the rollups: ./rollups.ts.

import { route, obj, str, int, anyObject, type JsonSchema, type EdgePlugin } from '../../http/schema';
import type { DB } from '../../db';
import { ctxOf } from '../../auth/plugin';
import { ok } from '../../http/envelope';
import { charts } from './charts';
import { summary } from './summary';
import type { Feature } from '../feature';

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
};

export const dashboard: Feature = {
  name: 'dashboard',
  register: (app, { db }) => app.register(dashboardRoutes, { db }),
};
