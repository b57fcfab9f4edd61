// `npm run bench:import`: what a spreadsheet import costs (docs/import.md, "Figures"). A server in this process on a
// fresh embedded database (or DATABASE_URL's, which it seeds when empty: use a throw-away one), a store manager
// importing BENCH_ROWS products (10,000) from an .xlsx: the dry run and the apply, timed. Then its peak memory on a
// file of BENCH_BIG_ROWS (50,000): judged in a process that holds only the server — the built server
// (`npm run build`'s bundle, NODE_ENV=production, scripts/builtServer.ts) started as a child on the same database,
// the file uploaded to it over HTTP as a client does, dry run and then apply, and its resident memory read from
// /proc/<pid>/status (VmRSS before and after, VmHWM the peak, reset before each call). This process's own memory
// (the workbooks, the embedded database of the first part) is not counted. Targets: dry run ≤ 5 s, apply ≤ 15 s on
// PGlite (≤ 10 s on PostgreSQL), peak ≤ 250 MB. BENCH_BIG_ROWS=0 skips the large file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { startServer } from '../server/main';
import { buildForProduction, startBuiltServer, stopBuiltServer, statusMb, signIn } from './builtServer';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const BIG_ROWS = Number(process.env.BENCH_BIG_ROWS ?? 50_000);
// Every statement the server sends goes through a pg client (PGlite's pool too, server/db/index.ts): counted, to
// give the round trips a row costs — a figure the machine's load does not move.
let statements = 0;
const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
const query = proto.query;
proto.query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  return query.apply(this, args);
};

const PREFIX = `B${Date.now().toString(36).slice(-5).toUpperCase()}`;

async function products(n: number, prefix: string) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('products');
  sheet.addRow(['code', 'name', 'price', 'type', 'number', 'warn_stock']);
  for (let i = 0; i < n; i++) sheet.addRow([`${prefix}${i}`, `Product ${i}`, 100 + (i % 900), 'coffee', i % 9999, 5]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A store manager's calls on the server at `url`: sign-in, an import (its answer, or its end when it runs on). */
async function client(url: string) {
  const token = await signIn(url, 'store-a1');
  const send = async (file: Buffer, mode: string) => {
    const form = new FormData();
    form.append('mode', mode);
    form.append('file', new Blob([new Uint8Array(file)]), 'products.xlsx');
    const res = await fetch(`${url}/api/product/import`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    const body = (await res.json()) as { data: Record<string, unknown> };
    if (res.status !== 200) throw new Error(`import: ${res.status} ${JSON.stringify(body)}`);
    return body.data;
  };
  const poll = async (id: string) => {
    for (;;) {
      const res = await fetch(`${url}/api/import/${id}`, { headers: { Authorization: `Bearer ${token}` } });
      const data = ((await res.json()) as { data: Record<string, unknown> }).data;
      if (data.state !== 'running') return data;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  /** the import to its end */
  return async (file: Buffer, mode: string) => {
    const first = await send(file, mode);
    return first.state === 'running' ? await poll(String(first.import_id)) : first;
  };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vf-bench-import-'));
  try {
    const engine = await timings(dataDir);
    if (BIG_ROWS > 0) await peakMemory(dataDir, engine);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** BENCH_ROWS products, dry run and apply, timed and their statements counted, on a server in this process. */
async function timings(dataDir: string) {
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: process.env.DATABASE_URL,
    seedDemo: true,
    logger: false,
    distDir: '/nonexistent',
  });
  const url = server.address.replace('0.0.0.0', '127.0.0.1');
  try {
    const run = await client(url);
    const timed = async (file: Buffer, mode: string) => {
      const t = performance.now();
      const counted = statements;
      const data = await run(file, mode);
      const s = (performance.now() - t) / 1000;
      const rows = Number(data.total) || 1;
      const perRow = `${((s * 1000) / rows).toFixed(2)} ms/row, ${((statements - counted) / rows).toFixed(2)} statements/row`;
      return { s, data, perRow };
    };
    if (ROWS > 0) {
      const file = await products(ROWS, PREFIX);
      console.log(`${ROWS} products, .xlsx of ${(file.length / 2 ** 20).toFixed(1)} MB, ${server.database.kind}`);
      const dry = await timed(file, 'dry_run');
      console.log(
        `dry run: ${dry.s.toFixed(1)} s (${dry.data.created} to add, ${dry.data.refused} refused; ${dry.perRow})`,
      );
      const apply = await timed(file, 'apply');
      console.log(
        `apply:   ${apply.s.toFixed(1)} s (${apply.data.created} added, state ${apply.data.state}; ${apply.perRow})`,
      );
    }
    return server.database.kind;
  } finally {
    // the embedded database's folder is the built server's next: one process holds it at a time
    await server.close();
  }
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

/**
 * The BENCH_BIG_ROWS file through the built server, a process of its own on the same database: its resident memory
 * before, its peak (VmHWM, reset by writing 5 to /proc/<pid>/clear_refs just before the call) and after, for the
 * dry run and then the apply. The peak is the whole process's — the server at rest included —, judged against 250 MB.
 */
async function peakMemory(dataDir: string, engine: string) {
  const big = await products(BIG_ROWS, `${PREFIX}X`);
  await buildForProduction();
  // BENCH_NODE_ARGS: node's arguments for the server (e.g. --heapsnapshot-near-heap-limit=1 --max-old-space-size=…)
  const server = await startBuiltServer({
    databaseUrl: process.env.DATABASE_URL,
    dataDir,
    env: { SEED_DEMO: '1' },
    nodeArgs: process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean),
  });
  const pid = server.child.pid!;
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  try {
    const run = await client(server.url);
    console.log(`${BIG_ROWS} products, .xlsx of ${mb(big.length)}, ${engine}, the built server (pid ${pid})`);
    for (const mode of ['dry_run', 'apply']) {
      // at rest: what start-up, the sign-in and the call before left behind
      await new Promise((r) => setTimeout(r, 1000));
      const before = statusMb(pid, 'VmRSS');
      fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
      const t = performance.now();
      const data = await run(big, mode);
      const s = (performance.now() - t) / 1000;
      const peak = statusMb(pid, 'VmHWM');
      const after = statusMb(pid, 'VmRSS');
      console.log(
        `${mode.padEnd(7)}: ${s.toFixed(1)} s, state ${data.state} (${data.created} ${mode === 'apply' ? 'added' : 'to add'}, ` +
          `${data.refused} refused); server resident ${before} MB before, peak ${peak} MB, ${after} MB after ` +
          `(target ≤ 250 MB: ${peak <= 250 ? 'met' : 'missed'}); load average ${load()}`,
      );
    }
  } catch (e) {
    console.error(server.output.join(''));
    throw e;
  } finally {
    await stopBuiltServer(server);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
