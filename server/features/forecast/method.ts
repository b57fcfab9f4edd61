// The forecast method (docs/replenishment.md, "The method"): a seasonal average with smoothing, small enough to
// explain to an operator and chosen by the backtest below against the vending suites' rule (vends per day over
// the last 28 days). Pure functions over a product's daily history in its store's local days; no database here.
//
//   demand of a day  = sales / the share of the day's usual demand that fell in hours it was on sale
//                      (a sold-out afternoon is not read as no demand; a day sold out all day says nothing)
//   weekly rhythm    = per weekday, mean demand / overall mean, shrunk towards the fallback's rhythm
//   level            = recency-weighted mean of the de-seasonalised demand, blended with the fallback's level
//                      (the store's, then the brand's) by how many days of its own it has
//   forecast of a day = level × the weekday's factor; within the day, the store's hour-of-day shape

export const DAY_HOURS = 24;
/** Days of history read (eight weeks). */
export const HISTORY_DAYS = 56;
/** The vending suites' baseline: vends per day averaged over this many previous days. */
export const BASELINE_DAYS = 28;
/** Half-life, in days, of a day's weight in the level (chosen by the backtest, docs/replenishment.md). */
export const HALF_LIFE_DAYS = 14;
/** Pseudo-days of the fallback in a weekday's factor and in the level. */
export const RHYTHM_PRIOR_DAYS = 1;
export const LEVEL_PRIOR_DAYS = 7;
/** Pseudo-units of a flat shape in an hour-of-day shape. */
const SHAPE_PRIOR_UNITS = 24;
/** A day on sale for less of its usual demand than this tells too little to read its demand from. */
const MIN_AVAILABLE_SHARE = 0.25;
/** The 95th percentile of χ² with 6 degrees of freedom. */
const CHI2_6_95 = 12.59;
/** z of a two-sided 80 % interval. */
const Z80 = 1.2816;
/** An empty time is looked for this far ahead at most. */
export const MAX_HORIZON_DAYS = 60;

/** One local day of one product: units sold, its weekday (0 Sunday … 6 Saturday), and the hours it was on sale. */
export interface Day {
  weekday: number;
  sold: number;
  /** per local hour, false while it was sold out; absent: on sale all day */
  onSale?: readonly boolean[];
}

export type Rhythm = readonly number[]; // 7 factors, mean 1
export type Shape = readonly number[]; // 24 shares, sum 1

export const FLAT_RHYTHM: Rhythm = [1, 1, 1, 1, 1, 1, 1];
export const FLAT_SHAPE: Shape = Array.from({ length: DAY_HOURS }, () => 1 / DAY_HOURS);

/** The share of a day's usual demand that fell in its hours on sale (1 when it never sold out). */
export function availableShare(day: Day, shape: Shape = FLAT_SHAPE): number {
  if (!day.onSale) return 1;
  let share = 0;
  for (let h = 0; h < DAY_HOURS; h++) if (day.onSale[h]) share += shape[h];
  return Math.min(1, share);
}

/** A day's demand as seen: sales scaled up by the share on sale; null when it was on sale too little to tell. */
export function demandOf(day: Day, shape: Shape = FLAT_SHAPE): { demand: number; weight: number } | null {
  const share = availableShare(day, shape);
  if (share < MIN_AVAILABLE_SHARE) return null;
  return { demand: day.sold / share, weight: share };
}

/** Hour-of-day shape from units sold per local hour (summed over days), shrunk towards `prior`. */
export function hourShape(perHour: readonly number[], prior: Shape = FLAT_SHAPE): Shape {
  const total = perHour.reduce((a, b) => a + b, 0);
  return prior.map((p, h) => ((perHour[h] ?? 0) + SHAPE_PRIOR_UNITS * p) / (total + SHAPE_PRIOR_UNITS));
}

const normalise = (f: number[]): number[] => {
  const mean = f.reduce((a, b) => a + b, 0) / f.length;
  return mean > 0 ? f.map((x) => x / mean) : [...FLAT_RHYTHM];
};

/**
 * The weekly rhythm of a history (a store's products pooled, usually): each weekday's mean demand over the mean of
 * all days, each weekday's factor shrunk towards `prior` by RHYTHM_PRIOR_DAYS pseudo-days, so two Saturdays do not
 * make a rule.
 */
