// Declarations → schema: what a database lacks, or holds beyond, what resources/ declares.
import type { ResourceDef } from '../../../resources/types';
import type { DB } from '../index';
import { deriveSchema } from './derive';
import { inspectTables } from './inspect';
import { diffSchema, type Change, type ListSort } from './diff';

export type { Change } from './diff';

/** Every change that would make this database's declared tables what the declarations say. */
export async function schemaChanges(db: DB, resources: readonly ResourceDef[]): Promise<Change[]> {
  const expected = deriveSchema(resources);
  const actual = await inspectTables(
    db,
    expected.map((t) => t.table),
  );
  const sorts = new Map<string, ListSort>(resources.map((r) => [r.table, r.list.sort]));
  return diffSchema(expected, actual, sorts);
}
