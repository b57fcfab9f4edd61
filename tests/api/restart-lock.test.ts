// The embedded database's folder lock after a crash: a server killed with SIGKILL is started again on the same
// folder at once — the next process is spawned right after the signal, without waiting for the exit — three
// times, and each restart serves (each round is the same race, and a race is tested once per engine: three
// rounds keep a margin, where ten cost seven more server starts; docs/testing.md). The killed server's parent
// never reaps it (it is a zombie, its pid still "alive" to kill(pid, 0), while the next one starts), and the lock
// file names a live process of someone else at the start: both kept the old pid-file lock out. Two live servers
// on one folder stay impossible.
// The folder is the embedded one whatever the run's engine (on the PostgreSQL run a new one the first start fills).
import fs from 'node:fs';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { freshDatabase, TMP, type TestDatabase } from '../support/db';
import { freePort } from '../support/postgres';
import { serverArgs } from '../support/process';
import { call, login } from '../support/cluster';
import { ROOT } from '../../scripts/buildIfStale';

interface Started {
  url: string;
  /** the server's own pid (a child of `parent`, which never reaps it) */
  pid: number;
  /** `sh -c 'server & exec sleep'`: the server's parent, which never waits for it */
  parent: ChildProcess;
  output: string[];
}

let db: TestDatabase;
let dataDir: string;
const parents: ChildProcess[] = [];
const servers: number[] = [];

beforeAll(async () => {
  db = await freshDatabase();
  dataDir = db.dataDir ?? path.join(TMP, `lock-${process.pid}-${Date.now()}`);
}, 60_000);
afterAll(async () => {
  for (const pid of servers) if (procState(pid) !== undefined && procState(pid) !== 'Z') process.kill(pid, 'SIGKILL');
  for (const p of parents) p.kill('SIGKILL');
  await db?.drop();
  if (!db?.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Spawns the server on `dataDir` under a parent that never reaps it; answers at once (not yet serving). */
async function spawnServer(): Promise<Started & { exited: Promise<number | null> }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG: '0',
    DEMO_ROBOTS: 'off',
    DATA_DIR: dataDir,
  };
  delete env.DATABASE_URL;
  // `exec sleep` replaces the shell: the server's parent is now a process that never calls wait()
  const parent = spawn(
    'sh',
    ['-c', `"${process.execPath}" ${serverArgs().join(' ')} & echo "pid $!"; exec sleep 600`],
    { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  parents.push(parent);
  const output: string[] = [];
  parent.stderr!.on('data', (d) => output.push(String(d)));
  const pid = await new Promise<number>((resolve) => {
    parent.stdout!.on('data', (d) => {
      output.push(String(d));
      const m = /pid (\d+)/.exec(output.join(''));
      if (m) {
        servers.push(Number(m[1]));
        resolve(Number(m[1]));
      }
    });
  });
  // the server's exit as its parent cannot tell: its state in /proc turns to Z (or it is gone)
  const exited = (async () => {
    for (;;) {
      const state = procState(pid);
      if (state === undefined || state === 'Z') return null;
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return { url: `http://127.0.0.1:${port}`, pid, parent, output, exited };
}

/** The state letter of /proc/<pid>/stat (R, S, Z …), undefined when there is no such process. */
function procState(pid: number): string | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1][0];
  } catch {
    return undefined;
  }
}

async function serving(s: Started & { exited: Promise<number | null> }) {
  let down = false;
  void s.exited.then(() => (down = true));
  for (const until = Date.now() + 90_000; ;) {
    if (down) throw new Error(`the server ended: ${s.output.join('')}`);
    if (Date.now() > until) throw new Error(`the server did not start: ${s.output.join('')}`);
    if (
      await fetch(`${s.url}/api/health/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

it('starts again on the same folder right after kill -9, three times, while the killed server is still unreaped', async () => {
  // a lock file naming a live process that is not a server (this test runner): no reason to stay out
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'pgdata.lock'), String(process.pid));
  let current = await spawnServer();
  await serving(current);
  for (let round = 1; round <= 3; round++) {
    const victim = current;
    process.kill(victim.pid, 'SIGKILL');
    current = await spawnServer();
    await serving(current);
    // the killed one is a zombie still: its pid "alive", never reaped — a pid-file lock would have refused
    expect(procState(victim.pid), `round ${round}`).toBe('Z');
    const token = await login(current.url, 'admin');
    const robots = await call(current.url, 'POST', '/device/list', { token, body: { pageSize: 5 } });
    expect(robots.status, `round ${round}: ${JSON.stringify(robots.body)}`).toBe(200);
    expect(robots.body.data.total).toBeGreaterThan(0);
    victim.parent.kill('SIGKILL');
  }
  process.kill(current.pid, 'SIGKILL');
  await current.exited;
}, 300_000);

it('refuses a second live server on the folder, naming the first; the first keeps serving', async () => {
  const first = await spawnServer();
  await serving(first);
  const second = await spawnServer();
  await second.exited;
  expect(second.output.join('')).toContain(`is in use by process ${first.pid}`);
  const token = await login(first.url, 'admin');
  expect((await call(first.url, 'POST', '/device/list', { token, body: { pageSize: 5 } })).status).toBe(200);
  process.kill(first.pid, 'SIGKILL');
  await first.exited;
}, 120_000);
