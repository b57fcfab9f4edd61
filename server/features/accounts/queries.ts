// The queries of the role preview (./rolePreview.ts): the preview a session carries, the role and tenant it
// names, starting and ending it.
import type { DB } from '../../db';

/** The role a session previews, with its tenant's names; undefined when it previews none. */
export const previewOf = (db: DB, tokenHash: string) =>
  db
    .selectFrom('role_preview as p')
    .innerJoin('role as r', 'r._id', 'p.role')
    .leftJoin('integrator as i', 'i._id', 'p.integrator')
    .leftJoin('dealer as d', 'd._id', 'p.dealer')
    .select([
      'r._id as role',
      'r.display_name',
      'r.authorizations',
      'r.account_type',
      'p.integrator',
      'p.dealer',
      'i.name as integrator_name',
      'd.name as dealer_name',
    ])
    .where('p.token_hash', '=', tokenHash)
    .executeTakeFirst();

export const roleOf = (db: DB, id: string) =>
  db
    .selectFrom('role')
    .select(['_id', 'display_name', 'authorizations', 'account_type'])
    .where('_id', '=', id)
    .executeTakeFirst();

export const storeOf = (db: DB, id: string) =>
  db.selectFrom('dealer').select(['_id', 'integrator']).where('_id', '=', id).executeTakeFirst();

export const brandOf = (db: DB, id: string) =>
  db.selectFrom('integrator').select('_id').where('_id', '=', id).executeTakeFirst();

export interface StartPreview {
  token_hash: string;
  account: string;
  role: string;
  integrator: string | null;
  dealer: string | null;
}

/** One preview per session: starting another replaces it. */
export async function startPreview(db: DB, p: StartPreview) {
  const { role, integrator, dealer } = p;
  await db
    .insertInto('role_preview')
    .values(p)
    .onConflict((oc) => oc.column('token_hash').doUpdateSet({ role, integrator, dealer, create_time: new Date() }))
    .execute();
}

export async function endPreview(db: DB, tokenHash: string) {
  await db.deleteFrom('role_preview').where('token_hash', '=', tokenHash).execute();
}
