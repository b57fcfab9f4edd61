// The queries of sign-in and one's own account (./index.ts): the account a sign-in checks, its profile in one
// statement, its own basics and password. The account's row is the accounts feature's: what these calls change of
// it is written there (docs/architecture.md, "Who writes which table").
import { sql, type Selectable } from 'kysely';
import type { DB, Tables } from '../../db';
import { runNamed } from '../../db/prepared';
import { isoText } from '../../db/isoText';
import { unauthorized } from '../../http/errors';

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

/** The account's columns a profile answers (named, not `a.*`: a prepared statement's columns must not change under
 * it when an upgrade adds one, and the password's hash has no business in a profile). */
const PROFILE_COLUMNS = [
  '_id',
  'nickname',
  'email',
  'avatar',
  'account_type',
  'roles',
  'create_timestamp',
  'last_login',
  'status',
  'integrator',
  'dealer',
] as const;
/** Its times are read as the text the answer shows (what JSON makes of a Date: ISO-8601, UTC, milliseconds
 * truncated, as a list's are, server/crud/query.ts): a Date in the answer sent the whole object down
 * JSON.stringify's slow path, twice the serializing of the same answer with text (docs/performance.md). */
const TIMES = new Set<string>(['create_timestamp', 'last_login']);
const profileColumns = sql.join(
  PROFILE_COLUMNS.map((c) => (TIMES.has(c) ? sql`${isoText(sql.ref(`a.${c}`))} AS ${sql.ref(c)}` : sql.ref(`a.${c}`))),
);

/** A profile's row: the account's own columns, its brand's and store's names and logos, and the names of its roles
 * and authorizations. */
export type ProfileRow = Pick<
  Selectable<Tables['account']>,
  Exclude<(typeof PROFILE_COLUMNS)[number], 'create_timestamp' | 'last_login'>
> & {
  create_timestamp: string;
  last_login: string | null;
  integrator_name: string | null;
  integrator_logo: string | null;
  dealer_name: string | null;
  dealer_logo: string | null;
  roles_detail: Array<{ _id: string; display_name: string }>;
  authorizations_detail: Array<{ _id: string; display_name: string }>;
};

/**
 * One statement: the account, its brand's and store's names and logos, and the names of its roles and
 * authorizations: a profile call is this one statement (docs/performance.md "What a call costs"). The console asks
 * for it on every page it opens, so it is written as one SQL text (kysely's query builder cost ~15 % of the call's CPU
 * to build and compile it), compiled once per database with only its three values put in per call, and sent as a
 * named statement (server/db/prepared.ts, runNamed: parsed once per connection of the main pool, and planned once
 * PostgreSQL keeps its generic plan; the two subqueries' planning was most of its database time).
 */
const profileQuery = (db: DB, roles: string[], auths: string[], account: string) =>
  sql<ProfileRow>`
      SELECT ${profileColumns}, i.name AS integrator_name, i.logo AS integrator_logo, d.name AS dealer_name, d.logo AS dealer_logo,
        coalesce((SELECT json_agg(json_build_object('_id', r._id, 'display_name', r.display_name))
                    FROM role r WHERE r._id = ANY(${roles}::text[])), '[]') AS roles_detail,
        coalesce((SELECT json_agg(json_build_object('_id', p._id, 'display_name', p.display_name) ORDER BY p._id)
                    FROM permission p WHERE p._id = ANY(${auths}::text[])), '[]') AS authorizations_detail
        FROM account a
        LEFT JOIN integrator i ON i._id = a.integrator
        LEFT JOIN dealer d ON d._id = a.dealer
       WHERE a._id = ${account}`.compile(db);
const compiledProfiles = new WeakMap<DB, ReturnType<typeof profileQuery>>();

export async function profileOf(db: DB, account: string, roles: string[], auths: string[]) {
  let q = compiledProfiles.get(db);
  if (!q) compiledProfiles.set(db, (q = profileQuery(db, [], [], '')));
  // the template's values, in its order
  const [row] = await runNamed<ProfileRow>(db, { ...q, parameters: [roles, auths, account] });
  // the session outlived its account only for the instant between a deletion and the session's revocation
  if (!row) throw unauthorized();
  return row;
}

/** One's own nickname, e-mail and avatar, as they are before a change (the log's before). */
export const ownBasics = (db: DB, account: string) =>
  db.selectFrom('account').select(['nickname', 'email', 'avatar']).where('_id', '=', account).executeTakeFirst();

export const passwordOf = (db: DB, account: string) =>
  db.selectFrom('account').select('password').where('_id', '=', account).executeTakeFirstOrThrow();

/** Every authorization's id and stored name (built-in ones are named in the caller's language by the route). */
export const permissionNames = (db: DB) =>
  db.selectFrom('permission').select(['_id', 'display_name']).orderBy('_id').execute();
