// The queries of messages beyond the declared CRUD (./index.ts).
import { sql } from 'kysely';
import type { DB } from '../../db';

/** Every unread message within the caller's scope (the conditions of server/crud/scope.ts) becomes read, in
 * one statement: how many did. */
export async function markAllRead(db: DB, scope: ReadonlyArray<[string, string]>): Promise<number> {
  let q = db.updateTable('message').set({ read: true }).where('read', '=', false);
  for (const [col, value] of scope) q = q.where(sql.ref(col), '=', value);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}
