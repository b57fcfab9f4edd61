// Sessions: a random token given to the client once, kept server-side only as its SHA-256.
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../db';
import type { SessionUser } from './context';
import type { AccountType } from '../../resources/accounts';

export const SESSION_DAYS = 7;
/** last_seen is refreshed at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 60_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(db: DB, account: string, ip: string, userAgent: string | undefined): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('session')
    .values({
      token_hash: hashToken(token),
      account,
      ip,
      user_agent: userAgent?.slice(0, 300) ?? null,
      expire_time: sql`now() + make_interval(days => ${SESSION_DAYS})`,
    })
    .execute();
  return token;
}

/** The live session of a token, with its account's authorizations; undefined when none. */
export async function loadSession(db: DB, token: string): Promise<SessionUser | undefined> {
  const tokenHash = hashToken(token);
  const row = await db
    .selectFrom('session as s')
    .innerJoin('account as a', 'a._id', 's.account')
    .select([
      'a._id', 'a.nickname', 'a.account_type', 'a.roles', 'a.integrator', 'a.dealer', 's.last_seen',
      sql<string[]>`coalesce((SELECT array_agg(DISTINCT x) FROM role r, unnest(r.authorizations) x WHERE r._id = ANY(a.roles)), '{}')`.as('authorizations'),
    ])
    .where('s.token_hash', '=', tokenHash)
    .where('s.expire_time', '>', sql<Date>`now()`)
    .where('a.status', '=', 'normal')
    .executeTakeFirst();
  if (!row) return undefined;
  if (Date.now() - new Date(row.last_seen).getTime() > TOUCH_EVERY_MS) {
    await db
      .updateTable('session')
      .set({ last_seen: sql`now()`, expire_time: sql`now() + make_interval(days => ${SESSION_DAYS})` })
      .where('token_hash', '=', tokenHash)
      .execute();
  }
  return {
    _id: row._id,
    nickname: row.nickname,
    account_type: row.account_type as AccountType,
    roles: row.roles,
    authorizations: new Set(row.authorizations),
    integrator: row.integrator,
    dealer: row.dealer,
    tokenHash,
  };
}

export async function revokeToken(db: DB, tokenHash: string) {
  await db.deleteFrom('session').where('token_hash', '=', tokenHash).execute();
}

/** Freeze, delete and password change end every session of the account. */
export async function revokeAccount(db: DB, account: string) {
  await db.deleteFrom('session').where('account', '=', account).execute();
}
