// The server as its own node process (no tsx wrapper process), for tests that kill it or read what it prints
// (and for `npm run sqlmap`): SIGKILL and stdout reach the process that holds the database. In the API tests it
// is the server bundled once per run, as `npm run build` bundles it (twice as fast to start as tsx compiling
// server/main.ts in every process: 4.5 s against 10 s on the loaded machine); elsewhere server/main.ts under tsx.
import fs from 'node:fs';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import type { TestDatabase } from './db';
import { freePort } from './postgres';
import { ROOT } from '../../scripts/buildIfStale';
import { buildServer } from '../../scripts/build-server';

/**
 * Bundles the server into .tmp/server-<run>/server/main.js (vitest globalSetup, before the workers start: they
 * inherit VF_SERVER_BUNDLE). No app beside it: like a server from source without dist/, it serves /api only.
 */
export async function bundleServer(run: string): Promise<() => void> {
  const dir = path.join(ROOT, '.tmp', `server-${run}`);
  await buildServer(path.join(dir, 'server'));
  process.env.VF_SERVER_BUNDLE = path.join(dir, 'server', 'main.js');
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

/** node's arguments that start the server: the run's bundle when there is one, else server/main.ts under tsx. */
export function serverArgs(): string[] {
  const bundle = process.env.VF_SERVER_BUNDLE;
  return bundle && fs.existsSync(bundle) ? [bundle] : ['--import', 'tsx', 'server/main.ts'];
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** everything it printed, stdout and stderr */
  output: string[];
}

export async function startServerProcess(
  db: Pick<TestDatabase, 'dataDir' | 'databaseUrl'>,
  extraEnv: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  // no demo robots: a test drives its own, and counts what they did
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG: '0',
    DEMO_ROBOTS: 'off',
    ...extraEnv,
  };
  if (db.databaseUrl) env.DATABASE_URL = db.databaseUrl;
  else {
    delete env.DATABASE_URL;
    env.DATA_DIR = db.dataDir;
  }
  const child = spawn(process.execPath, serverArgs(), { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stdout!.on('data', (d) => output.push(String(d)));
  child.stderr!.on('data', (d) => output.push(String(d)));
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output.join('')}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child, output };
    } catch {
      /* not listening yet */
    }
    if (Date.now() > until) throw new Error(`server did not start: ${output.join('')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Sends the signal and waits for the process to end. */
export function stopServerProcess(p: ServerProcess | undefined, signal: NodeJS.Signals) {
  if (!p || p.child.exitCode !== null || p.child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((r) => p.child.once('exit', () => r()));
  p.child.kill(signal);
  return exited;
}
