// Eight weeks of the demo stores' sales, as shops sell (server/demo/demand.ts: each store's weekly and daily rhythm,
// each product's drifting popularity), so that forecasts, their accuracy and a visit plan show on the first start
// (docs/replenishment.md, "The demo's history"). Also where the demo stores are and their zone.
//
// Written in bulk: the orders go in with the per-row rollup triggers off, and what those triggers would have added to
// the sales rollups is summed here and merged in a few statements — the triggers, or rebuilding every rollup, cost
// seconds of the first start.
import { sql, type Insertable } from 'kysely';
import type { DB, Tables } from '../index';
import { generator, hourlyDemand, type Place } from '../../demo/demand';
import { localOf, startOfLocalDay } from '../../localTime';

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
  await addRollups(db, orders);
}

/** A run of 96 quarter-hour values as running totals, as a bigint[] literal. */
const running = (perQuarter: number[]) => {
  let t = 0;
  return `{${perQuarter.map((x) => (t += x)).join(',')}}`;
};

/**
 * What the per-row triggers would have added to the sales rollups for these paid orders (migrations 009, 034, 044,
 * 052), summed here and merged into the rows the demo's other orders made: a few hundred statements' worth of rows
 * in a handful of statements, where rebuilding every rollup from every order took seconds of the first start.
 */
/** What the rollups read of an order this file writes (every one paid, none refunded). */
interface Sold {
  integrator: string;
  dealer: string;
  create_time: string;
  device_type: string | null;
  quantity: number;
  amount: number;
  products: string;
}

async function addRollups(db: DB, written: Insertable<Tables['orders']>[]) {
  const orders = written as Sold[];
  const daily = new Map<
    string,
    { integrator: string; dealer: string; day: string; orders: number; quantity: number; fee: number }
  >();
  const quarters = new Map<
    string,
    {
      integrator: string;
      dealer: string;
      day: string;
      type: string;
      orders: number[];
      quantity: number[];
      fee: number[];
    }
  >();
  const products = new Map<
    string,
    { integrator: string; dealer: string; day: string; code: string; name: string; quantity: number[]; fee: number[] }
  >();
  const zero = () => new Array<number>(96).fill(0);
  for (const o of orders) {
    const time = String(o.create_time);
    const day = time.slice(0, 10);
    const q = Math.floor((Date.parse(time) - Date.parse(`${day}T00:00:00Z`)) / 900_000);
    const base = { integrator: o.integrator, dealer: o.dealer, day };
    const dk = `${o.dealer}|${day}`;
    const d = daily.get(dk) ?? { ...base, orders: 0, quantity: 0, fee: 0 };
    d.orders += 1;
    d.quantity += o.quantity;
    d.fee += o.amount;
    daily.set(dk, d);
    const type = o.device_type ?? 'unknown';
    const qk = `${dk}|${type}`;
    const h = quarters.get(qk) ?? { ...base, type, orders: zero(), quantity: zero(), fee: zero() };
    h.orders[q] += 1;
    h.quantity[q] += o.quantity;
    h.fee[q] += o.amount;
    quarters.set(qk, h);
    for (const item of JSON.parse(String(o.products)) as Array<{
      code: string;
      name: string;
      quantity: number;
      price: number;
    }>) {
      const pk = `${dk}|${item.code}`;
      const p = products.get(pk) ?? { ...base, code: item.code, name: item.name, quantity: zero(), fee: zero() };
      p.quantity[q] += item.quantity;
      p.fee[q] += item.quantity * item.price;
      products.set(pk, p);
    }
  }
  const chunks = <T>(xs: T[]) =>
    Array.from({ length: Math.ceil(xs.length / 200) }, (_, i) => xs.slice(i * 200, i * 200 + 200));
  for (const part of chunks([...daily.values()]))
    await sql`INSERT INTO orders_daily AS d (dealer, day, integrator, orders, quantity, fee, refund_orders, refund_fee)
      VALUES ${sql.join(part.map((r) => sql`(${r.dealer}, ${r.day}::date, ${r.integrator}, ${r.orders}, ${r.quantity}, ${r.fee}, 0, 0)`))}
      ON CONFLICT (integrator, dealer, day) DO UPDATE SET orders = d.orders + EXCLUDED.orders,
        quantity = d.quantity + EXCLUDED.quantity, fee = d.fee + EXCLUDED.fee`.execute(db);
  const none = running(zero());
  for (const part of chunks([...quarters.values()]))
    await sql`INSERT INTO orders_quarters AS h (integrator, dealer, day, device_type, orders, quantity, fee, refund_orders, refund_fee, sold_refund_fee)
      VALUES ${sql.join(
        part.map(
          (r) =>
            sql`(${r.integrator}, ${r.dealer}, ${r.day}::date, ${r.type}, ${running(r.orders)}::bigint[], ${running(r.quantity)}::bigint[],
                 ${running(r.fee)}::bigint[], ${none}::bigint[], ${none}::bigint[], ${none}::bigint[])`,
        ),
      )}
      ON CONFLICT (integrator, dealer, day, device_type) DO UPDATE SET orders = orders_quarters_plus(h.orders, EXCLUDED.orders),
        quantity = orders_quarters_plus(h.quantity, EXCLUDED.quantity), fee = orders_quarters_plus(h.fee, EXCLUDED.fee)`.execute(
      db,
    );
  for (const part of chunks([...products.values()])) {
    await sql`INSERT INTO orders_products_quarters AS p (integrator, dealer, day, code, name, quantity, fee)
      VALUES ${sql.join(part.map((r) => sql`(${r.integrator}, ${r.dealer}, ${r.day}::date, ${r.code}, ${r.name}, ${running(r.quantity)}::bigint[], ${running(r.fee)}::bigint[])`))}
      ON CONFLICT (integrator, dealer, day, code) DO UPDATE SET name = greatest(p.name, EXCLUDED.name),
        quantity = orders_quarters_plus(p.quantity, EXCLUDED.quantity), fee = orders_quarters_plus(p.fee, EXCLUDED.fee)`.execute(
      db,
    );
    await sql`INSERT INTO orders_products_daily AS p (integrator, dealer, day, code, name, quantity, fee)
      VALUES ${sql.join(
        part.map(
          (r) =>
            sql`(${r.integrator}, ${r.dealer}, ${r.day}::date, ${r.code}, ${r.name}, ${r.quantity.reduce((a, b) => a + b, 0)}, ${r.fee.reduce((a, b) => a + b, 0)})`,
        ),
      )}
      ON CONFLICT (integrator, dealer, day, code) DO UPDATE SET name = greatest(p.name, EXCLUDED.name),
        quantity = p.quantity + EXCLUDED.quantity, fee = p.fee + EXCLUDED.fee`.execute(db);
  }
  // the dashboard's cached days see a change (migration 052)
  for (const part of chunks([...daily.values()]))
    await sql`INSERT INTO orders_day_version AS v (integrator, dealer, day)
      VALUES ${sql.join(part.map((r) => sql`(${r.integrator}, ${r.dealer}, ${r.day}::date)`))}
      ON CONFLICT (integrator, dealer, day) DO UPDATE SET version = nextval('orders_day_version_seq')`.execute(db);
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
