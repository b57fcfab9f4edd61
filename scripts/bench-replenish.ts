// `npm run bench:replenish` (docs/replenishment.md, "The bench"): no server, no wall clock — simulated days.
//
// 1. The backtest: the forecast method against the vending suites' rule (vends per day over the last 28 days), as
//    WAPE over 7-day horizons, on demo-like demand (stores with a weekly and daily rhythm) and on flat demand.
// 2. The policies: a fleet run for four simulated weeks (after eight weeks of history) under
//    (a) today's rule: each morning, visit every robot with a product below warn_stock (20 % of capacity);
//    (b) the plan's: each morning, visit every robot the forecast has running empty before the end of the cover
//        (`--cover` days from this round, default 1: until the next morning's), by the early end of the 80 % interval, the forecast learning from the sales it saw (a sold-out hour is
//        not read as no demand).
//    A visit fills every product of the robot to capacity under both, so the rule of when to visit is what differs.
//    Reported: robot visits, store stops, km driven (great-circle, from the depot, the plan's route), units loaded,
//    and stock-out hours (product × robot hours at zero stock while the store was open and demand expected).
// 3. BENCH_REFRESH=1 DATABASE_URL=postgres://… instead: what the forecast refresh costs for 10,000 robots × 20
//    products on PostgreSQL, start-up and an hour of sales (scripts/bench-replenish-refresh.ts says how).
import { generator, hourlyDemand, DAY_SHAPE, type Place } from '../server/demo/demand';
import {
  backtest,
  blendLevel,
  emptying,
  hourShape,
  ownLevel,
  seasonal,
  weeklyRhythm,
  type Day,
} from '../server/features/forecast/method';
import { pathKm, route, type Point } from '../server/features/forecast/route';
import { benchRefresh } from './bench-replenish-refresh';

const args = new Map(
  process.argv
    .slice(2)
    .map((a) => /^--([a-z-]+)=(.*)$/.exec(a))
    .filter((m): m is RegExpExecArray => !!m)
    .map((m) => [m[1], m[2]]),
);
const num = (name: string, d: number) => (args.has(name) ? Number(args.get(name)) : d);
const STORES = num('stores', 20);
const COVER = num('cover', 1);
const SEED = num('seed', 42);
const HISTORY = 56;
const DAYS = 28;
const PLACES: Place[] = ['station', 'mall', 'campus'];
const OPEN_FROM = 7; // the morning round: visits are made at 07:00 local, before most sales

// ---- 1. backtest -------------------------------------------------------------------------------------------------
/** Over five fleets of three stores (seeds SEED … SEED + 4), so one lucky draw does not decide it. */
function backtestOn(kind: 'demo' | 'flat') {
  let actual = 0;
  let err = 0;
  let base = 0;
  for (let run = 0; run < 5; run++) {
    const rnd = generator(SEED + run);
    for (const place of PLACES) {
      // like the demo: five products a store, 3 to 9 a day
      const items: Day[][] = Array.from({ length: 5 }, () =>
        hourlyDemand(rnd, kind === 'flat' ? 'flat' : place, 1, HISTORY + 1, 3 + 6 * rnd()).map((h, d) => ({
          weekday: (1 + d) % 7,
          sold: h.reduce((a, b) => a + b, 0),
        })),
      );
      const store = items[0].map((d, i) => ({ weekday: d.weekday, sold: items.reduce((s, it) => s + it[i].sold, 0) }));
      const r = backtest(
        items,
        28,
        HISTORY - 7,
        7,
        () => (h, w, n) => seasonal({ level: null, rhythm: weeklyRhythm(store.slice(0, h.length)) })(h, w, n),
      );
      for (const s of r.series) {
        actual += s.actual;
        err += s.error;
        base += s.baseline_error;
      }
    }
  }
  return { wape: err / actual, baseline: base / actual };
}

// ---- 2. policies -------------------------------------------------------------------------------------------------
interface Product {
  capacity: number;
  warn: number;
  demand: number[][]; // per day, per hour (history and the simulated weeks)
}
interface Robot {
  store: number;
  products: Product[];
}
interface Store extends Point {
  place: Place;
}

function fleet() {
  const rnd = generator(SEED + 1);
  const depot: Point = { lat: 31.2304, lng: 121.4737 };
  const stores: Store[] = Array.from({ length: STORES }, (_, i) => ({
    lat: depot.lat + (rnd() - 0.5) * 0.25,
    lng: depot.lng + (rnd() - 0.5) * 0.3,
    place: PLACES[i % PLACES.length],
  }));
  const robots: Robot[] = [];
  stores.forEach((s, i) => {
    for (let r = 0; r < 1 + Math.floor(rnd() * 2); r++)
      robots.push({
        store: i,
        products: Array.from({ length: 6 }, () => {
          const capacity = 60 + 20 * Math.floor(rnd() * 4);
          return {
            capacity,
            warn: Math.round(capacity * 0.2),
            demand: hourlyDemand(rnd, s.place, 1, HISTORY + DAYS, 2 + 14 * rnd() * rnd()),
          };
        }),
      });
  });
  return { depot, stores, robots };
}

interface Result {
  visits: number;
  stops: number;
  km: number;
  loaded: number;
  stockoutHours: number;
}

type Decide = (day: number, stock: number[][], sold: Day[][], robots: Robot[], stores: Store[]) => Set<number>;

