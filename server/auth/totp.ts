// Two-factor sign-in with time-based one-time codes (RFC 6238, otplib): six digits, 30-second steps,
// one step of clock drift either way, each step usable once. Recovery codes stand in for a lost phone,
// each usable once. Who must have it: every account holding a role marked `require_totp`.
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { generateSecret, generateURI, verify } from 'otplib';
import type { DB } from '../db';

const ISSUER = 'VendFleet';
const RECOVERY_CODES = 10;
export const CHALLENGE_MINUTES = 5;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** Recovery codes are compared without dashes, spaces or case. */
const normalRecovery = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

export async function totpOf(db: DB, account: string) {
  return db.selectFrom('account_totp').selectAll().where('account', '=', account).executeTakeFirst();
}

/** Whether one of the account's roles requires two-factor sign-in. */
export async function totpRequired(db: DB, roles: string[]): Promise<boolean> {
  if (roles.length === 0) return false;
  const r = await db
    .selectFrom('role')
    .select('_id')
    .where('_id', 'in', roles)
    .where('require_totp', '=', true)
    .executeTakeFirst();
  return Boolean(r);
}

/** A new secret, pending until confirmed with a first code; replaces an earlier pending one. */
export async function startEnrolment(db: DB, account: string) {
  const secret = generateSecret();
  const row = await db
    .insertInto('account_totp')
    .values({ account, secret })
    .onConflict((oc) =>
      oc
        .column('account')
        .doUpdateSet({ secret, last_step: 0, recovery: [], create_time: sql`now()` })
        .where('account_totp.enabled', '=', false),
    )
    .returning('account')
    .executeTakeFirst();
  if (!row) return undefined; // already enabled
  const uri = generateURI({ issuer: ISSUER, label: account, secret });
  // loaded when someone sets up two-factor sign-in, not at start (~10 MB of memory in every process)
  const { default: QRCode } = await import('qrcode');
  return { secret, uri, qr: await QRCode.toDataURL(uri, { margin: 1, width: 200 }) };
}

/**
 * Checks a six-digit code and spends its time step, in one statement, so the same code cannot be used
 * twice even by two requests at once.
 */
export async function checkCode(db: DB, account: string, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const t = await totpOf(db, account);
  if (!t) return false;
  const r = await verify({ secret: t.secret, token: code, epochTolerance: 30, afterTimeStep: Number(t.last_step) });
  if (!r.valid || !('timeStep' in r)) return false;
  const spent = await db
    .updateTable('account_totp')
    .set({ last_step: r.timeStep })
    .where('account', '=', account)
    .where('last_step', '<', r.timeStep)
    .returning('account')
    .executeTakeFirst();
  return Boolean(spent);
}

/** Uses up one recovery code, atomically; false when it is not one of the account's unused codes. */
export async function useRecoveryCode(db: DB, account: string, code: string): Promise<boolean> {
  const hash = sha256(normalRecovery(code));
  const r = await db
    .updateTable('account_totp')
    .set({ recovery: sql`array_remove(recovery, ${hash})` })
    .where('account', '=', account)
    .where('enabled', '=', true)
    .where(sql<boolean>`${hash} = ANY(recovery)`)
    .returning('account')
    .executeTakeFirst();
  return Boolean(r);
}

/** Turns a confirmed enrolment on and answers its recovery codes, shown this once. */
export async function enable(db: DB, account: string): Promise<string[] | undefined> {
  const codes = Array.from({ length: RECOVERY_CODES }, () =>
    randomBytes(5)
      .toString('hex')
      .replace(/(.{5})/, '$1-'),
  );
  const r = await db
    .updateTable('account_totp')
    .set({ enabled: true, recovery: codes.map((c) => sha256(normalRecovery(c))) })
    .where('account', '=', account)
    .where('enabled', '=', false)
    .returning('account')
    .executeTakeFirst();
  return r ? codes : undefined;
}

/** Turns two-factor sign-in off: the secret and the recovery codes go. */
export async function disable(db: DB, account: string) {
  await db.deleteFrom('account_totp').where('account', '=', account).execute();
}

/** A second-step ticket for an account whose password was right; only its hash is kept. */
export async function issueChallenge(db: DB, account: string, epoch: number): Promise<string> {
  const challenge = randomBytes(32).toString('base64url');
  await db
    .deleteFrom('totp_challenge')
    .where('expire_time', '<', sql<Date>`now()`)
    .execute();
  await db
    .insertInto('totp_challenge')
    .values({
      challenge_hash: sha256(challenge),
      account,
      epoch,
      expire_time: sql`now() + make_interval(mins => ${CHALLENGE_MINUTES})`,
    })
    .execute();
  return challenge;
}

export async function challengeOf(db: DB, challenge: string) {
  return db
    .selectFrom('totp_challenge')
    .select(['account', 'epoch'])
    .where('challenge_hash', '=', sha256(challenge))
    .where('expire_time', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

export async function dropChallenge(db: DB, challenge: string) {
  await db.deleteFrom('totp_challenge').where('challenge_hash', '=', sha256(challenge)).execute();
}

/** Wrong codes in a row after which the account's open challenges are void (a fresh password step) and its owner
 * is told; every as many more do it again. Codes count here and against the sign-in limit per address, not against
 * the account's sign-in allowance: someone else's wrong codes never keep the owner's right password out. */
export const TOTP_FAILURES_IN_A_ROW = 5;

/** One more wrong code in a row; answers how many now. */
export async function countFailedCode(db: DB, account: string): Promise<number> {
  const r = await db
    .updateTable('account_totp')
    .set({ failed_codes: sql`failed_codes + 1` })
    .where('account', '=', account)
    .returning('failed_codes')
    .executeTakeFirst();
  return r?.failed_codes ?? 0;
}

/** A right code: the count starts again. */
export async function clearFailedCodes(db: DB, account: string) {
  await db
    .updateTable('account_totp')
    .set({ failed_codes: 0 })
    .where('account', '=', account)
    .where('failed_codes', '>', 0)
    .execute();
}

/** Every open challenge of the account: its sign-in starts again with the password. */
export async function dropChallengesOf(db: DB, account: string) {
  await db.deleteFrom('totp_challenge').where('account', '=', account).execute();
}
