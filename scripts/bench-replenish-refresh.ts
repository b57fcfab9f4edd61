// `BENCH_REFRESH=1 DATABASE_URL=postgres://… npm run bench:replenish` (scripts/bench-replenish.ts): what the
// forecast refresh costs for 10,000 robots × 20 products on PostgreSQL (docs/replenishment.md, "What a refresh
// costs"). A database vf_bench_refresh beside the one named, made anew.
//
// The fleet (set-based, generate_series): 100 brands of 50 stores (zone Asia/Shanghai), each store a coffee robot and
// an ice-cream robot, each robot type 20 products of the store (stock 20–120; one in 100 sold out, one in 50 unlimited)
// — 10,000 robots, 200,000 products. The history the forecast reads, written as the rollup triggers would have:
// orders_products_quarters (per store, UTC day and code, 96 running quarter totals) for the 57 days before the hour,
// orders_products_daily (the brand's fallback) the same days — for one store in ten (BENCH_REFRESH_HISTORY: the
// share; all stores' ~10 million rows of 1.6 kB take longer to write than the bench may run; the others are new
// stores) — and telemetry_hourly for 7 days of each robot's consumables. Then ANALYZE.
//
// The hour: sales at 3 items an hour per robot (30,000 in the hour; a product sells 0.15 an hour on average), each
// an order of one item inserted with the rollup triggers on and its product's stock taken (stock − 1, update_time),
// as a sale is recorded (server/features/orders/flow.ts, catalog/stock.ts) — set-based, 2,500 per 5 minutes. After
// each 5 minutes, the refresh job's run at that simulated moment (refresh.ts `refreshRun`, what the server's timer
// calls every FORECAST_REFRESH_SECONDS, 300 by default): 12 runs, the one an hour after start-up the hourly full one.
// The start-up's first full run is measured on its own. No wall clock is waited for.
//
// Measured per run: this process's CPU (process.cpuUsage: the refresh's JavaScript and its driver), and the
// database's planning + execution time and statements (pg_stat_statements, reset before each run; needs
// shared_preload_libraries = pg_stat_statements, and pg_stat_statements.track_planning = on for planning time).
// BENCH_REFRESH_BEFORE=1 also times one run as it was before the store models (every changed store computed from its
// history, no cache) — the cost the target missed by. BENCH_REFRESH_ROBOTS: fewer robots (even; 10,000 by default).
// BENCH_REFRESH_MIDNIGHT=1: the hour after the stores' local midnight instead, when every store's model of the day is
// made for the new day — start-up at 23:30, five runs to 23:55 (not counted), then the hour of runs 00:00 … 00:55
// (its hourly full run at 00:30); the history then runs to the day that closes at midnight.
import os from 'node:os';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type DB } from '../server/db';
import { migrate } from '../server/db/migrate';
import { refreshForecasts, refreshRun, newRefreshState } from '../server/features/forecast/refresh';

const URL_ = process.env.DATABASE_URL;
const ROBOTS = Number(process.env.BENCH_REFRESH_ROBOTS ?? 10_000);
const PRODUCTS = 20; // per robot (type) of a store
const STORES_PER_BRAND = 50;
const STORES = ROBOTS / 2;
const BRANDS = Math.max(1, Math.round(STORES / STORES_PER_BRAND));
const RATE = 3; // items an hour per robot
const TICK_MIN = 5; // FORECAST_REFRESH_SECONDS / 60
const HISTORY_DAYS = 57;
const TZ = 'Asia/Shanghai';
/** The share of the stores given a history (the others are new: the brand's fallback); see the header. */
const HISTORY_SHARE = Number(process.env.BENCH_REFRESH_HISTORY ?? 0.1);
const HISTORY_STORES = Math.round(STORES * HISTORY_SHARE);
const MIDNIGHT = process.env.BENCH_REFRESH_MIDNIGHT === '1';
/** Runs before the hour measured: the midnight mode's from 23:35 to 23:55. */
const WARM_RUNS = MIDNIGHT ? 5 : 0;

