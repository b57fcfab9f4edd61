// What signing in and an account's own calls change on its row (server/features/auth/): a password's newer hash,
// the last sign-in, its own basics, its own password. The row is this feature's (docs/architecture.md, "Who writes
// which table"), so the statements are here and the sign-in calls them.
import { sql } from 'kysely';
import type { DB } from '../../db';
import { hashPassword } from '../../auth/password';

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

/** The account signed in now. */
export async function markSignedIn(db: DB, account: string) {
  await db
    .updateTable('account')
    .set({ last_login: sql`now()` })
    .where('_id', '=', account)
    .execute();
}

/** One's own nickname, e-mail or avatar. */
export async function saveBasics(db: DB, account: string, values: Record<string, unknown>) {
  // the version moves on, so an account form opened before this change cannot silently undo it
  await db
    .updateTable('account')
    .set({ ...values, update_time: sql`now()`, version: sql`version + 1` })
    .where('_id', '=', account)
    .execute();
}

/** One's own new password (its hash); the caller ends the account's sessions in the same transaction. */
export async function setPassword(db: DB, account: string, hash: string) {
  await db
    .updateTable('account')
    .set({ password: hash, update_time: sql`now()` })
    .where('_id', '=', account)
    .execute();
}
