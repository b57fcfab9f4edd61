// Replenishment that plans (docs/replenishment.md): forecasts of each product and consumable, kept fresh by a job
// (./refresh.ts) and listed by the generic engine (resources/forecast.ts); their accuracy, backtested
// (./accuracy.ts); and the day's visit plan with its route and pick list (./plan.ts).
import fp from 'fastify-plugin';
import type { DB } from '../../db';
import { ctxOf } from '../../auth/plugin';
import { ok } from '../../http/envelope';
import { route, obj, str, int, list, nullable, refusal, type EdgeTypes, type JsonSchema } from '../../http/schema';
import type { Feature } from '../feature';
import { forecastHooks } from './hooks';
import { startForecastRefresh } from './refresh';
import { accuracy, MAX_ACCURACY_DAYS } from './accuracy';
import { planVisits, MAX_PLAN_STORES, type PlanBody } from './plan';

const num = (description: string, extra: JsonSchema = {}) => ({ type: 'number', description, ...extra });
const timeArg: JsonSchema = {
  type: ['string', 'number'],
  description: 'a day: ISO-8601 or epoch ms',
  maxLength: 40,
  'x-datetime': true,
  ...refusal('vf.forecast.error.range', { days: MAX_ACCURACY_DAYS }),
};
const point = obj(
  {
    lat: num('latitude, WGS-84 degrees', { minimum: -90, maximum: 90 }),
    lng: num('longitude, WGS-84 degrees', { minimum: -180, maximum: 180 }),
  },
  ['lat', 'lng'],
);

const planBody = obj(
  {
    date: str('the store-local day to plan, YYYY-MM-DD', {
      maxLength: 10,
      pattern: '^\\d{4}-\\d{2}-\\d{2}$',
      ...refusal('vf.forecast.error.date'),
    }),
    dealers: list(str('a store _id'), { maxItems: MAX_PLAN_STORES, 'x-ids': true }),
    cover_days: int('days the visit must cover (default 2)', { minimum: 1, maximum: 14 }),
    start: point,
  },
  ['date'],
);

const line = obj({ product: str(), code: str(), name: str(), quantity: int() });
const planData = obj({
  date: str(),
  stops: list(
    obj({
      order: int('1, 2, … in route order'),
      dealer: str(),
      name: str(),
      lat: num('degrees'),
      lng: num('degrees'),
      robots: list(
        obj({
          device: str(),
          name: str(),
          reasons: list(str(undefined, { enum: ['runs_empty', 'consumable', 'alarm', 'locked'] })),
          lines: list(line),
        }),
      ),
    }),
  ),
  skipped: list(obj({ dealer: str(), name: str(), reason: str(undefined, { enum: ['no_coordinates'] }) })),
  distance_km: num('great-circle km along the route'),
  pick_list: list(line),
  tile_url: str("the map tiles' URL (MAP_TILE_URL)"),
});

/** Not encapsulated (fastify-plugin): the refresh job starts and stops with the whole server. */
export const forecastRoutes = fp<{ db: DB }>(async (plain, { db }) => {
  const app = plain.withTypeProvider<EdgeTypes>();
  const tags = ['forecast'];
  app.post(
    '/api/forecast/accuracy',
    {
      schema: route({
        tags,
        summary:
          "The forecasts' backtest over the caller's scope: made with the history up to each day of the range, against what was sold, as WAPE beside the 28-day average's",
        body: obj(
          {
            from: timeArg,
            to: timeArg,
            horizon_days: int('days forecast from each day (1–14, default 7)', { minimum: 1, maximum: 14 }),
          },
          ['from', 'to'],
        ),
        data: obj({
          wape: nullable(num('Σ|sold − forecast| / Σ sold')),
          baseline_wape: nullable(num('the same for vends per day over the previous 28 days')),
          days: int('days with sales compared'),
          horizon_days: int(),
          series: list(
            obj({
              date: str(),
              actual: num('units sold over the horizon'),
              wape: nullable(num('')),
              baseline_wape: nullable(num('')),
            }),
          ),
        }),
      }),
    },
    async (req) => ok(await accuracy(db, ctxOf(req), req.body as Parameters<typeof accuracy>[2])),
  );
  app.post(
    '/api/visit/plan',
    {
      schema: route({
        tags,
        summary:
          'The visits of a day: robots that would run empty before the cover ends, or are alarmed or locked, what to load, the pick list and the route',
        body: planBody,
        data: planData,
      }),
    },
    async (req) => ok(await planVisits(db, ctxOf(req), req.body as PlanBody)),
  );

  let stop: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stop = startForecastRefresh(db, (e) => app.log.error(e, 'forecast refresh'));
  });
  app.addHook('onClose', async () => {
    await stop?.();
  });
});

export const forecast: Feature = {
  name: 'forecast',
  register: (app, { db }) => app.register(forecastRoutes, { db }),
  hooks: [forecastHooks],
  owns: ['forecast', 'visit_plan_day'],
  events: { publishes: ['visit_plan.daily'] }, // ./daily.ts
};
