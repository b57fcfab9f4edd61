// The commands' statements that are no part of the ledger (./ledger.ts): the robots a send may reach, a cancel.
import { sql } from 'kysely';
import type { DB } from '../../db';
import type { Target } from './ledger';

/** Of these robots, the ones inside the caller's tenant scope (scopeConditions of the device declaration). */
export function targetsOf(
  db: DB,
  devices: string[],
  scope: Array<[string, string]>,
): Promise<Array<Target & { type: string }>> {
  let q = db.selectFrom('device').select(['_id', 'integrator', 'dealer', 'type']).where('_id', 'in', devices);
  for (const [col, value] of scope) q = q.where(sql.ref(col), '=', value);
  return q.execute();
}

/** A queued command cancelled (the declared action has locked the row and checked its state). */
export const cancelCommand = (trx: DB, id: string) =>
  trx
    .updateTable('command')
    .set({ state: 'cancelled', done_time: sql`now()` })
    .where('_id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
