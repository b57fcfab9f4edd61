// Store-local days and hours (docs/replenishment.md): a store's weekly rhythm and hour-of-day shape are its own
// clock's, so sales are placed in the store's time zone (`dealer.tz`, else the server's) before anything is learned.

const DAY_MS = 86_400_000;

/** The server's own zone: a store without `tz` keeps this one. */
export const serverZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Whether `tz` is a zone this runtime knows (an IANA name). */
export function knownZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(tz: string): Intl.DateTimeFormat {
  let f = formats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formats.set(tz, f);
  }
  return f;
}

/** Minutes the zone is ahead of UTC at `ms`. */
export function offsetMinutes(tz: string, ms: number): number {
  const parts = Object.fromEntries(
    formatOf(tz)
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute);
  return Math.round((asUtc - Math.floor(ms / 60_000) * 60_000) / 60_000);
}

/** A moment in a store's clock: its local day (days since 1970-01-01, local), weekday (0 Sunday), hour, minute. */
export interface Local {
  day: number;
  weekday: number;
  hour: number;
  minute: number;
}

export function localOf(tz: string, ms: number): Local {
  const local = ms + offsetMinutes(tz, ms) * 60_000;
  const day = Math.floor(local / DAY_MS);
  const inDay = local - day * DAY_MS;
  return {
    day,
    weekday: (((day + 4) % 7) + 7) % 7, // 1970-01-01 was a Thursday
    hour: Math.floor(inDay / 3_600_000),
    minute: Math.floor((inDay % 3_600_000) / 60_000),
  };
}

/** The UTC moment a local day (days since 1970-01-01) begins in the zone. */
export function startOfLocalDay(tz: string, day: number): number {
  const guess = day * DAY_MS;
  // the offset at the guess, then again at the corrected moment (a day that begins across a DST change)
  const first = guess - offsetMinutes(tz, guess) * 60_000;
  return guess - offsetMinutes(tz, first) * 60_000;
}

/** `YYYY-MM-DD` as days since 1970-01-01; null when it is not a real calendar date. */
export function dayOfDate(date: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const ms = Date.UTC(+m[1], +m[2] - 1, +m[3]);
  const d = new Date(ms);
  if (d.getUTCFullYear() !== +m[1] || d.getUTCMonth() !== +m[2] - 1 || d.getUTCDate() !== +m[3]) return null;
  return ms / DAY_MS;
}

export const dateOfDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
