// The alarm life cycle driven by robots' notifications (resources/alarm.ts): a fault or warning code opens an
// alarm on its robot or, while one is open for that code, raises its count; a recovery code clears the alarms
// of the codes it recovers (the pairing table, resources/alarm_codes.ts). Each is one statement, so concurrent
// notifications and several server processes never open a second alarm for one robot and code: the partial
// unique index alarm_open turns the second INSERT into the UPDATE of the first.
import { sql } from 'kysely';
import type { DB } from './db';
import { newId } from './log';
import { publish } from './events/bus';
import { raiseMessage } from './messages';
import * as webhookEvents from './webhooks/events';
import { NOTIFY_CODES } from '../resources/notify_codes';
import { STOCK_CODES, alarmLevel, recoveredBy } from '../resources/alarm_codes';
import { RULE_ALARM_CODE } from '../resources/alarm';

type Row = Record<string, unknown>;

export interface AlarmSignal {
  code: number;
  device: string;
  integrator: string | null;
  dealer: string | null;
}

export function alarmEvent(type: 'alarm.opened' | 'alarm.changed', row: Row) {
  return { type, integrator: (row.integrator as string) ?? null, dealer: (row.dealer as string) ?? null, data: row };
}

/** Announces alarms that were just cleared: the bell and the alarm list (live events) and the brand's webhooks. */
async function announceCleared(db: DB, cleared: Row[]) {
  for (const r of cleared) {
    await publish(alarmEvent('alarm.changed', r), db);
    await webhookEvents.alarmCleared(db, r);
  }
}

/** Clears what the code recovers, then opens (or counts) the code's own alarm. Runs in the caller's transaction. */
export async function applyAlarms(db: DB, s: AlarmSignal): Promise<void> {
  const recovers = recoveredBy(s.code);
  if (recovers.length) {
    const cleared = await sql<Row>`
      UPDATE alarm SET state = 'cleared', clear_time = now(), clear_code = ${s.code}
       WHERE device = ${s.device} AND code = ANY(${[...recovers]}::int[]) AND state <> 'cleared'
      RETURNING *`.execute(db);
    await announceCleared(db, cleared.rows);
  }
  const level = alarmLevel(s.code);
  if (!level) return;
  const { rows } = await sql<Row & { opened: boolean }>`
    INSERT INTO alarm (_id, device, device_type, code, level, category, integrator, dealer)
    VALUES (${newId()}, ${s.device}, (SELECT type FROM device WHERE _id = ${s.device}), ${s.code}, ${level},
            ${NOTIFY_CODES[s.code]?.category ?? ''}, ${s.integrator}, ${s.dealer})
    ON CONFLICT (device, code) WHERE state <> 'cleared' AND rule IS NULL
    DO UPDATE SET count = alarm.count + 1, last_seen = now()
    RETURNING *, (xmax = 0) AS opened`.execute(db);
  const { opened, ...row } = rows[0];
  await publish(alarmEvent(opened ? 'alarm.opened' : 'alarm.changed', row), db);
  if (opened) await webhookEvents.alarmOpened(db, row);
}

/** A telemetry rule breached for its minutes on a robot (server/features/telemetry/rules.ts). */
export interface RuleBreach {
  rule: string;
  device: string;
  integrator: string | null;
  dealer: string | null;
  level: 'warning' | 'error';
  /** the rule's name (the alarm's title), metric, op, threshold and the value that breached it */
  detail: Record<string, unknown>;
}

/**
 * Opens the rule's alarm on the robot, or — while one is open — counts it again. One statement on the partial
 * unique index alarm_rule_open, so two processes judging the same robot never open two. True when it opened.
 */
export async function openRuleAlarm(db: DB, b: RuleBreach): Promise<boolean> {
  const { rows } = await sql<Row & { opened: boolean }>`
    INSERT INTO alarm (_id, device, device_type, code, level, category, integrator, dealer, rule, detail)
    VALUES (${newId()}, ${b.device}, (SELECT type FROM device WHERE _id = ${b.device}), ${RULE_ALARM_CODE}, ${b.level},
            'telemetry', ${b.integrator}, ${b.dealer}, ${b.rule}, ${JSON.stringify(b.detail)})
    ON CONFLICT (device, rule) WHERE state <> 'cleared' AND rule IS NOT NULL
    DO UPDATE SET count = alarm.count + 1, last_seen = now(), detail = excluded.detail
    RETURNING *, (xmax = 0) AS opened`.execute(db);
  const { opened, ...row } = rows[0];
  await publish(alarmEvent(opened ? 'alarm.opened' : 'alarm.changed', row), db);
  if (opened) await webhookEvents.alarmOpened(db, row);
  return opened;
}

/** The rule's metric is back in range for its minutes: its open alarm on the robot clears (like a recovery code). */
export async function clearRuleAlarm(db: DB, rule: string, device: string): Promise<void> {
  const { rows } = await sql<Row>`
    UPDATE alarm SET state = 'cleared', clear_time = now()
     WHERE device = ${device} AND rule = ${rule} AND state <> 'cleared'
    RETURNING *`.execute(db);
  await announceCleared(db, rows);
}

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
  const names = (m: string) => sql`(${sql.ref(m)}.detail->>'product' = ${p._id} OR ${sql.ref(m)}.detail->>'product_code' = ${p.code})`;
  const reportsOf = (m: string) => sql`${sql.ref(m)}.device = a.device AND ${sql.ref(m)}.code = a.code AND ${sql.ref(m)}.create_time >= a.first_seen`;
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
