// The queries of sign-in and one's own account (./index.ts): the account a sign-in checks, its profile in one
// statement, its own basics and password.
import { sql } from 'kysely';
import type { DB } from '../../db';
import { hashPassword } from '../../auth/password';

/** The account a sign-in checks; the epoch read here, before the password is checked, is the one the session must still match. */
export const signinAccount = (db: DB, username: string) =>
  db
    .selectFrom('account')
    .select(['_id', 'password', 'status', 'session_epoch'])
    .where('_id', '=', username)
    .executeTakeFirst();

/**
 * An older hash is replaced by today's after a right password. Only if it is still the stored one (a
 * password change meanwhile wins), and it is the same password, so the account's sessions stay.
 */
export async function rehash(db: DB, account: string, old: string, password: string) {
  const next = await hashPassword(password);
  await db
    .updateTable('account')
    .set({ password: next })
    .where('_id', '=', account)
    .where('password', '=', old)
    .execute();
}

/** The tenant an account belongs to (its own entries and messages are filed there). */
export const tenantOf = (db: DB, account: string) =>
  db
    .selectFrom('account')
    .select(['account_type', 'integrator', 'dealer'])
    .where('_id', '=', account)
    .executeTakeFirst();

export async function markSignedIn(db: DB, account: string) {
  await db
    .updateTable('account')
    .set({ last_login: sql`now()` })
    .where('_id', '=', account)
    .execute();
}

/** One statement: the account, its brand's and store's names and logos, and the names of its roles and
 * authorizations: a profile call is this one statement (docs/performance.md "What a call costs"). */
export function profileOf(db: DB, account: string, roles: string[], auths: string[]) {
  return db
    .selectFrom('account as a')
    .leftJoin('integrator as i', 'i._id', 'a.integrator')
    .leftJoin('dealer as d', 'd._id', 'a.dealer')
    .selectAll('a')
    .select([
      'i.name as integrator_name',
      'i.logo as integrator_logo',
      'd.name as dealer_name',
      'd.logo as dealer_logo',
    ])
    .select([
      sql<
        Array<{ _id: string; display_name: string }>
      >`coalesce((SELECT json_agg(json_build_object('_id', r._id, 'display_name', r.display_name)) FROM role r WHERE r._id = ANY(${roles}::text[])), '[]')`.as(
        'roles_detail',
      ),
      sql<
        Array<{ _id: string; display_name: string }>
      >`coalesce((SELECT json_agg(json_build_object('_id', p._id, 'display_name', p.display_name) ORDER BY p._id) FROM permission p WHERE p._id = ANY(${auths}::text[])), '[]')`.as(
        'authorizations_detail',
      ),
    ])
    .where('a._id', '=', account)
    .executeTakeFirstOrThrow();
}

/** One's own nickname, e-mail and avatar, as they are before a change (the log's before). */
export const ownBasics = (db: DB, account: string) =>
  db.selectFrom('account').select(['nickname', 'email', 'avatar']).where('_id', '=', account).executeTakeFirst();

export async function saveBasics(db: DB, account: string, values: Record<string, unknown>) {
  // the version moves on, so an account form opened before this change cannot silently undo it
  await db
    .updateTable('account')
    .set({ ...values, update_time: sql`now()`, version: sql`version + 1` })
    .where('_id', '=', account)
    .execute();
}

export const passwordOf = (db: DB, account: string) =>
  db.selectFrom('account').select('password').where('_id', '=', account).executeTakeFirstOrThrow();

export async function setPassword(db: DB, account: string, hash: string) {
  await db
    .updateTable('account')
    .set({ password: hash, update_time: sql`now()` })
    .where('_id', '=', account)
    .execute();
}

/** Every authorization's id and stored name (built-in ones are named in the caller's language by the route). */
export const permissionNames = (db: DB) =>
  db.selectFrom('permission').select(['_id', 'display_name']).orderBy('_id').execute();