export async function benchRefresh() {
  if (!URL_) {
    console.error('BENCH_REFRESH=1 needs DATABASE_URL (PostgreSQL): it creates vf_bench_refresh beside the one named.');
    process.exit(2);
  }
  if (!Number.isInteger(STORES) || STORES < 1) throw new Error('BENCH_REFRESH_ROBOTS: an even number');
  const u = new URL(URL_);
  u.pathname = '/vf_bench_refresh';
  const admin = new pg.Client({ connectionString: URL_ });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS vf_bench_refresh WITH (FORCE)');
  await admin.query('CREATE DATABASE vf_bench_refresh');
  await admin.end();
  const d = await openDatabase({ url: u.toString(), poolSize: 4 });
  const db = d.db;
  try {
    await migrate(db);
    // the hour simulated: 10:00 to 11:00 in the stores' zone, today (no local midnight inside it); or, at midnight,
    // from 23:30 yesterday (in the past: its day closes at midnight) to 00:55 today
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const t0 = MIDNIGHT ? Date.parse(`${today}T23:30:00+08:00`) - 86_400_000 : Date.parse(`${today}T10:00:00+08:00`);
    await prepare(db, t0);
    const stats = await statements(db);
    const cpu = () => {
      const c = process.cpuUsage();
      return (c.user + c.system) / 1e6;
    };
    const measure = async (what: () => Promise<unknown>) => {
      await stats.reset();
      const c0 = cpu();
      const w0 = Date.now();
      await what();
      const nodeS = cpu() - c0;
      const wallS = (Date.now() - w0) / 1000;
      return { nodeS, wallS, ...(await stats.read()) };
    };
    const fmt = (r: { nodeS: number; dbS: number; calls: number; wallS: number }) =>
      `node CPU ${r.nodeS.toFixed(2)} s  DB ${r.dbS.toFixed(2)} s  (${r.calls} statements, wall ${r.wallS.toFixed(1)} s)`;

    const state = newRefreshState();
    const start = await measure(() => refreshRun(db, state, new Date(t0)));
    const rows = Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM forecast`.execute(db)).rows[0].n);
    console.log(`\nstart-up, the first full run (${rows.toLocaleString('en')} rows): ${fmt(start)}`);
    // what the job keeps between its runs (the stores' models, and the days they are made from) is most of it
    // (collected first where node runs with --expose-gc, e.g. NODE_OPTIONS=--expose-gc)
    (globalThis as { gc?: () => void }).gc?.();
    const mem = process.memoryUsage();
    console.log(
      `  heap ${(mem.heapUsed / 2 ** 20).toFixed(0)} MB, array buffers ${(mem.arrayBuffers / 2 ** 20).toFixed(0)} MB`,
    );
    console.log((await stats.top()).join('\n'));
    if (process.env.BENCH_REFRESH_BEFORE === '1') {
      await sell(db, t0, t0 + TICK_MIN * 60_000);
      const before = await measure(() =>
        db.transaction().execute(async (trx) => {
          const changed = (
            await sql<{
              dealer: string;
            }>`SELECT DISTINCT dealer FROM orders WHERE create_time > ${new Date(t0).toISOString()}::timestamptz
              UNION SELECT dealer FROM product WHERE update_time > ${new Date(t0).toISOString()}::timestamptz`.execute(
              trx,
            )
          ).rows.map((r) => r.dealer);
          await refreshForecasts(trx, { dealers: changed, now: new Date(t0 + TICK_MIN * 60_000) });
        }),
      );
      console.log(`one 5-minute run as before (every changed store from its history): ${fmt(before)}`);
      console.log((await stats.top()).join('\n'));
      console.log('  (the hour below then starts 5 minutes of sales later)');
    }
    const offset = process.env.BENCH_REFRESH_BEFORE === '1' ? TICK_MIN * 60_000 : 0;
    console.log(
      `\nthe hour${MIDNIGHT ? ' after midnight' : ''}: ${(ROBOTS * RATE).toLocaleString('en')} sales (${RATE} an hour per robot), a run every ${TICK_MIN} minutes`,
    );
    const total = { nodeS: 0, dbS: 0, calls: 0, wallS: 0 };
    for (let k = 1 - WARM_RUNS; k <= 60 / TICK_MIN; k++) {
      const at = t0 + offset + (k + WARM_RUNS) * TICK_MIN * 60_000;
      await sell(db, at - TICK_MIN * 60_000, at);
      const r = await measure(() => refreshRun(db, state, new Date(at)));
      const full = state.lastFull === at;
      const clock = new Date(at + 8 * 3_600_000).toISOString().slice(11, 16);
      console.log(
        `  ${k < 1 ? '(before)' : `run ${String(k).padStart(2)}`} ${clock}${full ? ' (hourly full)' : '              '}  ${fmt(r)}`,
      );
      if (full || (MIDNIGHT && k === 1)) console.log((await stats.top()).join('\n'));
      if (k < 1) continue;
      total.nodeS += r.nodeS;
      total.dbS += r.dbS;
      total.calls += r.calls;
      total.wallS += r.wallS;
    }
    const cpuS = total.nodeS + total.dbS;
    console.log(
      `the hour's ${60 / TICK_MIN} runs: ${fmt(total)}\n  node + DB ${cpuS.toFixed(1)} s per hour of sales: target ≤ 60 s ${cpuS <= 60 ? 'met' : 'MISSED'}` +
        `\n  load average ${os
          .loadavg()
          .map((x) => x.toFixed(2))
          .join(' ')}, ${new Date().toISOString()}`,
    );
  } finally {
    await d.close();
  }
}

