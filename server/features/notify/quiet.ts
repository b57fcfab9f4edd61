// Quiet hours on a channel's clock: "22:00"–"07:00" in its time zone (overnight when from > to).

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The minute of the day it is at `now` in `tz`. */
function localMinute(now: Date, tz: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .formatToParts(now)
    .reduce<Record<string, string>>((o, p) => ((o[p.type] = p.value), o), {});
  return Number(parts.hour) * 60 + Number(parts.minute);
}

/** When the quiet hours under way at `now` end (the next `to` on the channel's clock), or null when none are. */
export function quietUntil(quiet: { from: string; to: string } | null, tz: string, now = new Date()): Date | null {
  if (!quiet) return null;
  const m = localMinute(now, tz);
  const from = minutesOf(quiet.from);
  const to = minutesOf(quiet.to);
  const inside = from < to ? m >= from && m < to : m >= from || m < to;
  if (!inside) return null;
  const wait = (to - m + 1440) % 1440;
  const startOfMinute = now.getTime() - (now.getTime() % 60_000);
  return new Date(startOfMinute + wait * 60_000);
}

/** Whether `tz` is a time zone this runtime knows (IANA names). */
export function knownTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
