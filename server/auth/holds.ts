// Guesses bounded per account, whatever addresses they come from (docs/security.md, "Holds per account"). The limits
// per address (./throttle.ts) cannot stop a holder of many addresses; these count every wrong guess of one account,
// in a 15-minute window, per step of a sign-in:
// - 'code': two-factor and recovery codes. Past 10 wrong, the step is held 15 minutes, and every further burst
//   doubles the hold, up to a day. While held every code is refused unjudged, the right one too (no oracle).
// - 'password': past 20 wrong, password sign-ins are held 15 minutes (never longer: the owner must get back in),
//   except from an address the account last signed in from.
// A guess is reserved before it is judged by one guarded upsert on the account's row, as the sign-in limit does: the
// row lock makes concurrent guesses queue, so no more than the bound are ever judged, on one process or many. A
// right answer gives its reservation back. The one wrong guess that fills the window sets the hold, under the same
// lock, so the owner is told once per hold.
import { sql } from 'kysely';
import type { DB } from '../db';
import { setting } from '../config';

export type Step = 'code' | 'password';

export const HOLD_WINDOW_MINUTES = 15;
/** Wrong guesses per account and window after which the step is held. */
export const MAX_WRONG: Record<Step, number> = { code: 10, password: 20 };
/** The first hold; a code hold doubles with each burst after it (holds in a row), a password hold never does. */
export const HOLD_MINUTES = 15;
export const MAX_HOLD_MINUTES = 24 * 60;
/** Addresses kept per account as "signed in from here lately". */
const KNOWN_IPS = 5;

/** The password hold follows the sign-in limit's switch (`LOGIN_RATE_LIMIT=off`, for security scans only); the bound
 * on codes is always on. */
const counted = (step: Step) => step === 'code' || setting('LOGIN_RATE_LIMIT');

const WINDOW = sql`make_interval(mins => ${HOLD_WINDOW_MINUTES})`;

/** How long the next hold lasts: 15 minutes, doubled per hold in a row for codes, at most a day. */
const nextHold = (step: Step) =>
  step === 'code'
    ? sql`make_interval(mins => least(${MAX_HOLD_MINUTES}, ${HOLD_MINUTES} * power(2, least(account_hold.holds, 16))::int))`
    : sql`make_interval(mins => ${HOLD_MINUTES})`;

export type Reservation = { ok: true } | { ok: false; heldUntil: Date | null };

/**
 * Reserves one guess for the account's step, or refuses it: while the step is held, or while the window already
 * holds the bound (wrong guesses and guesses still being judged). `ip`: for the password step, an address the
 * account last signed in from (rememberAddress) is not held (the limit per address still applies to it).
 */
export async function reserveGuess(db: DB, step: Step, subject: string, ip?: string): Promise<Reservation> {
  if (!counted(step)) return { ok: true };
  const expired = sql`account_hold.window_start <= now() - ${WINDOW}`;
  const known =
    step === 'password' && ip !== undefined ? sql<boolean>`${ip} = ANY(account_hold.known_ips)` : sql<boolean>`false`;
  const row = await db
    .insertInto('account_hold')
    .values({ subject, step, failures: 1 })
    .onConflict((oc) =>
      oc
        .columns(['subject', 'step'])
        .doUpdateSet({
          window_start: sql`CASE WHEN ${expired} THEN now() ELSE account_hold.window_start END`,
          failures: sql`CASE WHEN ${expired} THEN 1 ELSE account_hold.failures + 1 END`,
        })
        .where(
          sql<boolean>`${known} OR ((account_hold.held_until IS NULL OR account_hold.held_until <= now()) AND (${expired} OR account_hold.failures < ${MAX_WRONG[step]}))`,
        ),
    )
    .returning('subject')
    .executeTakeFirst();
  if (row) return { ok: true };
  const held = await holdOf(db, step, subject);
  return { ok: false, heldUntil: held };
}

