// The daily visit plan (docs/notifications.md "Policy events"): from VISIT_PLAN_HOUR on each store's own clock, the
// store's plan of its local day (./plan.ts) is made once and published as `visit_plan.daily`, which the notify
// feature sends to the policies that select it (a store's restockers). Run on the forecasts' refresh tick
// (./refresh.ts), in every process: the row of visit_plan_day (primary key: store and day) is inserted by one of
// them, and only that one makes and publishes the plan, in the same transaction — a job run twice, or by two
// processes, tells each store once a day.
import { sql } from 'kysely';
import type { DB } from '../../db';
import { setting } from '../../config';
import { publishInTransaction } from '../../events/domain';
import { dateOfDay, localOf, serverZone } from '../../localTime';
import { planOf } from './plan';

/** Makes and publishes the plans come due; resolves with how many stores' days it made (0 when all were made). */
export async function dailyPlans(db: DB, now = new Date()): Promise<number> {
  const hour = setting('VISIT_PLAN_HOUR');
  const stores = await db
    .selectFrom('dealer')
    .select(['_id', 'name', 'lat', 'lng', 'tz', 'integrator'])
    .where('status', '=', 'normal')
    .execute();
  // one statement for the days already made (yesterday's too: the stores' clocks differ by up to a day)
  const made = new Set(
    (
      await db
        .selectFrom('visit_plan_day')
        .select(['dealer', 'day'])
        .where('day', '>=', sql<Date>`${dateOfDay(Math.floor(now.getTime() / 86_400_000) - 1)}::date`)
        .execute()
    ).map((r) => `${r.dealer}/${dayText(r.day)}`),
  );
  let count = 0;
  for (const store of stores) {
    if (!store.integrator) continue;
    const local = localOf(store.tz ?? serverZone(), now.getTime());
    const date = dateOfDay(local.day);
    if (local.hour < hour || made.has(`${store._id}/${date}`)) continue;
    const brand = store.integrator;
    count += await db.transaction().execute(async (trx) => {
      const mine = await trx
        .insertInto('visit_plan_day')
        .values({ dealer: store._id, day: date })
        .onConflict((oc) => oc.columns(['dealer', 'day']).doNothing())
        .returning('dealer')
        .executeTakeFirst();
      if (!mine) return 0; // another process (or an earlier run) made it
      // one store: its route is itself, so a store without coordinates is planned as one with them
      const plan = await planOf(
        trx,
        [{ ...store, lat: store.lat ?? 0, lng: store.lng ?? 0 }],
        { date },
        local.day,
        now,
      );
      const stop = plan.stops[0];
      // nothing to visit: nothing to tell
      if (stop)
        await publishInTransaction(trx, 'visit_plan.daily', {
          dealer: store._id,
          store: store.name,
          integrator: brand,
          day: date,
          robots: stop.robots.map((r) => ({
            name: r.name,
            reasons: r.reasons,
            lines: r.lines.map((l) => ({ code: l.code, name: l.name, quantity: l.quantity })),
          })),
        });
      return 1;
    });
  }
  return count;
}

/** A `date` column as read (a Date at local midnight, server/db/schema/hand.ts) as YYYY-MM-DD. */
function dayText(d: Date | string): string {
  if (typeof d === 'string') return d.slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
