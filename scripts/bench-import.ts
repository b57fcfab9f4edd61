// `npm run bench:import`: what a spreadsheet import costs (docs/import.md, "Figures"). A server in this process on a
// fresh embedded database (or DATABASE_URL's, which it seeds when empty: use a throw-away one), a store manager
// importing BENCH_ROWS products (10,000) from an .xlsx: the dry run and the apply, timed; then a file of
// BENCH_BIG_ROWS (50,000) checked, with the process's peak resident memory sampled while the server reads and
// judges it (the file's own bytes included). Targets: dry run ≤ 5 s, apply ≤ 15 s on PGlite (≤ 10 s on
// PostgreSQL), peak ≤ 250 MB. BENCH_BIG_ROWS=0 skips the large file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { startServer } from '../server/main';
import { DEMO_PASSWORD } from '../server/db/seed';

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

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vf-bench-import-'));
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
    const signin = await fetch(`${url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'store-a1', password: DEMO_PASSWORD }),
    });
    const token = ((await signin.json()) as { data: { token: string } }).data.token;
    const send = async (file: Buffer, mode: string) => {
      const form = new FormData();
      form.append('mode', mode);
      form.append('file', new Blob([new Uint8Array(file)]), 'products.xlsx');
      const t = performance.now();
      const res = await fetch(`${url}/api/product/import`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        body: form,
      });
      const body = (await res.json()) as { data: Record<string, unknown> };
      return { ms: performance.now() - t, status: res.status, data: body.data };
    };
    const poll = async (id: string) => {
      for (;;) {
        const res = await fetch(`${url}/api/import/${id}`, { headers: { Authorization: `Bearer ${token}` } });
        const data = ((await res.json()) as { data: Record<string, unknown> }).data;
        if (data.state !== 'running') return data;
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const timed = async (file: Buffer, mode: string) => {
      const t = performance.now();
      const counted = statements;
      const first = await send(file, mode);
      const data = first.data.state === 'running' ? await poll(String(first.data.import_id)) : first.data;
      const s = (performance.now() - t) / 1000;
      const rows = Number(data.total) || 1;
      const perRow = `${((s * 1000) / rows).toFixed(2)} ms/row, ${((statements - counted) / rows).toFixed(2)} statements/row`;
      return { s, data, perRow };
    };

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

    if (BIG_ROWS > 0) {
      const big = await products(BIG_ROWS, `${PREFIX}X`);
      global.gc?.();
      let peak = process.memoryUsage().rss;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
      const before = process.memoryUsage().rss;
      const checked = await timed(big, 'dry_run');
      clearInterval(sampler);
      console.log(
        `${BIG_ROWS} rows (${(big.length / 2 ** 20).toFixed(1)} MB) checked in ${checked.s.toFixed(1)} s: ` +
          `peak ${(peak / 2 ** 20).toFixed(0)} MB resident (${(before / 2 ** 20).toFixed(0)} MB before)`,
      );
    }
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