/** Gives a reservation back: a right answer (`right`: for codes the doubling starts again too), or a guess another
 * limit refused before it was judged. */
export async function releaseGuess(db: DB, step: Step, subject: string, right: boolean) {
  if (!counted(step)) return;
  await db
    .updateTable('account_hold')
    .set({
      failures: sql`greatest(failures - 1, 0)`,
      ...(right ? { holds: 0 } : {}),
    })
    .where('subject', '=', subject)
    .where('step', '=', step)
    .execute();
}

/**
 * A wrong guess: its reservation stays. When it fills the window, the step is held from now and this call answers
 * until when (only this one: the row's lock decides which wrong guess filled it); otherwise undefined. The window
 * starts again when the hold ends.
 */
export async function keepGuess(
  db: DB,
  step: Step,
  subject: string,
): Promise<{ heldUntil: Date; failures: number } | undefined> {
  if (!counted(step)) return undefined;
  const held = await db
    .updateTable('account_hold')
    .set({
      held_until: sql`now() + ${nextHold(step)}`,
      window_start: sql`now() + ${nextHold(step)}`,
      holds: sql`holds + 1`,
      failures: 0,
    })
    .where('subject', '=', subject)
    .where('step', '=', step)
    .where('failures', '>=', MAX_WRONG[step])
    .where((eb) => eb.or([eb('held_until', 'is', null), eb('held_until', '<=', sql<Date>`now()`)]))
    .returning(['held_until'])
    .executeTakeFirst();
  return held?.held_until ? { heldUntil: new Date(held.held_until), failures: MAX_WRONG[step] } : undefined;
}

/** Until when the step is held; null when it is not. */
export async function holdOf(db: DB, step: Step, subject: string): Promise<Date | null> {
  const r = await db
    .selectFrom('account_hold')
    .select('held_until')
    .where('subject', '=', subject)
    .where('step', '=', step)
    .where('held_until', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return r?.held_until ? new Date(r.held_until) : null;
}

/** A whole sign-in (password, and code where on) from this address: remembered as one the owner uses. */
export async function rememberAddress(db: DB, subject: string, ip: string) {
  await db
    .insertInto('account_hold')
    .values({ subject, step: 'password', known_ips: sql`ARRAY[${ip}]::text[]` })
    .onConflict((oc) =>
      oc.columns(['subject', 'step']).doUpdateSet({
        known_ips: sql`(${ip}::text || array_remove(account_hold.known_ips, ${ip}::text))[1:${KNOWN_IPS}]`,
      }),
    )
    .execute();
}

/** Whether the account last signed in from this address (see rememberAddress). */
export async function knownAddress(db: DB, subject: string, ip: string): Promise<boolean> {
  const r = await db
    .selectFrom('account_hold')
    .select('subject')
    .where('subject', '=', subject)
    .where('step', '=', 'password')
    .where(sql<boolean>`${ip} = ANY(known_ips)`)
    .executeTakeFirst();
  return Boolean(r);
}

/** A provider lifts the account's holds: both steps heard again, their counts and the doubling started afresh. The
 * addresses it signed in from stay. */
export async function liftHolds(db: DB, subject: string) {
  await db
    .updateTable('account_hold')
    .set({ held_until: null, failures: 0, holds: 0, window_start: sql`now()` })
    .where('subject', '=', subject)
    .execute();
}

/** Rows with nothing held, idle a day, go (the security log's purge schedule); an account's known addresses stay
 * a month. */
export async function purgeHolds(db: DB) {
  await db
    .deleteFrom('account_hold')
    .where('window_start', '<', sql<Date>`now() - interval '1 day'`)
    .where((eb) => eb.or([eb('held_until', 'is', null), eb('held_until', '<', sql<Date>`now()`)]))
    .where((eb) =>
      eb.or([sql<boolean>`cardinality(known_ips) = 0`, eb('window_start', '<', sql<Date>`now() - interval '30 days'`)]),
    )
    .execute();
}
