// What a call puts on the wire as a browser makes it (`npm run bench`): every row is measured twice, once with
// the Accept-Encoding Chromium sends and once without (autocannon, curl and most scripts send none), and each
// row says the bytes a call's answer took on the wire and how the server encoded it.
import http from 'node:http';

/** What Chromium sends on every request (and Node's own fetch): the server picks among these. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

export type Wire = 'browser' | 'none';

/** BENCH_ENCODINGS=browser,none (the default) measures each row both ways; `browser` alone halves a run. */
export function wiresOf(setting = process.env.BENCH_ENCODINGS ?? 'browser,none'): Wire[] {
  const wires = setting.split(',').map((s) => s.trim());
  for (const w of wires)
    if (w !== 'browser' && w !== 'none') throw new Error(`BENCH_ENCODINGS: browser and/or none, not "${w}"`);
  return wires as Wire[];
}

export const wireHeaders = (wire: Wire): Record<string, string> =>
  wire === 'browser' ? { 'accept-encoding': BROWSER_ACCEPT_ENCODING } : {};

export const wireLabel = (wire: Wire) => (wire === 'browser' ? 'browser' : 'no encoding');

/**
 * One call's answer as it crossed the wire (node:http does not decode): its status, Content-Encoding, the body's
 * bytes, and how many chunks the body came in (a chunked answer is one write per chunk at least).
 */
export function probe(
  url: string,
  o: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; encoding: string; bodyBytes: number; chunked: boolean; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: o.method ?? 'GET', headers: o.headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => {
        const body = Buffer.concat(parts);
        resolve({
          status: res.statusCode ?? 0,
          encoding: String(res.headers['content-encoding'] ?? 'identity'),
          bodyBytes: body.length,
          chunked: res.headers['transfer-encoding'] === 'chunked',
          body,
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(o.body);
  });
}

/** the rows the targets below read (docs/performance.md, "As a browser pays it") */
export const ORDER_PAGE = 'order list: brand, page 1';
export const ROBOT_PAGE = 'robot list: brand, page 1';
export const PAGE_ALONE = "bare route: the floor's page alone, no count";
export const PROFILE_BARE = "bare route: the profile's statement and JSON, the app's compression";

interface Costs {
  cpuMs: number;
  dbMs?: number;
}

/**
 * The targets on what a call costs as a browser asks for it, each a ratio of two rows of one run (a loaded
 * machine moves milliseconds, much less their ratios): the order list against the robot list (same page size,
 * same statements), the profile against a bare Fastify route running its statement and answering its JSON with the
 * same compression, and
 * compression's share of a list call's CPU (the same row with and without Accept-Encoding).
 */
export function browserTargets(rowOf: (base: string, wire: Wire) => Costs | undefined) {
  const out: Array<{ goal: string; measured: string; pass: boolean }> = [];
  const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
  const order = rowOf(ORDER_PAGE, 'browser');
  const robot = rowOf(ROBOT_PAGE, 'browser');
  if (order && robot) {
    const cpu = ratio(order.cpuMs, robot.cpuMs);
    out.push({
      goal: "order list's server CPU ≤ 1.5× the robot list's",
      measured: `${order.cpuMs} / ${robot.cpuMs} ms = ${cpu}×`,
      pass: cpu <= 1.5,
    });
    if (order.dbMs !== undefined && robot.dbMs !== undefined) {
      const db = ratio(order.dbMs, robot.dbMs);
      out.push({
        goal: "order list's DB time ≤ 2× the robot list's",
        measured: `${order.dbMs} / ${robot.dbMs} ms = ${db}×`,
        pass: db <= 2,
      });
    }
  }
  const profile = rowOf('profile', 'browser');
  const bare = rowOf(PROFILE_BARE, 'browser');
  if (profile && bare) {
    const cpu = ratio(profile.cpuMs, bare.cpuMs);
    out.push({
      goal: "profile's server CPU ≤ 1.3× a bare Fastify route's (same JSON, same compression)",
      measured: `${profile.cpuMs} / ${bare.cpuMs} ms = ${cpu}×`,
      pass: cpu <= 1.3,
    });
  }
  for (const list of [ORDER_PAGE, ROBOT_PAGE]) {
    const asked = rowOf(list, 'browser');
    const plain = rowOf(list, 'none');
    if (!asked || !plain) continue;
    const share = Math.round(((asked.cpuMs - plain.cpuMs) / asked.cpuMs) * 100);
    out.push({
      goal: `compression ≤ 10 % of the ${list.split(':')[0]}'s server CPU`,
      measured: `(${asked.cpuMs} − ${plain.cpuMs}) / ${asked.cpuMs} = ${share} %`,
      pass: share <= 10,
    });
  }
  return out;
}