export function weeklyRhythm(days: readonly Day[], shape: Shape = FLAT_SHAPE, prior: Rhythm = FLAT_RHYTHM): Rhythm {
  const sum = new Array<number>(7).fill(0);
  const n = new Array<number>(7).fill(0);
  let all = 0;
  let count = 0;
  for (const d of days) {
    const seen = demandOf(d, shape);
    if (!seen) continue;
    sum[d.weekday] += seen.demand;
    n[d.weekday] += 1;
    all += seen.demand;
    count += 1;
  }
  if (count === 0 || all === 0) return prior;
  const mean = all / count;
  // a rhythm only where the week's days really differ: weekday means this far apart would come by chance from
  // rhythm-free (Poisson) sales in under 5 % of histories (χ² with 6 degrees of freedom); else the fallback's, so
  // flat demand is forecast flat rather than from noise (the backtest on flat demand, docs/replenishment.md)
  let chi2 = 0;
  for (let w = 0; w < 7; w++) if (n[w]) chi2 += (n[w] * (sum[w] / n[w] - mean) ** 2) / mean;
  if (chi2 < CHI2_6_95) return prior;
  return normalise(
    prior.map((p, w) =>
      n[w] ? (n[w] * (sum[w] / n[w] / mean) + RHYTHM_PRIOR_DAYS * p) / (n[w] + RHYTHM_PRIOR_DAYS) : p,
    ),
  );
}

/** A level of demand per day, and how many days (weights) of its own history it rests on. */
export interface Level {
  perDay: number;
  days: number;
}

/** The recency-weighted mean of a history's de-seasonalised demand (oldest day first, the last one yesterday), from
 * its first sale on. */
export function ownLevel(
  days: readonly Day[],
  rhythm: Rhythm = FLAT_RHYTHM,
  shape: Shape = FLAT_SHAPE,
  halfLife = HALF_LIFE_DAYS,
): Level {
  let num = 0;
  let den = 0;
  let seenDays = 0;
  // its history begins with its first sale: the days before it was sold at all (not yet listed, a new robot) say
  // nothing of its demand
  const start = days.findIndex((d) => d.sold > 0);
  if (start < 0) return { perDay: 0, days: 0 };
  for (let i = start; i < days.length; i++) {
    const seen = demandOf(days[i], shape);
    if (!seen) continue;
    const age = days.length - 1 - i;
    const w = Math.pow(0.5, age / halfLife) * seen.weight;
    num += w * (seen.demand / Math.max(rhythm[days[i].weekday], 0.05));
    den += w;
    seenDays += seen.weight;
  }
  return { perDay: den > 0 ? num / den : 0, days: seenDays };
}

/**
 * Own level blended with the fallback's (the store's, else the brand's): a product with a week of history is
 * half its own, one with eight weeks nearly all its own, a new one all the fallback's.
 */
export function blendLevel(own: Level, fallback: number | null): number {
  if (fallback === null) return own.perDay;
  return (own.days * own.perDay + LEVEL_PRIOR_DAYS * fallback) / (own.days + LEVEL_PRIOR_DAYS);
}

/** Expected use per day for `n` days from a weekday on. */
export function perDay(level: number, rhythm: Rhythm, fromWeekday: number, n = 7): number[] {
  return Array.from({ length: n }, (_, i) => level * rhythm[(fromWeekday + i) % 7]);
}

/**
 * How far demand spreads around its forecast: variance / mean of the daily demand against the forecast (1 for
 * Poisson sales, more when days swing), kept within [1, 10].
 */
export function dispersion(days: readonly Day[], level: number, rhythm: Rhythm, shape: Shape = FLAT_SHAPE): number {
  let sq = 0;
  let mean = 0;
  let n = 0;
  for (const d of days) {
    const seen = demandOf(d, shape);
    if (!seen) continue;
    const f = level * rhythm[d.weekday];
    sq += (seen.demand - f) ** 2;
    mean += f;
    n += 1;
  }
  if (n < 7 || mean <= 0) return 1;
  return Math.min(10, Math.max(1, sq / n / (mean / n)));
}

/** When stock runs out, in hours from now, with an 80 % interval; null: unlimited stock (-1) or no use. */
export interface Emptying {
  hours: number;
  low: number;
  high: number;
}

/**
 * Walks forward hour by hour from `now` (local weekday and hour, and the minutes past it) with the hourly forecast
 * (level × the weekday's factor × the hour's share) until the cumulative use reaches `stock`. The interval takes
 * the cumulative use as having variance `disp` × its mean (Poisson-like): it runs out early when use is high (mean
 * + z·sd reaches the stock) and late when low (mean − z·sd).
 */
