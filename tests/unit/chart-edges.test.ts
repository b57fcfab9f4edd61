// @vitest-environment node
// How a chart's edges are read (server/features/dashboard/edges.ts): the whole quarters, the orders added or taken
// away and the kept minutes must count every instant of [from, to] exactly once and nothing outside it, and a
// range that ends now or starts in a closed day reads less than a minute of orders at that end. (That the sums
// equal the order rows is tests/api/orders.test.ts's part.)
import { edgesOf } from '../../server/features/dashboard/edges';

const MIN = 60_000;
const Q = 15 * MIN;
const DAY = 24 * 60 * MIN;
const today = new Date(Date.UTC(2026, 10, 25));

/** The quarters [first, last) inside the range, as the charts take them. */
function around(from: number, to: number) {
  return { first: new Date(Math.ceil(from / Q) * Q), last: new Date(Math.floor(to / Q) * Q) };
}

/** How many times the reading of [from, to] counts the instant t (ms; orders are µs, ms is fine here). */
function counted(from: number, to: number, t: number, now: number) {
  const { parts, kept, first, last } = edgesOf(
    { from: new Date(from), to: new Date(to) },
    around(from, to),
    today,
    now,
  );
  let n = t >= first.getTime() && t < last.getTime() ? 1 : 0;
  for (const p of parts) {
    const lo = p.lo.getTime();
    const hi = p.hi.getTime();
    if ((p.loOpen ? t > lo : t >= lo) && (p.hiClosed ? t <= hi : t < hi)) n += p.sign;
  }
  for (const k of kept) {
    const start = k.quarter * Q;
    if (t >= start + k.lo * MIN && t < start + k.hi * MIN) n += 1;
  }
  return n;
}

test('every instant of the range is counted once and none outside it, at any edges before, across and after today', () => {
  const at = today.getTime();
  const edges = [
    at - 3 * DAY + 7 * MIN + 1234, // early in a quarter of a closed day
    at - 3 * DAY + 13 * MIN + 59_999, // late in one, in its last minute
    at - DAY + 30 * MIN, // a closed day's whole quarter
    at - 1, // the last instant before today
    at, // today's midnight
    at + 2 * MIN + 5, // today, early in a quarter
    at + 3 * 3600_000 + 11 * MIN + 1, // today, late in a quarter
    at + 5 * 3600_000 + 14 * MIN + 59_999,
  ];
  // now early and late in a quarter of today, and after every edge
  const nows = [at + 3 * 3600_000 + MIN, at + 3 * 3600_000 + 14 * MIN, at + DAY - 1];
  for (const from of edges)
    for (const to of edges) {
      // the charts read a range this way when it holds a whole quarter (else row by row)
      const q = around(from, to);
      if (q.first >= q.last) continue;
      const probes = [from - 1, from, from + 1, to - 1, to, to + 1];
      for (const base of [from, to]) for (let m = -16; m <= 16; m++) probes.push(base + m * MIN, base + m * MIN + 999);
      for (const now of nows)
        for (const t of probes)
          expect(counted(from, to, t, now), `${from}–${to} at ${t}, now ${now}`).toBe(t >= from && t <= to ? 1 : 0);
    }
});

test('a range that ends now takes its last quarter from the rollups and reads only the orders after its end', () => {
  // early in its quarter and late: no order is younger than now, so the far side is empty either way
  for (const m of [2, 12]) {
    const now = today.getTime() + 10 * 3600_000 + m * MIN + 30_000;
    const q = around(now - DAY, now);
    const { parts, last } = edgesOf({ from: new Date(now - DAY), to: new Date(now) }, q, today, now);
    expect(last.getTime()).toBe(today.getTime() + 10 * 3600_000 + 15 * MIN);
    expect(parts.at(-1)).toMatchObject({ lo: new Date(now), loOpen: true, hi: last, sign: -1 });
  }
  // a range of today that ended a while ago, early in its quarter: its few minutes are read
  const to = today.getTime() + 10 * 3600_000 + 1 * MIN;
  const { parts, last } = edgesOf(
    { from: new Date(to - DAY), to: new Date(to) },
    around(to - DAY, to),
    today,
    to + 3600_000,
  );
  expect(last.getTime()).toBe(today.getTime() + 10 * 3600_000);
  expect(parts.at(-1)).toMatchObject({ lo: last, hi: new Date(to), hiClosed: true, sign: 1 });
});

test('an edge in a closed day reads its orders of less than a minute and keeps the rest by the minute', () => {
  const from = today.getTime() - 30 * DAY + 4 * MIN + 20_000;
  const to = today.getTime() - 2 * DAY + 9 * MIN + 40_000;
  const { parts, kept } = edgesOf({ from: new Date(from), to: new Date(to) }, around(from, to), today);
  for (const p of parts) expect(p.hi.getTime() - p.lo.getTime()).toBeLessThan(MIN);
  expect(kept).toEqual([
    { quarter: Math.floor(from / Q), lo: 5, hi: 15 },
    { quarter: Math.floor(to / Q), lo: 0, hi: 9 },
  ]);
});
