// The generic service and export work on a table chosen at run time (a declaration's `table`): their rows are
// plain records (hooks.ts Row), so no declared row type applies and the compiler cannot check their columns —
// the declaration and the validation do. This is the one place the typed database is seen as untyped tables;
// code that names its table gets that table's row type instead.
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { DB } from '../db';
import type { Row } from './hooks';

/** Any table by name, each row a record. */
export type AnyTables = Record<string, Row>;

/** The database (or a transaction of it) seen as tables chosen at run time. */
export function byName(db: DB): Kysely<AnyTables> {
  return db as unknown as Kysely<AnyTables>;
}

/** An expression builder of any query seen the same way: a list's WHERE (scope, filters) names its columns from
 * the declaration, and is used in the generic queries and in typed ones (the dashboard's, over orders). */
export function anyColumns<D, T extends keyof D>(eb: ExpressionBuilder<D, T>): ExpressionBuilder<AnyTables, string> {
  return eb as unknown as ExpressionBuilder<AnyTables, string>;
}
