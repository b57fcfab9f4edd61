// `npm run sqlmap`: Debian's sqlmap against sign-in, five lists and a detail path of a throw-away server with
// the demo data; exits non-zero when a parameter is injectable, a probe got a 5xx, or sqlmap could not test.
//
//   npm run sqlmap                                   PGlite in a temporary DATA_DIR
//   DATABASE_URL=postgres://… npm run sqlmap         PostgreSQL (a database named vf_sqlmap is made and dropped)
//
// Options (environment): SQLMAP_LEVEL (3), SQLMAP_RISK (2), SQLMAP_ONLY=signin,order-list,… (some targets).
// sqlmap's logs and traffic (-t) go to .tmp/sqlmap/<target>/. Needs `apt-get install -y sqlmap`.
// The server runs with LOGIN_RATE_LIMIT=off: with the limit on, every probe after the tenth failed sign-in is the
// same 429 before any SQL runs, so sqlmap would compare nothing (the limit itself is tested by ratelimit.test.ts).
// And with PASSWORD_HASH_COST=scan: every sign-in probe verifies one argon2id hash (a made-up name against a dummy
// at the same cost), ~40 ms of CPU each at OWASP's cost for nothing SQL sees; the demo accounts are seeded at it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { spawn, spawnSync } from 'node:child_process';
import pg from 'pg';
import { startServerProcess, stopServerProcess } from '../tests/support/process';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, '.tmp', 'sqlmap');
const LEVEL = process.env.SQLMAP_LEVEL ?? '3';
const RISK = process.env.SQLMAP_RISK ?? '2';
const ONLY = process.env.SQLMAP_ONLY?.split(',').map((s) => s.trim());
const PASSWORD = 'Demo12345';

interface Target {
  name: string;
  method: 'GET' | 'POST';
  /** path under the server, `*` marks an injection point */
  path: string;
  /** JSON body with `*` injection markers */
  body?: string;
  /** what each marker is, in order */
  points: string[];
  signedIn: boolean;
  /** more request headers, `*` marks an injection point */
  headers?: string[];
  /** more sqlmap options */
  options?: string[];
}

/**
 * A list body with a marker in `q`, a filter value, a filter key and a range value, and with `paging` in paging
 * and sort too. Paging and sort are read by the same code for every declared list (server/crud/schema.ts: page and
 * pageSize the same integer rule, sort's field and order an enum of the list's own columns, refused at the edge),
 * so one list scans them (`paging`); the filters differ by the kind of each field, so every list scans its own.
 */
function listTarget(
  resource: string,
  o: { sort: string; q: string; eq: [string, string]; key: [string, string]; range: [string, string]; paging?: true },
): Target {
  const m = o.paging ? '*' : '';
  const body =
    `{"page":"1${m}","pageSize":"20${m}","sort":{"field":"${o.sort}${m}","order":"DESC${m}"},` +
    `"filter":{"q":"${o.q}*","${o.eq[0]}":"${o.eq[1]}*","${o.key[0]}*":"${o.key[1]}","${o.range[0]}":"${o.range[1]}*"}}`;
  return {
    name: `${resource}-list`,
    method: 'POST',
    path: `/api/${resource}/list`,
    body,
    points: [
      ...(o.paging ? ['page', 'pageSize', 'sort.field', 'sort.order'] : []),
      'filter.q',
      `filter.${o.eq[0]}`,
      `filter key ${o.key[0]}`,
      `filter.${o.range[0]}`,
    ],
    signedIn: true,
  };
}

function targets(orderId: string): Target[] {
  const all: Target[] = [
    {
      name: 'signin',
      method: 'POST',
      path: '/api/auth/signin',
      body: `{"username":"admin*","password":"${PASSWORD}*"}`,
      // the User-Agent of a good sign-in is stored with its session
      headers: ['User-Agent: vf-sqlmap*'],
      points: ['username', 'password', 'User-Agent'],
      signedIn: false,
      // each good sign-in answers a new token: true is a 200, false a 401, whatever the body
      options: ['--code=200'],
    },
    listTarget('order', {
      sort: 'create_time',
      q: '1',
      eq: ['status', 'CLOSE'],
      key: ['pay_status', 'PAID'],
      range: ['create_time_gte', '2020-01-01T00:00:00Z'],
      paging: true,
    }),
    listTarget('device', {
      sort: 'name',
      q: 'a',
      eq: ['state', 'NORMAL'],
      key: ['online', 'true'],
      range: ['create_time_lte', '2099-01-01T00:00:00Z'],
    }),
    listTarget('product', {
      sort: 'price',
      q: 'a',
      eq: ['price_gte', '1'],
      key: ['stock_lte', '99999'],
      range: ['create_time_gte', '2020-01-01T00:00:00Z'],
    }),
    listTarget('user', {
      sort: 'create_timestamp',
      q: 'a',
      eq: ['account_type', 'DEALER'],
      key: ['roles', 'DEALER'],
      range: ['create_timestamp_gte', '2020-01-01T00:00:00Z'],
    }),
    listTarget('log', {
      sort: 'time',
      q: 'a',
      eq: ['operator', 'admin'],
      key: ['resource', 'device'],
      range: ['time_gte', '2020-01-01T00:00:00Z'],
    }),
    { name: 'order-detail', method: 'GET', path: `/api/order/detail/${orderId}*`, points: ['id'], signedIn: true },
  ];
  return all.filter((t) => !ONLY || ONLY.includes(t.name));
}

