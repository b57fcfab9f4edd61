// System calls per call (`BENCH_STRACE=1 npm run bench`): strace follows every thread of the server process
// while a fixed number of calls is made, and says how many system calls a call cost, and how many of them wrote
// to or read from the client's socket and PostgreSQL's. On this 2-core machine a system call that wakes another
// process (PostgreSQL, the client) often loses the core to it, so fewer writes per answer is fewer chances to
// wait; a production host's system calls are cheaper, hence counts, not times. `apt-get install -y strace`.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import type { BuiltServer } from './builtServer';

const WRITES = new Set(['write', 'writev', 'sendto', 'sendmsg', 'pwrite64']);
const READS = new Set(['read', 'readv', 'recvfrom', 'recvmsg']);

export interface SyscallCounts {
  calls: number;
  /** every system call of the process's threads, per call */
  total: number;
  client: { writes: number; reads: number };
  postgres: { writes: number; reads: number };
  /** the most frequent system calls, per call */
  top: Array<[string, number]>;
}

interface Target {
  method?: 'GET' | 'POST';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  each?: () => Record<string, string>;
}

/** Counts the system calls of `calls` calls of one row (8 connections), strace attached to every thread. */
export async function countSyscalls(server: BuiltServer, opts: Target, connections: number, calls = 400) {
  const pid = server.child.pid!;
  const out = path.join(path.resolve(import.meta.dirname, '..'), '.tmp', `strace-${pid}.txt`);
  const threads = fs.readdirSync(`/proc/${pid}/task`);
  // -yy names each descriptor (a TCP socket with its two addresses); -qq drops attach/detach notices
  const strace = spawn('strace', ['-f', '-qq', '-yy', '-o', out, ...threads.flatMap((t) => ['-p', t])], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  strace.stderr.on('data', (d) => (errors += String(d)));
  // attached when the first line is written (the event loop's epoll_wait), or give up
  for (const until = Date.now() + 5000; !fs.existsSync(out) || fs.statSync(out).size === 0;) {
    if (strace.exitCode !== null || Date.now() > until) throw new Error(`strace did not attach: ${errors}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const headers = { 'content-type': 'application/json', ...opts.headers };
  await autocannon({
    url: `${server.url}${opts.path}`,
    method: opts.method ?? 'POST',
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    connections,
    amount: calls,
    requests: opts.each
      ? [{ setupRequest: (req) => ({ ...req, headers: { ...headers, ...opts.each!() } }) }]
      : undefined,
  });
  const exited = new Promise((r) => strace.once('exit', r));
  strace.kill('SIGINT');
  await exited;
  const counts = countTrace(fs.readFileSync(out, 'utf8'), new URL(server.url).port, calls);
  fs.rmSync(out, { force: true });
  return counts;
}

/** Reads strace's lines (`pid name(fd<TCP:[a:p->b:q]>, …) = n`): each call started counts once. */
export function countTrace(trace: string, serverPort: string, calls: number): SyscallCounts {
  const byName = new Map<string, number>();
  const client = { writes: 0, reads: 0 };
  const postgres = { writes: 0, reads: 0 };
  let total = 0;
  for (const line of trace.split('\n')) {
    const m = /^\d+\s+(\w+)\((.*)$/.exec(line);
    if (!m) continue;
    const [, name, rest] = m;
    total++;
    byName.set(name, (byName.get(name) ?? 0) + 1);
    const kind = WRITES.has(name) ? 'writes' : READS.has(name) ? 'reads' : undefined;
    if (!kind) continue;
    const socket = /^\d+<TCPv?6?:\[([^\]]*)\]>/.exec(rest)?.[1];
    if (!socket) continue;
    // a client's connection is the server's port on our side; any other TCP peer is PostgreSQL
    if (socket.split('->')[0].endsWith(`:${serverPort}`)) client[kind]++;
    else postgres[kind]++;
  }
  const per = (n: number) => Math.round((n / calls) * 100) / 100;
  return {
    calls,
    total: per(total),
    client: { writes: per(client.writes), reads: per(client.reads) },
    postgres: { writes: per(postgres.writes), reads: per(postgres.reads) },
    top: [...byName.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([n, c]) => [n, per(c)]),
  };
}

export const describeSyscalls = (s: SyscallCounts) =>
  `${s.total}: client ${s.client.writes} w / ${s.client.reads} r, PostgreSQL ${s.postgres.writes} w / ${s.postgres.reads} r (${s.top.map(([n, c]) => `${n} ${c}`).join(', ')})`;