/** The fleet and its history (see the header), all set-based. */
async function prepare(db: DB, t0: number) {
  const started = Date.now();
  await sql`
    INSERT INTO integrator (_id, name) SELECT 'rb' || b, 'Refresh Brand ' || b FROM generate_series(1, ${BRANDS}::int) AS b`.execute(
    db,
  );
  await sql`
    INSERT INTO dealer (_id, integrator, name, tz, lat, lng)
    SELECT 'rs' || s, 'rb' || (1 + (s - 1) % ${BRANDS}::int), 'Refresh Store ' || s, ${TZ}, 31 + (s % 100) * 0.003, 121 + (s / 100) * 0.003
      FROM generate_series(1, ${STORES}::int) AS s`.execute(db);
  await sql`
    INSERT INTO device (_id, device_id, name, sn, type, integrator, dealer, key_hash, state, work_status)
    SELECT 'rd' || s || t.k, 'RD-' || s || t.k, 'Robot ' || s || t.k, 'SN-RD-' || s || t.k, t.type,
           'rb' || (1 + (s - 1) % ${BRANDS}::int), 'rs' || s, md5('rd' || s || t.k), 'idle', 'ready'
      FROM generate_series(1, ${STORES}::int) AS s, (VALUES ('c', 'coffee'), ('i', 'icecream')) AS t(k, type)`.execute(
    db,
  );
  // popularity: product p of 20 sells in proportion to 1 / p (a few favourites, a long tail)
  await sql`
    INSERT INTO product (_id, integrator, dealer, code, name, price, type, stock, warn_stock, devices, update_time)
    SELECT 'rp' || s || t.k || p, 'rb' || (1 + (s - 1) % ${BRANDS}::int), 'rs' || s, upper(t.k) || '-' || p,
           t.type || ' ' || p, 500, t.type,
           CASE WHEN (s * 31 + p) % 100 = 0 THEN 0 WHEN (s * 17 + p) % 50 = 0 THEN -1 ELSE 20 + (s * 7 + p * 13) % 101 END,
           10, '{}'::text[], ${new Date(t0 - 86_400_000).toISOString()}::timestamptz
      FROM generate_series(1, ${STORES}::int) AS s, (VALUES ('c', 'coffee'), ('i', 'icecream')) AS t(k, type),
           generate_series(1, ${PRODUCTS}::int) AS p`.execute(db);
  // the last (UTC) day of history: yesterday's; at midnight the day that closes, whose sales end at 21:00 local
  const last = MIDNIGHT ? t0 : t0 - 86_400_000;
  // a product's units a day: RATE × 24 × its share of its robot's sales (1/p over H20 ≈ 3.6); rows of running
  // quarter totals from a library of 40 (a day's n units spread over 07:00–21:00 local, 23:00–13:00 UTC)
  await sql`
    CREATE TEMP TABLE lib AS
    SELECT n, array_agg(floor(n * c)::bigint ORDER BY i) AS arr
      FROM generate_series(0, 39) AS n,
           LATERAL (SELECT i, least(1, greatest(0, ((i + 96 - 92) % 96)::float8 / 56)) AS c FROM generate_series(1, 96) AS i) AS q
     GROUP BY n`.execute(db);
  const sales = sql`
    SELECT 'rb' || (1 + (s - 1) % ${BRANDS}::int) AS integrator, 'rs' || s AS dealer, day::date AS day, upper(t.k) || '-' || p AS code,
           t.type || ' ' || p AS name,
           least(39, floor(${RATE * 24}::float8 / p / 3.5977 * (0.5 + ((s * 7919 + p * 104729 + extract(doy FROM day)::int * 31) % 1000) / 1000.0)))::int AS n
      FROM generate_series(1, ${HISTORY_STORES}::int) AS s, (VALUES ('c', 'coffee'), ('i', 'icecream')) AS t(k, type),
           generate_series(1, ${PRODUCTS}::int) AS p,
           generate_series(${new Date(last - (HISTORY_DAYS - 1) * 86_400_000).toISOString().slice(0, 10)}::date,
                           ${new Date(last).toISOString().slice(0, 10)}::date, interval '1 day') AS day`;
  let t = Date.now();
  await sql`
    INSERT INTO orders_products_quarters (integrator, dealer, day, code, name, quantity, fee)
    SELECT x.integrator, x.dealer, x.day, x.code, x.name, lib.arr, lib.arr FROM (${sales}) AS x JOIN lib ON lib.n = x.n
     WHERE x.n > 0`.execute(db);
  await sql`
    INSERT INTO orders_products_daily (integrator, dealer, day, code, name, quantity, fee)
    SELECT integrator, dealer, day, code, name, n, n * 500 FROM (${sales}) AS x WHERE n > 0`.execute(db);
  const quarters = Number(
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM orders_products_quarters`.execute(db)).rows[0].n,
  );
  console.log(
    `  history of ${HISTORY_STORES.toLocaleString('en')} stores: ${quarters.toLocaleString('en')} rows of orders_products_quarters and as many of orders_products_daily (${HISTORY_DAYS} days) in ${((Date.now() - t) / 1000).toFixed(0)} s`,
  );
  t = Date.now();
  // consumables: the coffee robot's milk, beans and cups, the ice-cream robot's cups, hourly for 7 days, falling
  // through the day and refilled each morning
  await sql`
    INSERT INTO telemetry_hourly (device, metric, hour, min, max, sum, count)
    SELECT d._id, m.metric, h, v, v, v * 6, 6
      FROM device d
      JOIN (VALUES ('coffee', 'milk_level'), ('coffee', 'bean_level'), ('coffee', 'cups_left'), ('icecream', 'cups_left')) AS m(type, metric)
        ON m.type = d.type,
           generate_series(${new Date(t0 - 7 * 86_400_000).toISOString()}::timestamptz, ${new Date(t0 - 3_600_000).toISOString()}::timestamptz, interval '1 hour') AS h,
           LATERAL (SELECT 100 - 3 * extract(hour FROM h)::int AS v) AS lv
     WHERE d.dealer LIKE 'rs%'`.execute(db);
  const telemetry = Number(
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM telemetry_hourly`.execute(db)).rows[0].n,
  );
  console.log(
    `  telemetry: ${telemetry.toLocaleString('en')} rows of telemetry_hourly in ${((Date.now() - t) / 1000).toFixed(0)} s`,
  );
  await sql`ANALYZE`.execute(db);
  console.log(
    `prepared ${ROBOTS.toLocaleString('en')} robots in ${STORES.toLocaleString('en')} stores of ${BRANDS} brands, ${(STORES * 2 * PRODUCTS).toLocaleString('en')} products, in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
}

/**
 * The sales of [from, to): RATE an hour per robot, each an order of one item of one of its products (by popularity)
 * inserted with the rollup triggers on, its product's stock taken as catalog/stock.ts takes it.
 */
async function sell(db: DB, from: number, to: number) {
  const n = Math.round((ROBOTS * RATE * (to - from)) / 3_600_000);
  const seed = Math.floor(from / 60_000);
  await db.transaction().execute(async (trx) => {
    await sql`
      CREATE TEMP TABLE sale ON COMMIT DROP AS
      SELECT g, 'rs' || (1 + (g * 7919 + ${seed}::int) % ${STORES}::int) AS dealer,
             (ARRAY['c', 'i'])[1 + (g + ${seed}::int) % 2] AS k,
             -- 1 / p popularity: the p whose cumulative share first passes a uniform draw
             (SELECT min(p) FROM generate_series(1, ${PRODUCTS}::int) AS p
               WHERE ln(p + 1) / ln(${PRODUCTS + 1}::float8) >= ((g * 104729 + ${seed}::int * 31) % 1000) / 1000.0) AS p,
             ${new Date(from).toISOString()}::timestamptz + (g::float8 / ${n}::int) * ${`${to - from} milliseconds`}::interval AS at
        FROM generate_series(1, ${n}::int) AS g`.execute(trx);
    await sql`
      INSERT INTO orders (_id, integrator, dealer, device, device_type, device_name, channel, status, pay_status, pay_time, pay_type,
                          work_status, amount, quantity, products, create_time, update_time)
      SELECT 'ro-' || ${seed}::int || '-' || s.g, pr.integrator, pr.dealer, 'rd' || substr(s.dealer, 3) || s.k, pr.type, 'Robot', 'APP', 'CLOSE', 'PAID', s.at,
             'WECHAT', 'END', pr.price, 1,
             jsonb_build_array(jsonb_build_object('item', 1, 'product', pr._id, 'code', pr.code, 'name', pr.name, 'price', pr.price, 'quantity', 1)),
             s.at, s.at
        FROM sale s JOIN product pr ON pr._id = 'rp' || substr(s.dealer, 3) || s.k || s.p
       WHERE pr.stock <> 0`.execute(trx);
    await sql`
      UPDATE product pr SET stock = CASE WHEN pr.stock = -1 THEN -1 ELSE pr.stock - x.n END, update_time = x.at
        FROM (SELECT 'rp' || substr(dealer, 3) || k || p AS id, count(*)::int AS n, max(at) AS at FROM sale GROUP BY 1) AS x
       WHERE pr._id = x.id AND pr.stock <> 0 AND (pr.stock = -1 OR pr.stock >= x.n)`.execute(trx);
  });
}

/** The database's planning + execution seconds and statements since the last reset (pg_stat_statements). */
async function statements(db: DB) {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`.execute(db);
  try {
    await sql`SELECT 1 FROM pg_stat_statements LIMIT 1`.execute(db);
  } catch (e) {
    throw new Error(
      `pg_stat_statements is not loaded (${(e as Error).message.split('\n')[0]}): add shared_preload_libraries = 'pg_stat_statements' and pg_stat_statements.track_planning = on, and restart PostgreSQL`,
      { cause: e },
    );
  }
  return {
    reset: () => sql`SELECT pg_stat_statements_reset()`.execute(db),
    read: async () => {
      const r = (
        await sql<{ calls: number; ms: number }>`
          SELECT coalesce(sum(calls), 0)::float8 AS calls, coalesce(sum(total_plan_time + total_exec_time), 0)::float8 AS ms
            FROM pg_stat_statements s
           WHERE s.dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
             AND s.query NOT ILIKE '%pg_stat_statements%'`.execute(db)
      ).rows[0];
      return { calls: Number(r.calls), dbS: Number(r.ms) / 1000 };
    },
    /** the statements that took longest since the reset */
    top: async (n = 4) =>
      (
        await sql<{ calls: number; ms: number; q: string }>`
          SELECT calls::int AS calls, (total_plan_time + total_exec_time)::float8 AS ms, left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 110) AS q
            FROM pg_stat_statements s
           WHERE s.dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
             AND s.query NOT ILIKE '%pg_stat_statements%'
           ORDER BY 2 DESC LIMIT ${n}`.execute(db)
      ).rows.map((r) => `    ${(Number(r.ms) / 1000).toFixed(2).padStart(6)} s ×${String(r.calls).padEnd(4)} ${r.q}`),
  };
}
