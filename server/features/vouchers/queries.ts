// The queries of vouchers: a batch's codes written in one statement a round, and a robot's write-off
// (server/features/gateway/service.ts), decided by one statement.
import { sql } from 'kysely';
import type { DB } from '../../db';
import { newId } from '../../log';

/** The product a batch is for, within the caller's scope (the conditions of server/crud/scope.ts). */
export function productOf(db: DB, id: string, scope: ReadonlyArray<[string, string]>) {
  let q = db.selectFrom('product').select(['_id', 'integrator', 'dealer']).where('_id', '=', id);
  for (const [col, v] of scope) q = q.where(sql.ref(col), '=', v);
  return q.executeTakeFirst();
}

export interface Batch {
  batch: string;
  product: { _id: string; integrator: string | null; dealer: string | null };
  /** the validated form values, as the generate call's fields declare them */
  quantity: unknown;
  valid_from: unknown;
  valid_to: unknown;
  details: string;
}

/** One statement per round: the varying columns as arrays, the rest as constants. A code that already exists
 * elsewhere is skipped (the caller draws it again): the ids of the rows written. */
export function insertCodes(db: DB, codes: readonly string[], b: Batch) {
  return sql<{ _id: string }>`
    INSERT INTO lecode (_id, batch, code, product, quantity, valid_from, valid_to, details, integrator, dealer)
    SELECT t.id, ${b.batch}, t.code, ${b.product._id}, ${b.quantity}::int, ${b.valid_from}::timestamptz,
           ${b.valid_to}::timestamptz, ${b.details}, ${b.product.integrator}, ${b.product.dealer}
    FROM unnest(${codes.map(() => newId())}::text[], ${codes}::text[]) AS t(id, code)
    ON CONFLICT (code) DO NOTHING
    RETURNING _id`.execute(db);
}

export interface WriteOff {
  code: string;
  dealer: string;
  device: string;
  order: string | null;
}

/** One statement decides: of concurrent write-offs exactly one finds the row still open (created or sold,
 * inside its validity); undefined for every other. */
export function writeOff(db: DB, w: WriteOff) {
  return db
    .updateTable('lecode')
    .set({ status: 'WRITEOFF', writeofftimestamp: sql`now()`, writeoff_device: w.device, writeoff_order: w.order })
    .where('code', '=', w.code)
    .where('dealer', '=', w.dealer)
    .where('status', 'in', ['CREATED', 'SOLD'])
    .where('valid_from', '<=', sql<Date>`now()`)
    .where('valid_to', '>', sql<Date>`now()`)
    .returningAll()
    .executeTakeFirst();
}

/** Why a write-off found nothing open: the voucher's state in the robot's store, if it is there at all. */
export const stateOf = (db: DB, code: string, dealer: string) =>
  db
    .selectFrom('lecode')
    .select(['status', 'valid_from', 'valid_to'])
    .where('code', '=', code)
    .where('dealer', '=', dealer)
    .executeTakeFirst();
