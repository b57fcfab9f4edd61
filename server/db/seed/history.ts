// Eight weeks of the demo stores' sales, as shops sell (server/demo/demand.ts: each store's weekly and daily rhythm,
// each product's drifting popularity), so that forecasts, their accuracy and a visit plan show on the first start
// (docs/replenishment.md, "The demo's history"). Also where the demo stores are and their zone.
//
// Written in bulk: the orders go in with the per-row rollup triggers off, and the rollups are then rebuilt from all
// orders in one pass each (orders_rollups_rebuild, migration 052) — the triggers would cost seconds of the first
// start for figures the rebuild makes the same.
import { sql, type Insertable } from 'kysely';
import type { DB, Tables } from '../index';
import { generator, hourlyDemand, type Place } from '../../demo/demand';
import { localOf, startOfLocalDay } from '../../features/forecast/time';

export const HISTORY_WEEKS = 8;
const HOUR_MS = 3_600_000;

/** Where the demo stores are, their zone and their kind of place. */
export const DEMO_PLACES: Record<string, { lat: number; lng: number; tz: string; place: Place }> = {
  store_a1: { lat: 31.2497, lng: 121.4556, tz: 'Asia/Shanghai', place: 'station' },
  store_a2: { lat: 31.2368, lng: 121.5019, tz: 'Asia/Shanghai', place: 'mall' },
  store_b1: { lat: 39.9991, lng: 116.3051, tz: 'Asia/Shanghai', place: 'campus' },
};

/** The demo stores' coordinates and zone (every demo database: the visit plan has a route to draw). */
export async function seedPlaces(db: DB) {
  for (const [dealer, p] of Object.entries(DEMO_PLACES))
    await db.updateTable('dealer').set({ lat: p.lat, lng: p.lng, tz: p.tz }).where('_id', '=', dealer).execute();
}

/** The eight weeks of sales: the first start's, not every test database's (those keep their few hundred orders). */
export async function seedSalesHistory(db: DB, now = Date.now()) {
  const products = await db
    .selectFrom('product')
    .select(['_id', 'integrator', 'dealer', 'code', 'name', 'price', 'type', 'stock'])
    .where('dealer', 'in', Object.keys(DEMO_PLACES))
    .orderBy('_id')
    .execute();
  const devices = await db
    .selectFrom('device')
    .select(['_id', 'name', 'type', 'dealer'])
    .where('dealer', 'in', Object.keys(DEMO_PLACES))
    .orderBy('_id')
    .execute();
  const rnd = generator(20261128);
  const orders: Insertable<Tables['orders']>[] = [];
  const days = HISTORY_WEEKS * 7;
  for (const product of products) {
    const place = DEMO_PLACES[product.dealer];
    const robots = devices.filter((d) => d.dealer === product.dealer && d.type === product.type);
    if (!place || robots.length === 0) continue;
    const today = localOf(place.tz, now).day;
    const first = today - days;
    const wanted = hourlyDemand(rnd, place.place, (((first + 4) % 7) + 7) % 7, days + 1, 3 + 6 * rnd());
    // a product the demo shows sold out stopped selling when it ran out, most of a day ago
    const soldOutAt = product.stock === 0 ? now - 20 * HOUR_MS : Infinity;
    wanted.forEach((hours, d) => {
      const dayStart = startOfLocalDay(place.tz, first + d);
      hours.forEach((units, h) => {
        let left = units;
        let n = 0;
        while (left > 0) {
          const quantity = Math.min(left, 1 + Math.floor(rnd() * rnd() * 3));
          left -= quantity;
          const at = dayStart + h * HOUR_MS + Math.floor(rnd() * HOUR_MS);
          if (at >= now - 10 * 60_000 || at >= soldOutAt) continue;
          const robot = robots[(d + h + n++) % robots.length];
          orders.push(order(product, robot, quantity, at, orders.length));
        }
      });
    });
  }
  await sql`SET LOCAL session_replication_role = replica`.execute(db);
  for (let i = 0; i < orders.length; i += 500)
    await db
      .insertInto('orders')
      .values(orders.slice(i, i + 500))
      .execute();
  await sql`SET LOCAL session_replication_role = origin`.execute(db);
  await sql`SELECT orders_rollups_rebuild()`.execute(db);
}

function order(
  p: { _id: string; integrator: string; dealer: string; code: string; name: string; price: number },
  robot: { _id: string; name: string; type: string },
  quantity: number,
  at: number,
  n: number,
): Insertable<Tables['orders']> {
  const time = new Date(at).toISOString();
  const amount = p.price * quantity;
  const item = {
    item: 1,
    product: p._id,
    code: p.code,
    name: p.name,
    price: p.price,
    quantity,
    options: [],
    work_status: 'END',
  };
  return {
    _id: `demo_hist_${String(n).padStart(5, '0')}`,
    integrator: p.integrator,
    dealer: p.dealer,
    device: robot._id,
    device_type: robot.type as Insertable<Tables['orders']>['device_type'],
    device_name: robot.name,
    channel: n % 5 < 3 ? 'MINIPROGRAM' : 'APP',
    status: 'CLOSE',
    pay_status: 'PAID',
    pay_time: time,
    pay_type: n % 10 < 7 ? 'WECHAT' : 'ALIPAY',
    work_status: 'END',
    amount,
    quantity,
    products: JSON.stringify([item]),
    flow: JSON.stringify([]),
    pickup_point: robot.name,
    pickup_code: String(1000 + (n % 9000)),
    end_type: 'NORMAL',
    refund_amount: 0,
    forward: false,
    create_time: time,
    update_time: time,
    close_time: new Date(at + 400_000).toISOString(),
  };
}
