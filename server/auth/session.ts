// Sessions: a random token given to the client once, kept server-side only as its SHA-256.
// A session belongs to its account's epoch: a password change, set_password, freeze or delete raises the
// epoch in the same transaction that deletes the sessions, and a session of an older epoch is dead. Sign-in
// reads the epoch before it checks the password and inserts only while that epoch is still the account's,
// so a sign-in racing a revocation cannot leave a session behind.
import { hash, randomBytes } from 'node:crypto';
import { sql, type CompiledQuery } from 'kysely';
import type { DB } from '../db';
import type { SessionUser } from './context';
import type { AccountType } from '../../resources/accounts';

export const SESSION_DAYS = 7;
/** last_seen is refreshed at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 60_000;

// one-shot: no Hash object per signed-in call
export const hashToken = (token: string) => hash('sha256', token, 'hex');

/**
 * Opens a session for the account if its epoch is still `epoch` (the one read before the password was
 * checked) and it is still normal; undefined otherwise. FOR SHARE waits for a revocation in flight and
 * then sees its result, so on PostgreSQL the insert is decided on the committed state.
 */
export async function createSession(
  db: DB,
  account: string,
  epoch: number,
  ip: string,
  userAgent: string | undefined,
): Promise<string | undefined> {
  const token = randomBytes(32).toString('base64url');
  const r = await sql`
    INSERT INTO session (token_hash, account, epoch, ip, user_agent, expire_time)
    SELECT ${hashToken(token)}, a._id, a.session_epoch, ${ip}, ${userAgent?.slice(0, 300) ?? null}, now() + make_interval(days => ${SESSION_DAYS})
    FROM account a
    WHERE a._id = ${account} AND a.session_epoch = ${epoch} AND a.status = 'normal'
    FOR SHARE
    RETURNING token_hash`.execute(db);
  return r.rows.length === 1 ? token : undefined;
}

/** The live session of a token, with its account's authorizations; undefined when none. */
export const loadSession = (db: DB, token: string) => loadSessionByHash(db, hashToken(token));

/** Stands for the token's hash in the compiled lookup: no SHA-256 hex equals it. */
const TOKEN_HASH = '\u0000token_hash';

const sessionLookup = (db: DB) =>
  db
    .selectFrom('session as s')
    .innerJoin('account as a', 'a._id', 's.account')
    .select([
      'a._id',
      'a.nickname',
      'a.account_type',
      'a.roles',
      'a.integrator',
      'a.dealer',
      's.last_seen',
      sql<
        string[]
      >`coalesce((SELECT array_agg(DISTINCT x) FROM role r, unnest(r.authorizations) x WHERE r._id = ANY(a.roles)), '{}')`.as(
        'authorizations',
      ),
      sql<boolean>`EXISTS (SELECT 1 FROM role r WHERE r._id = ANY(a.roles) AND r.require_totp)`.as('totp_required'),
      sql<boolean>`EXISTS (SELECT 1 FROM role r WHERE r._id = ANY(a.roles) AND r.require_totp) AND NOT EXISTS (SELECT 1 FROM account_totp t WHERE t.account = a._id AND t.enabled)`.as(
        'totp_pending',
      ),
    ])
    .where('s.token_hash', '=', TOKEN_HASH)
    .where('s.expire_time', '>', sql<Date>`now()`)
    .whereRef('s.epoch', '=', 'a.session_epoch')
    .where('a.status', '=', 'normal');

/**
 * Every signed-in call runs this lookup, so it is built and compiled once per database and only the hash is
 * put in per call: building and compiling it each time was the largest library cost of a small call.
 */
type Lookup = ReturnType<ReturnType<typeof sessionLookup>['compile']>;
const compiledLookups = new WeakMap<DB, Lookup>();

export async function loadSessionByHash(db: DB, tokenHash: string): Promise<SessionUser | undefined> {
  return (await lookupSession(db, tokenHash))?.user;
}

/** The live session of a token hash, and whether a role of its account requires two-factor sign-in. */
export async function lookupSession(
  db: DB,
  tokenHash: string,
): Promise<{ user: SessionUser; totpRequired: boolean } | undefined> {
  let lookup = compiledLookups.get(db);
  if (!lookup) compiledLookups.set(db, (lookup = sessionLookup(db).compile()));
  const { rows } = await db.executeQuery<Lookup extends CompiledQuery<infer R> ? R : never>({
    ...lookup,
    parameters: lookup.parameters.map((p) => (p === TOKEN_HASH ? tokenHash : p)),
  });
  const row = rows[0];
  if (!row) return undefined;
  if (Date.now() - new Date(row.last_seen).getTime() > TOUCH_EVERY_MS) {
    await db
      .updateTable('session')
      .set({ last_seen: sql`now()`, expire_time: sql`now() + make_interval(days => ${SESSION_DAYS})` })
      .where('token_hash', '=', tokenHash)
      .execute();
  }
  const user: SessionUser = {
    _id: row._id,
    nickname: row.nickname,
    account_type: row.account_type as AccountType,
    roles: row.roles,
    authorizations: new Set(row.authorizations),
    integrator: row.integrator,
    dealer: row.dealer,
    tokenHash,
    totpPending: row.totp_pending,
  };
  return { user, totpRequired: row.totp_required };
}

export async function revokeToken(db: DB, tokenHash: string) {
  await db.deleteFrom('session').where('token_hash', '=', tokenHash).execute();
}

/**
 * Freeze, delete and password change end every session of the account: the epoch goes up (so a sign-in
 * that read the old one cannot insert, and a session it did insert is dead) and the sessions go.
 * Call it in the transaction that makes the change.
 */
export async function revokeAccount(db: DB, account: string) {
  await db
    .updateTable('account')
    .set({ session_epoch: sql`session_epoch + 1` })
    .where('_id', '=', account)
    .execute();
  await db.deleteFrom('session').where('account', '=', account).execute();
}