async function adminQuery(url: string, q: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(q);
  } finally {
    await c.end();
  }
}

/** What the server answered with 5xx, from its request log (LOG on). */
const serverErrors: string[] = [];
let fiveXX = 0;

/** The server on the throw-away data, its request log read line by line for 5xx answers and errors. */
async function startServer(dataDir: string, databaseUrl: string | undefined) {
  const server = await startServerProcess(
    { dataDir, databaseUrl },
    {
      LOG: '1',
      LOG_FORMAT: 'json',
      LOGIN_RATE_LIMIT: 'off',
      PASSWORD_HASH_COST: 'scan',
      ...(databaseUrl ? { SEED_DEMO: '1' } : {}),
    },
  );
  // one line per answered request (server/http/log.ts); an error is logged before it, under the same reqId
  const errors = new Map<string, string>();
  readline.createInterface({ input: server.child.stdout! }).on('line', (line) => {
    let e: {
      reqId?: string;
      msg?: string;
      req?: { method: string; url: string };
      res?: { statusCode: number };
      err?: { message?: string };
    };
    try {
      e = JSON.parse(line);
    } catch {
      return;
    }
    if (e.err && !e.res) {
      if (e.reqId) errors.set(e.reqId, e.err.message ?? '');
      else serverErrors.push(`?: ${e.err.message}`);
    }
    if (e.res && e.reqId) {
      const what = `${e.req?.method} ${e.req?.url}`;
      const err = errors.get(e.reqId) ?? e.err?.message;
      if (err !== undefined) serverErrors.push(`${what}: ${err}`);
      if (e.res.statusCode >= 500) {
        fiveXX++;
        serverErrors.push(`${e.res.statusCode} ${what}`);
      }
      errors.delete(e.reqId);
    }
  });
  return server;
}

async function call<T>(url: string, p: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(url + p, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; data: T; message?: string };
  if (json.code !== 0) throw new Error(`${p}: ${res.status} ${json.message}`);
  return json.data;
}

interface Result {
  target: string;
  points: string[];
  tested: Set<string>;
  injectable: string[];
  fiveXX: number;
  seconds: number;
  verdict: 'clean' | 'INJECTABLE' | 'ERROR';
  note: string;
}

function runSqlmap(t: Target, base: string, token: string): Promise<Result> {
  const dir = path.join(OUT, t.name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const headers = [
    'Accept-Language: en',
    ...(t.signedIn ? [`Authorization: Bearer ${token}`] : []),
    ...(t.headers ?? []),
  ];
  const args = [
    '-u',
    base + t.path,
    ...(t.body ? ['--data', t.body, '--method', 'POST'] : []),
    '--headers',
    headers.join('\n'),
    '--batch',
    '--flush-session',
    '--disable-coloring',
    `--level=${LEVEL}`,
    `--risk=${RISK}`,
    '--dbms=PostgreSQL',
    // a refused sign-in is a 401 by design: compare it, do not stop at it
    '--ignore-code=401',
    ...(t.options ?? []),
    '--timeout=60',
    '--retries=2',
    `--output-dir=${dir}`,
    '-t',
    path.join(dir, 'traffic.txt'),
  ];
  const before = fiveXX;
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn('sqlmap', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      fs.writeFileSync(path.join(dir, 'console.txt'), out);
      // sqlmap names body and URI markers `JSON #n*` / `#n*` (n counts them in order) and header ones `<header> #1*`
      const pointOf = (p: string) => {
        const header = /^(.+) #\d+\*$/.exec(p)?.[1];
        if (header && t.points.includes(header)) return header;
        return t.points[Number(/#(\d+)\*/.exec(p)?.[1] ?? 0) - 1] ?? p;
      };
      const tested = new Set<string>();
      for (const m of out.matchAll(/testing if .*?parameter '([^']+)' is dynamic/g)) tested.add(pointOf(m[1]));
      for (const m of out.matchAll(/parameter '([^']+)' does not seem to be injectable/g)) tested.add(pointOf(m[1]));
      const injectable = [
        ...new Set(
          [...out.matchAll(/parameter '([^']+)' (?:is '[^']*' injectable|appears to be '[^']*' injectable)/g)].map(
            (m) => pointOf(m[1]),
          ),
        ),
      ];
      if (/identified the following injection point/.test(out))
        injectable.push(...(injectable.length ? [] : ['(see console.txt)']));
      const allClean = /all tested parameters do not appear to be injectable/.test(out);
      const critical = [...out.matchAll(/\[CRITICAL\] (.*)/g)]
        .map((m) => m[1])
        .filter((l) => !/do not appear to be injectable/.test(l));
      let verdict: Result['verdict'] = 'clean';
      let note = '';
      if (injectable.length) {
        verdict = 'INJECTABLE';
        note = injectable.join(', ');
      } else if (!allClean || critical.length || tested.size < t.points.length) {
        verdict = 'ERROR';
        note = critical[0] ?? `sqlmap exit ${code}, ${tested.size}/${t.points.length} points tested`;
      }
      resolve({
        target: `${t.method} ${t.path.replace(/\*$/, '')}`,
        points: t.points,
        tested,
        injectable,
        fiveXX: fiveXX - before,
        seconds: (Date.now() - t0) / 1000,
        verdict,
        note,
      });
    });
  });
}

