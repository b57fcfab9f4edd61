// The alarm life cycle driven by robots' notifications (resources/alarm.ts): a fault or warning code opens an
// alarm on its robot or, while one is open for that code, raises its count; a recovery code clears the alarms
// of the codes it recovers (the pairing table, resources/alarm_codes.ts). Each is one statement, so concurrent
// notifications and several server processes never open a second alarm for one robot and code: the partial
// unique index alarm_open turns the second INSERT into the UPDATE of the first.
import { sql } from 'kysely';
import type { DB } from '../../db';
import { newId } from '../../log';
import { publish } from '../../events/bus';
import { publishInTransaction, type AlarmRow } from '../../events/domain';
import { RULE_ALARM_CODE } from '../../../resources/alarm';
import { NOTIFY_CODES } from '../../../resources/notify_codes';
import { alarmLevel, recoveredBy } from '../../../resources/alarm_codes';

export type Row = Record<string, unknown>;

export interface AlarmSignal {
  code: number;
  device: string;
  integrator: string | null;
  dealer: string | null;
}

export function alarmEvent(type: 'alarm.opened' | 'alarm.changed', row: Row) {
  return { type, integrator: (row.integrator as string) ?? null, dealer: (row.dealer as string) ?? null, data: row };
}

/** Announces alarms that were just cleared: the bell and the alarm list (live events) and `alarm.cleared` (the
 * brand's webhooks). */
export async function announceCleared(db: DB, cleared: Row[]) {
  for (const r of cleared) {
    await publish(alarmEvent('alarm.changed', r), db);
    await publishInTransaction(db, 'alarm.cleared', r as AlarmRow);
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
  if (opened) await publishInTransaction(db, 'alarm.opened', row as AlarmRow);
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
  if (opened) await publishInTransaction(db, 'alarm.opened', row as AlarmRow);
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
