// Demand as shops see it (docs/replenishment.md, "The demo's history"): each store has a weekly rhythm (a station
// is busy on weekdays, a mall at the weekend, a canteen closed on Sunday) and an hour-of-day shape (lunch, the
// afternoon, the evening), and each product a popularity that drifts from week to week. Deterministic for a seed,
// so the demo's eight weeks, the backtest and `npm run bench:replenish` all see the same shops.

/** A small deterministic generator (mulberry32). */
export function generator(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A Poisson draw of mean `mean` (Knuth's for small means, a rounded normal beyond). */
export function poisson(rnd: () => number, mean: number): number {
  if (mean <= 0) return 0;
  if (mean > 30) {
    const u = Math.max(rnd(), 1e-12);
    const n = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rnd());
    return Math.max(0, Math.round(mean + Math.sqrt(mean) * n));
  }
  const l = Math.exp(-mean);
  let k = 0;
  let p = 1;
  do {
    k += 1;
    p *= rnd();
  } while (p > l);
  return k - 1;
}

/** A store's kind of place: how its week and its day go. */
export type Place = 'station' | 'mall' | 'campus' | 'flat';

/** Weekday factors, Sunday first (mean about 1). */
export const WEEK: Record<Place, readonly number[]> = {
  station: [0.55, 1.2, 1.15, 1.15, 1.2, 1.35, 0.6],
  mall: [1.6, 0.7, 0.65, 0.7, 0.8, 1.05, 1.7],
  campus: [0.15, 1.3, 1.35, 1.3, 1.3, 1.15, 0.45],
  flat: [1, 1, 1, 1, 1, 1, 1],
};

/** Hour-of-day weights (sum normalised below): open from 7 to 22 with peaks that differ by place. */
const DAY_WEIGHTS: Record<Place, readonly number[]> = {
  station: [0, 0, 0, 0, 0, 0, 0, 3, 6, 5, 3, 3, 4, 4, 3, 3, 3, 5, 6, 4, 3, 2, 1, 0],
  mall: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 4, 5, 5, 6, 6, 5, 5, 6, 5, 3, 1, 0],
  campus: [0, 0, 0, 0, 0, 0, 0, 2, 4, 3, 3, 5, 8, 6, 3, 3, 4, 5, 4, 3, 2, 1, 0, 0],
  flat: Array.from({ length: 24 }, () => 1),
};
export const DAY_SHAPE: Record<Place, readonly number[]> = Object.fromEntries(
  Object.entries(DAY_WEIGHTS).map(([k, w]) => {
    const total = w.reduce((a, b) => a + b, 0);
    return [k, w.map((x) => x / total)];
  }),
) as unknown as Record<Place, readonly number[]>;

/** A product's popularity over `days`: a base rate per day that drifts (a slow random walk, ±20 % a week at most). */
export function drift(rnd: () => number, days: number, base: number): number[] {
  const out: number[] = [];
  let f = 1;
  for (let d = 0; d < days; d++) {
    if (d % 7 === 0) f = Math.min(1.5, Math.max(0.6, f * (0.9 + 0.2 * rnd())));
    out.push(base * f);
  }
  return out;
}

/**
 * Units wanted in each local hour of `days` days for one product of a store of kind `place`, the first day being
 * `firstWeekday` (0 Sunday): Poisson draws around base × drift × weekday × hour shape.
 */
export function hourlyDemand(
  rnd: () => number,
  place: Place,
  firstWeekday: number,
  days: number,
  basePerDay: number,
): number[][] {
  const popularity = drift(rnd, days, basePerDay);
  return popularity.map((rate, d) => {
    const w = WEEK[place][(firstWeekday + d) % 7];
    return DAY_SHAPE[place].map((s) => poisson(rnd, rate * w * s));
  });
}
