// The queries of sign-in and one's own account (./index.ts): the account a sign-in checks, its profile in one
// statement, its own basics and password. The account's row is the accounts feature's: what these calls change of
// it is written there (docs/architecture.md, "Who writes which table").
import { sql } from 'kysely';
import type { DB } from '../../db';

export { rehash, markSignedIn, saveBasics, setPassword } from '../accounts/ownAccount';

/** The account a sign-in checks; the epoch read here, before the password is checked, is the one the session must still match. */
export const signinAccount = (db: DB, username: string) =>
  db
    .selectFrom('account')
    .select(['_id', 'password', 'status', 'session_epoch'])
    .where('_id', '=', username)
    .executeTakeFirst();

/** The tenant an account belongs to (its own entries and messages are filed there). */
export const tenantOf = (db: DB, account: string) =>
  db
    .selectFrom('account')
    .select(['account_type', 'integrator', 'dealer'])
    .where('_id', '=', account)
    .executeTakeFirst();

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

export const passwordOf = (db: DB, account: string) =>
  db.selectFrom('account').select('password').where('_id', '=', account).executeTakeFirstOrThrow();

/** Every authorization's id and stored name (built-in ones are named in the caller's language by the route). */
export const permissionNames = (db: DB) =>
  db.selectFrom('permission').select(['_id', 'display_name']).orderBy('_id').execute();
