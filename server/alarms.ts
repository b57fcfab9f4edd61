// The alarm life cycle driven by robots' notifications (resources/alarm.ts): a fault or warning code opens an
// alarm on its robot or, while one is open for that code, raises its count; a recovery code clears the alarms
// of the codes it recovers (the pairing table, i18n/notify/alarms.ts). Each is one statement, so concurrent
// notifications and several server processes never open a second alarm for one robot and code: the partial
// unique index alarm_open turns the second INSERT into the UPDATE of the first.
import { sql } from 'kysely';
import type { DB } from './db';
import { newId } from './log';
import { publish } from './events/bus';
import * as webhookEvents from './webhooks/events';
import { NOTIFY_CODES } from '../i18n/notify/codes';
import { alarmLevel, recoveredBy } from '../i18n/notify/alarms';

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

/** Clears what the code recovers, then opens (or counts) the code's own alarm. Runs in the caller's transaction. */
export async function applyAlarms(db: DB, s: AlarmSignal): Promise<void> {
  const recovers = recoveredBy(s.code);
  if (recovers.length) {
    const cleared = await sql<Row>`
      UPDATE alarm SET state = 'cleared', clear_time = now(), clear_code = ${s.code}
       WHERE device = ${s.device} AND code = ANY(${[...recovers]}::int[]) AND state <> 'cleared'
      RETURNING *`.execute(db);
    for (const r of cleared.rows) {
      await publish(alarmEvent('alarm.changed', r), db);
      await webhookEvents.alarmCleared(db, r);
    }
  }
  const level = alarmLevel(s.code);
  if (!level) return;
  const { rows } = await sql<Row & { opened: boolean }>`
    INSERT INTO alarm (_id, device, device_type, code, level, category, integrator, dealer)
    VALUES (${newId()}, ${s.device}, (SELECT type FROM device WHERE _id = ${s.device}), ${s.code}, ${level},
            ${NOTIFY_CODES[s.code]?.category ?? ''}, ${s.integrator}, ${s.dealer})
    ON CONFLICT (device, code) WHERE state <> 'cleared'
    DO UPDATE SET count = alarm.count + 1, last_seen = now()
    RETURNING *, (xmax = 0) AS opened`.execute(db);
  const { opened, ...row } = rows[0];
  await publish(alarmEvent(opened ? 'alarm.opened' : 'alarm.changed', row), db);
  if (opened) await webhookEvents.alarmOpened(db, row);
}