export function emptying(
  stock: number,
  level: number,
  rhythm: Rhythm,
  shape: Shape,
  now: { weekday: number; hour: number; minute?: number },
  disp = 1,
): Emptying | null {
  if (stock < 0) return null;
  if (stock === 0) return { hours: 0, low: 0, high: 0 };
  if (level <= 0) return null;
  let cum = 0;
  let hours: number | null = null;
  let low: number | null = null;
  let high: number | null = null;
  // the three bounds (0: the early end, mean + z·sd; 1: the mean; 2: the late end, mean − z·sd) reached at a
  // cumulative use `m`? Plain functions outside the walk: it runs up to 1,440 hours for each of a fleet's products,
  // and closures made in every hour were most of a refresh's CPU (docs/replenishment.md, "What a refresh costs").
  const reached = (bound: 0 | 1 | 2, m: number) =>
    bound === 1 ? m >= stock : m + (bound === 0 ? Z80 : -Z80) * Math.sqrt(disp * m) >= stock;
  // within the hour, use is even: where the bound crossed `stock`, found by halving, in hours from now
  const cross = (bound: 0 | 1 | 2, before: number, use: number, start: number, part: number): number | null => {
    if (!reached(bound, before + use)) return null;
    let lo = 0;
    let hi = 1;
    for (let k = 0; k < 12; k++) {
      const mid = (lo + hi) / 2;
      if (reached(bound, before + use * mid)) hi = mid;
      else lo = mid;
    }
    return start + hi * part;
  };
  for (let i = 0; i < MAX_HORIZON_DAYS * DAY_HOURS; i++) {
    const hourOfWeek = now.weekday * DAY_HOURS + now.hour + i;
    const weekday = Math.floor(hourOfWeek / DAY_HOURS) % 7;
    const hour = hourOfWeek % DAY_HOURS;
    // the current hour counts only for what is left of it
    const part = i === 0 ? 1 - (now.minute ?? 0) / 60 : 1;
    const use = level * rhythm[weekday] * shape[hour] * part;
    if (use <= 0) continue;
    const before = cum;
    cum += use;
    // hours from now at this hour's start, plus the fraction of it used before the threshold is crossed
    const start = i === 0 ? 0 : i - (now.minute ?? 0) / 60;
    if (low === null) low = cross(0, before, use, start, part);
    if (hours === null) hours = cross(1, before, use, start, part);
    if (high === null) high = cross(2, before, use, start, part);
    if (high !== null) break;
  }
  if (hours === null) return null;
  return { hours, low: low ?? hours, high: high ?? MAX_HORIZON_DAYS * DAY_HOURS };
}

/** A forecaster: use per day for `horizon` days after a history (oldest first) whose next day is `weekday`. */
export type Forecaster = (history: readonly Day[], weekday: number, horizon: number) => number[];

/** The vending suites' rule: units sold per day over the last 28 days, every day alike (sold-out days as zero). */
export const baseline: Forecaster = (history, _weekday, horizon) => {
  const last = history.slice(-BASELINE_DAYS);
  const rate = last.length ? last.reduce((t, d) => t + d.sold, 0) / BASELINE_DAYS : 0;
  return new Array<number>(horizon).fill(rate);
};

/** The fallback a product leans on while its own history is short: a level, a rhythm and a shape. */
export interface Fallback {
  level: number | null;
  rhythm?: Rhythm;
  shape?: Shape;
}

/**
 * This method on one product's history. `rhythm`: its store's, learned from all the store's products pooled (the
 * backtest found a product's own rhythm noisier than its store's, docs/replenishment.md); without it, its own.
 */
export function seasonal(fallback: Fallback = { level: null }, halfLife = HALF_LIFE_DAYS): Forecaster {
  return (history, weekday, horizon) => {
    const shape = fallback.shape ?? FLAT_SHAPE;
    const rhythm = fallback.rhythm ?? weeklyRhythm(history, shape);
    const level = blendLevel(ownLevel(history, rhythm, shape, halfLife), fallback.level);
    return perDay(level, rhythm, weekday, horizon);
  };
}

export interface Backtest {
  wape: number | null;
  baseline_wape: number | null;
  /** forecast origins counted */
  days: number;
  /** per origin day: units sold over the horizon and both forecasts' absolute errors */
  series: Array<{ day: number; actual: number; error: number; baseline_error: number }>;
}

/**
 * Forecasts made with the history up to each origin day (index into `days`, from `from` to `to` inclusive) for the
 * `horizon` days after it, against what was sold on those days. Days that were sold out at any hour are left out of
 * the comparison for both methods (their sales are not their demand). WAPE = Σ|actual − forecast| / Σ actual.
 */
export function backtest(
  items: ReadonlyArray<readonly Day[]>,
  from: number,
  to: number,
  horizon: number,
  method: (item: number) => Forecaster,
): Backtest {
  const series: Backtest['series'] = [];
  let actual = 0;
  let err = 0;
  let baseErr = 0;
  for (let t = from; t <= to; t++) {
    let a = 0;
    let e = 0;
    let b = 0;
    items.forEach((days, k) => {
      if (t + horizon > days.length || t < 1) return;
      const history = days.slice(0, t);
      const f = method(k)(history, days[t].weekday, horizon);
      const base = baseline(history, days[t].weekday, horizon);
      for (let i = 0; i < horizon; i++) {
        const d = days[t + i];
        if (d.onSale && d.onSale.some((x) => !x)) continue;
        a += d.sold;
        e += Math.abs(d.sold - f[i]);
        b += Math.abs(d.sold - base[i]);
      }
    });
    series.push({ day: t, actual: a, error: e, baseline_error: b });
    actual += a;
    err += e;
    baseErr += b;
  }
  return {
    wape: actual > 0 ? err / actual : null,
    baseline_wape: actual > 0 ? baseErr / actual : null,
    days: series.length,
    series,
  };
}
