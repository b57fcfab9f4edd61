// The dashboard's time ranges: today, the last 7 or 30 days (counting today), or chosen dates; all in the
// viewer's own day boundaries.
export type Period = 'today' | 'd7' | 'd30' | 'range';

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());

/** `from`/`to` of a chosen range are yyyy-mm-dd dates, both days included. */
export function rangeOf(period: Period, now: Date, from?: string, to?: string): { from: Date; to: Date } | null {
  if (period === 'range') {
    if (!from || !to) return null;
    const a = new Date(`${from}T00:00:00`);
    const b = new Date(`${to}T23:59:59.999`);
    return Number.isNaN(a.getTime()) || Number.isNaN(b.getTime()) || b < a ? null : { from: a, to: b };
  }
  const days = period === 'today' ? 0 : period === 'd7' ? 6 : 29;
  const start = startOfDay(now);
  start.setDate(start.getDate() - days);
  return { from: start, to: now };
}

export const isoDate = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