async function main() {
  const version = spawnSync('sqlmap', ['--version'], { encoding: 'utf8' });
  if (version.status !== 0 && !version.stdout) {
    console.error('sqlmap is not installed: apt-get install -y sqlmap');
    process.exit(2);
  }
  const sqlmapVersion = version.stdout.split('\n')[0].trim();
  const started = Date.now();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vf-sqlmap-'));
  let databaseUrl: string | undefined;
  if (process.env.DATABASE_URL) {
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = '/vf_sqlmap';
    await adminQuery(process.env.DATABASE_URL, 'DROP DATABASE IF EXISTS vf_sqlmap WITH (FORCE)');
    await adminQuery(process.env.DATABASE_URL, 'CREATE DATABASE vf_sqlmap');
    databaseUrl = u.toString();
  }
  fs.mkdirSync(OUT, { recursive: true });
  const server = await startServer(path.join(tmp, 'data'), databaseUrl);
  const results: Result[] = [];
  try {
    const { token } = await call<{ token: string }>(server.url, '/api/auth/signin', {
      username: 'admin',
      password: PASSWORD,
    });
    const orders = await call<{ list: { _id: string }[] }>(server.url, '/api/order/list', { pageSize: 1 }, token);
    console.log(
      `${sqlmapVersion} on ${server.url} (${databaseUrl ? 'PostgreSQL' : 'PGlite'}), level ${LEVEL}, risk ${RISK}; logs in ${path.relative(ROOT, OUT)}/`,
    );
    for (const t of targets(orders.list[0]._id)) {
      // the request as sqlmap first sends it must be a good one, or every probe is compared with a refusal
      const res = await fetch(server.url + t.path.replace(/\*/g, ''), {
        method: t.method,
        headers: { 'Content-Type': 'application/json', ...(t.signedIn ? { Authorization: `Bearer ${token}` } : {}) },
        body: t.body?.replace(/\*/g, ''),
      });
      if (res.status !== 200)
        throw new Error(`${t.name}: the unmarked request is a ${res.status}: ${await res.text()}`);
      const r = await runSqlmap(t, server.url, token);
      results.push(r);
      console.log(
        `  ${r.target}: ${r.verdict}${r.note ? ` (${r.note})` : ''}, ${r.tested.size} points, ${r.fiveXX} 5xx, ${r.seconds.toFixed(0)} s`,
      );
    }
  } finally {
    await stopServerProcess(server, 'SIGTERM');
    fs.rmSync(tmp, { recursive: true, force: true });
    if (process.env.DATABASE_URL)
      await adminQuery(process.env.DATABASE_URL, 'DROP DATABASE IF EXISTS vf_sqlmap WITH (FORCE)');
  }

  const rows = results.map((r) => [
    r.target,
    r.points.map((p) => (r.tested.has(p) ? p : `${p} (untested)`)).join(', '),
    r.verdict + (r.note ? `: ${r.note}` : ''),
    String(r.fiveXX),
    r.seconds.toFixed(0),
  ]);
  const head = ['target', 'parameters tested', 'result', '5xx', 'seconds'];
  const width = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(width[i])).join('  ');
  console.log(`\n${line(head)}\n${width.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const r of rows) console.log(line(r));
  const total = (Date.now() - started) / 1000;
  const bad = results.filter((r) => r.verdict !== 'clean');
  console.log(
    `\n${sqlmapVersion}: ${results.length} targets, ${results.reduce((n, r) => n + r.tested.size, 0)} parameters, ${bad.length} not clean, ${fiveXX} server 5xx, ${total.toFixed(0)} s`,
  );
  if (serverErrors.length) console.log(`server errors:\n  ${[...new Set(serverErrors)].slice(0, 20).join('\n  ')}`);
  fs.writeFileSync(
    path.join(OUT, 'summary.json'),
    JSON.stringify(
      {
        sqlmap: sqlmapVersion,
        level: LEVEL,
        risk: RISK,
        seconds: total,
        fiveXX,
        serverErrors,
        results: results.map((r) => ({ ...r, tested: [...r.tested] })),
      },
      null,
      2,
    ),
  );
  process.exit(bad.length || fiveXX ? 1 : 0);
}

main().catch((e: Error) => {
  console.error(e);
  process.exit(2);
});
