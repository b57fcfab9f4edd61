// Raising a message (a robot's notification, a stock warning …) from anywhere in the service.
import type { DB } from '../../db';
import { newId } from '../../log';
import { publish } from '../../events/bus';
import { publishInTransaction } from '../../events/domain';
import { NOTIFY_CODES } from '../../../resources/notify_codes';

export interface NewMessage {
  code: number;
  device?: string | null;
  integrator: string | null;
  dealer: string | null;
  detail?: Record<string, unknown> | null;
}

/**
 * Writes the message and, in the same transaction (the caller's, if any), tells its subscribers (`message.raised`:
 * the alarms feature moves the robot's alarms); announces them (on PostgreSQL, once committed).
 */
export async function raiseMessage(db: DB, m: NewMessage): Promise<Record<string, unknown>> {
  if (!db.isTransaction) return db.transaction().execute((trx) => raiseMessage(trx, m));
  const info = NOTIFY_CODES[m.code];
  const row = {
    _id: newId(),
    code: m.code,
    level: info?.level ?? 'info',
    category: info?.category ?? '',
    device: m.device ?? null,
    integrator: m.integrator,
    dealer: m.dealer,
    detail: m.detail ? JSON.stringify(m.detail) : null,
  };
  const saved = await db.insertInto('message').values(row).returningAll().executeTakeFirstOrThrow();
  await publish({ type: 'message.created', integrator: m.integrator, dealer: m.dealer, data: saved }, db);
  await publishInTransaction(db, 'message.raised', {
    code: m.code,
    device: m.device ?? null,
    integrator: m.integrator,
    dealer: m.dealer,
  });
  return saved;
}
