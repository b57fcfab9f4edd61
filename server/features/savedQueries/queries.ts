// The queries of saved filters (./index.ts): always one account's own, by list.
import { sql, type Insertable } from 'kysely';
import type { DB, Tables } from '../../db';
import { byName } from '../../crud/table';
import type { whereOf } from '../../crud/filters';

const COLUMNS = ['_id', 'resource', 'name', 'filter', 'sort', 'is_default', 'create_time'] as const;

/** One saved filter of the account's, to read or (with forUpdate) to change. */
export const own = (db: DB, account: string, id: string) =>
  db.selectFrom('saved_query').select(COLUMNS).where('_id', '=', id).where('account', '=', account);

export const listOf = (db: DB, account: string, resource: string) =>
  db
    .selectFrom('saved_query')
    .select(COLUMNS)
    .where('account', '=', account)
    .where('resource', '=', resource)
    .orderBy(sql`lower(name)`)
    .execute();

export async function countOf(db: DB, account: string, resource: string): Promise<number> {
  const { n } = await db
    .selectFrom('saved_query')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account', '=', account)
    .where('resource', '=', resource)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** One default per list: the others step down. */
export async function clearDefault(db: DB, account: string, resource: string) {
  await db
    .updateTable('saved_query')
    .set({ is_default: false })
    .where('account', '=', account)
    .where('resource', '=', resource)
    .where('is_default', '=', true)
    .execute();
}

/** The new row, or undefined when the account already has one of that name for the list. */
export const insert = (db: DB, row: Insertable<Tables['saved_query']>) =>
  db
    .insertInto('saved_query')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();

export const setDefault = (db: DB, id: string, isDefault: boolean) =>
  db
    .updateTable('saved_query')
    .set({ is_default: isDefault })
    .where('_id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();

export async function remove(db: DB, id: string) {
  await db.deleteFrom('saved_query').where('_id', '=', id).execute();
}

/** Builds (never runs) the list's query under this condition: a filter the list's own rules refuse throws here. */
export function compileFilter(db: DB, table: string, where: ReturnType<typeof whereOf>): void {
  byName(db).selectFrom(table).select('_id').where(where).compile();
}
