// The server as production runs it, for the benches (`npm run bench`'s export rows, `npm run bench:fleet`): the
// bundle `npm run build` makes, on plain node (no tsx), `NODE_ENV=production`, in a process of its own — so its
// memory and CPU are its own — and what /proc says about that process.
import fs from 'node:fs';
import path from 'node:path';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { buildIfStale, ROOT } from './buildIfStale';
import { buildServer } from './build-server';
import { freePort } from '../tests/support/postgres';
import { DEMO_PASSWORD } from '../server/db/seed';
import { SERVER_NODE_OPTIONS } from './node.mjs';

/** The browser app when stale, and dist/server/main.js. */
export async function buildForProduction() {
  buildIfStale();
  await buildServer();
}

/**
 * `npm run bench`'s server: scripts/bench-server.ts (the server plus the floor route) bundled the way
 * dist/server/main.js is, into .tmp/bench-server/main.js, its migrations beside it; and the bare route
 * (scripts/bench-bare.ts) into bare.js. Answers the server bundle's path.
 */
export async function buildBenchServer() {
  await buildForProduction();
  const out = path.join(ROOT, '.tmp', 'bench-server');
  fs.rmSync(out, { recursive: true, force: true });
  await build({
    entryPoints: {
      main: path.join(ROOT, 'scripts', 'bench-server.ts'),
      bare: path.join(ROOT, 'scripts', 'bench-bare.ts'),
    },
    outdir: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  fs.cpSync(path.join(ROOT, 'server', 'db', 'migrations'), path.join(out, 'migrations'), { recursive: true });
  return path.join(out, 'main.js');
}

export interface BuiltServer {
  url: string;
  child: ChildProcess;
  /** everything it printed, stdout and stderr */
  output: string[];
}

/**
 * Starts `node dist/server/main.js` on a free port of 127.0.0.1 and waits until it is ready (its migrations
 * applied). `env` is the rest of its environment (PATH alone when not given); `nodeArgs` go to node; `main` another
 * build's dist/server/main.js (a baseline to compare with), run from its own checkout.
 */
export async function startBuiltServer(o: {
  databaseUrl?: string;
  dataDir?: string;
  env?: NodeJS.ProcessEnv;
  nodeArgs?: string[];
  bench?: string;
  main?: string;
}): Promise<BuiltServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    ...o.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG: '0',
    DEMO_ROBOTS: 'off',
    // node's options as production runs the server; `nodeArgs` (on the command line) override them
    NODE_OPTIONS: SERVER_NODE_OPTIONS,
  };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  if (o.databaseUrl) env.DATABASE_URL = o.databaseUrl;
  else env.DATA_DIR = o.dataDir;
  // The bench bundle (`bench`) is imported rather than run as the main script: server/main.ts starts the
  // configured server by itself when its file is the main script, and inside a bundle its file is the bundle.
  // `main`: another checkout's build (a baseline), run from that checkout.
  const entry = o.bench
    ? ['--input-type=module', '-e', `await import(${JSON.stringify(pathToFileURL(o.bench).href)})`]
    : [o.main ?? path.join(ROOT, 'dist', 'server', 'main.js')];
  if (o.bench) env.BENCH_DIST = path.join(ROOT, 'dist');
  const child = spawn(process.execPath, [...(o.nodeArgs ?? []), ...entry], {
    cwd: o.main ? path.dirname(path.dirname(path.dirname(o.main))) : ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (d) => output.push(String(d)));
  child.stderr!.on('data', (d) => output.push(String(d)));
  const url = `http://127.0.0.1:${port}`;
  for (const until = Date.now() + 120_000; ;) {
    if (child.exitCode !== null) throw new Error(`the built server exited with ${child.exitCode}: ${output.join('')}`);
    if (Date.now() > until) throw new Error(`the built server was not ready in 120 s: ${output.join('')}`);
    if (
      await fetch(`${url}/api/health/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, child, output };
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** SIGTERM, as an orchestrator stops it, and the exit. */
export function stopBuiltServer(s: BuiltServer) {
  if (s.child.exitCode !== null) return Promise.resolve();
  const exited = new Promise<void>((r) => s.child.once('exit', () => r()));
  s.child.kill('SIGTERM');
  return exited;
}

/** A process's CPU seconds so far (user + system, /proc/<pid>/stat fields 14 and 15). */
export function cpuSeconds(pid: number) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** A /proc/<pid>/status figure in MB (VmRSS: resident now; VmHWM: the peak since start or the last reset). */
export function statusMb(pid: number, key: 'VmRSS' | 'VmHWM') {
  const m = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
}

/** A demo account's bearer token on the server at `url` (signed in as the console does); throws when refused. */
export async function signIn(url: string, account: string): Promise<string> {
  const r = await fetch(`${url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: account, password: DEMO_PASSWORD }),
  });
  const token = ((await r.json()) as { data?: { token?: string } }).data?.token;
  if (!token) throw new Error(`${account} could not sign in (HTTP ${r.status})`);
  return token;
}