function simulate(decide: Decide): Result {
  const { depot, stores, robots } = fleet();
  const stock = robots.map((r) => r.products.map((p) => p.capacity));
  // what each product sold (its sales, not its demand), per day, with the hours it was on sale
  const sold: Day[][] = robots.flatMap((r) => r.products.map(() => [] as Day[]));
  const res: Result = { visits: 0, stops: 0, km: 0, loaded: 0, stockoutHours: 0 };
  for (let day = 0; day < HISTORY + DAYS; day++) {
    const simulated = day >= HISTORY;
    // the morning round (during the history the fleet is kept full, so its sales are its demand)
    const visit = simulated ? decide(day, stock, sold, robots, stores) : new Set(robots.map((_, i) => i));
    if (simulated) {
      const at = [...new Set([...visit].map((i) => robots[i].store))];
      const order = route(
        depot,
        at.map((s) => stores[s]),
      );
      res.km += pathKm(
        depot,
        at.map((s) => stores[s]),
        order,
      );
      res.stops += at.length;
      res.visits += visit.size;
    }
    for (const i of visit)
      robots[i].products.forEach((p, k) => {
        if (simulated) res.loaded += p.capacity - stock[i][k];
        stock[i][k] = p.capacity;
      });
    let n = 0;
    robots.forEach((r, i) =>
      r.products.forEach((p, k) => {
        const weekday = (1 + day) % 7;
        const onSale = new Array<boolean>(24).fill(true);
        const today: Day = { weekday, sold: 0, onSale };
        for (let h = 0; h < 24; h++) {
          const wanted = p.demand[day][h];
          const open = DAY_SHAPE[stores[r.store].place][h] > 0;
          if (stock[i][k] === 0) {
            onSale[h] = false;
            if (simulated && open) res.stockoutHours += 1;
          }
          const sale = Math.min(wanted, stock[i][k]);
          stock[i][k] -= sale;
          today.sold += sale;
        }
        sold[n++].push(today);
      }),
    );
  }
  res.km = Math.round(res.km);
  return res;
}

/** (a) any product of the robot below warn_stock this morning. */
const byWarnStock: Decide = (_day, stock, _sold, robots) =>
  new Set(robots.flatMap((r, i) => (r.products.some((p, k) => stock[i][k] < p.warn) ? [i] : [])));

/** (b) the forecast has a product of the robot running empty before the cover ends (the plan's rule). */
const byPlan: Decide = (day, stock, sold, robots, stores) => {
  const visit = new Set<number>();
  // each store's rhythm and shape from all its products' sales so far
  const byStore = new Map<number, Day[][]>();
  let n = 0;
  const index: Array<[number, number, number]> = [];
  robots.forEach((r, i) =>
    r.products.forEach((_, k) => {
      if (!byStore.has(r.store)) byStore.set(r.store, []);
      byStore.get(r.store)!.push(sold[n]);
      index.push([i, k, n++]);
    }),
  );
  const rhythms = new Map<number, ReturnType<typeof weeklyRhythm>>();
  const shapes = new Map<number, ReturnType<typeof hourShape>>();
  for (const [s, items] of byStore) {
    const days = items[0].map((d, x) => ({ weekday: d.weekday, sold: items.reduce((t, it) => t + it[x].sold, 0) }));
    rhythms.set(s, weeklyRhythm(days.slice(-HISTORY)));
    // the shape the store's hours of sale show (the simulator knows its own; learnt from sales it would be the same)
    shapes.set(s, hourShape(DAY_SHAPE[stores[s].place].map((x) => x * 1000)));
  }
  for (const [i, k, x] of index) {
    const s = robots[i].store;
    const rhythm = rhythms.get(s)!;
    const shape = shapes.get(s)!;
    const history = sold[x].slice(-HISTORY);
    const level = blendLevel(ownLevel(history, rhythm, shape), null);
    const e = emptying(stock[i][k], level, rhythm, shape, { weekday: (1 + day) % 7, hour: OPEN_FROM });
    // the early end of its 80 % interval before the next round (COVER days from now): visit now
    if (e && e.low < 24 * COVER) visit.add(i);
  }
  return visit;
};

function main() {
  const demo = backtestOn('demo');
  const flat = backtestOn('flat');
  const a = simulate(byWarnStock);
  const b = simulate(byPlan);
  const pct = (x: number, y: number) => (y > 0 ? `${x > y ? '+' : ''}${Math.round(((x - y) / y) * 100)} %` : '—');
  console.log(`backtest, 7-day horizons, 5 × 3 stores × 5 products, WAPE (lower is better)`);
  console.log(
    `  demo-like demand: forecast ${demo.wape.toFixed(3)}  28-day average ${demo.baseline.toFixed(3)}  (${pct(demo.wape, demo.baseline)})`,
  );
  console.log(
    `  flat demand:      forecast ${flat.wape.toFixed(3)}  28-day average ${flat.baseline.toFixed(3)}  (${pct(flat.wape, flat.baseline)})`,
  );
  console.log(`\npolicies over ${DAYS} simulated days, ${STORES} stores, cover ${COVER} day(s), seed ${SEED}`);
  console.log(
    `  ${'policy'.padEnd(28)}${'visits'.padStart(8)}${'stops'.padStart(8)}${'km'.padStart(8)}${'loaded'.padStart(9)}${'stock-out h'.padStart(13)}`,
  );
  for (const [name, r] of [
    ['(a) below warn_stock', a],
    ['(b) the plan', b],
  ] as const)
    console.log(
      `  ${name.padEnd(28)}${String(r.visits).padStart(8)}${String(r.stops).padStart(8)}${String(r.km).padStart(8)}${String(r.loaded).padStart(9)}${String(r.stockoutHours).padStart(13)}`,
    );
  console.log(
    `  (b) against (a): visits ${pct(b.visits, a.visits)}, km ${pct(b.km, a.km)}, stock-out hours ${pct(b.stockoutHours, a.stockoutHours)}`,
  );
}

if (process.env.BENCH_REFRESH === '1') await benchRefresh();
else main();
