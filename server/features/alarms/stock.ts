// Stock alarms cleared when a product's stock goes up (and a low-stock warning kept at the new level). Apart from
// ./alarms.ts because it raises a message, and raising a message moves alarms (../messages/raise.ts): one way.
import { sql } from 'kysely';
import type { DB } from '../../db';
import { raiseMessage } from '../messages/raise';
import { STOCK_CODES } from '../../../resources/alarm_codes';
import { announceCleared, type Row } from './alarms';

/** A product whose stock just went up, as it is now. */
export interface RaisedStock {
  _id: string;
  code: string;
  name: string;
  integrator: string | null;
  dealer: string | null;
  stock: number;
  warn_stock: number;
}

const SOLD_OUT = STOCK_CODES[0];

/**
 * A product's stock went up in the console (restock, bulk restock, stock set) or came back from a cancelled sale:
 * the stock alarms of its store's robots that name it (a notification since the alarm opened) no longer hold.
 * Above warn_stock (or unlimited) they all clear. Still at or under warn_stock only the sold-out alarm clears,
 * and the robot keeps a low-stock warning at the new level, opened as the robot's own report of that level would
 * open it (when no warning naming the product is active there). One alarm per robot and code gathers the reports
 * of every product, so an alarm another product's report still holds up (newer than that product's last
 * restock, as the restock list counts it) stays active. Cleared like a manual clear but by the account that
 * raised the stock (`by`; null when the robot's cancelled sale did), in the caller's transaction, announced
 * like a recovery code's clears.
 */
export async function stockRaised(db: DB, p: RaisedStock, by: string | null): Promise<void> {
  if (p.stock === 0 || !p.dealer) return;
  const low = p.stock >= 0 && p.stock <= p.warn_stock;
  const names = (m: string) =>
    sql`(${sql.ref(m)}.detail->>'product' = ${p._id} OR ${sql.ref(m)}.detail->>'product_code' = ${p.code})`;
  const reportsOf = (m: string) =>
    sql`${sql.ref(m)}.device = a.device AND ${sql.ref(m)}.code = a.code AND ${sql.ref(m)}.create_time >= a.first_seen`;
  const candidates = sql`
    a.dealer = ${p.dealer} AND a.state <> 'cleared' AND a.code BETWEEN ${SOLD_OUT} AND ${low ? SOLD_OUT : STOCK_CODES[STOCK_CODES.length - 1]}
    AND EXISTS (SELECT 1 FROM message m WHERE ${reportsOf('m')} AND ${names('m')})`;
  // Lock them first: this statement waits for a concurrent restock of another product the same alarm names, and
  // the next one (a new snapshot) then sees that product restocked, so two restocks never leave the alarm behind.
  await sql`SELECT a._id FROM alarm a WHERE ${candidates} FOR UPDATE`.execute(db);
  const { rows } = await sql<Row>`
    UPDATE alarm a SET state = 'cleared', clear_time = now(), clear_by = ${by}
     WHERE ${candidates}
       AND NOT EXISTS (
         SELECT 1 FROM message o JOIN product q ON q.dealer = a.dealer AND q._id <> ${p._id}
                AND (o.detail->>'product' = q._id OR o.detail->>'product_code' = q.code)
          WHERE ${reportsOf('o')} AND o.create_time > coalesce(q.restock_time, '-infinity'::timestamptz)
            AND q.stock >= 0 AND NOT q."freeze")
    RETURNING *`.execute(db);
  await announceCleared(db, rows);
  if (!low) return;
  const level = STOCK_CODES[Math.min(p.stock, STOCK_CODES.length - 1)];
  for (const device of new Set(rows.map((r) => r.device as string))) {
    const { rows: warned } = await sql`
      SELECT 1 FROM alarm a
       WHERE a.device = ${device} AND a.state <> 'cleared' AND a.code BETWEEN ${SOLD_OUT + 1} AND ${STOCK_CODES[STOCK_CODES.length - 1]}
         AND EXISTS (SELECT 1 FROM message m WHERE ${reportsOf('m')} AND ${names('m')})`.execute(db);
    if (warned.length) continue;
    await raiseMessage(db, {
      code: level,
      device,
      integrator: p.integrator,
      dealer: p.dealer,
      detail: { product: p._id, product_code: p.code, product_name: p.name, stock: p.stock, warn_stock: p.warn_stock },
    });
  }
}
