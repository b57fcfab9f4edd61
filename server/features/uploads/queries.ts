// The uploads' statements: the record of a stored image (who uploaded it, in which tenant, in which store).
import type { Insertable } from 'kysely';
import type { DB, Tables } from '../../db';

/** Records an image just stored (its path, type, size, where it is kept and whose it is). */
export async function recordUpload(db: DB, row: Insertable<Tables['upload']>): Promise<void> {
  await db.insertInto('upload').values(row).execute();
}
