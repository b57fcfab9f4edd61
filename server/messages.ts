// Raising a message (a robot's notification, a stock warning …) from anywhere in the service.
import type { DB } from './db';
import { newId } from './log';
import { publish } from './events/bus';
import { NOTIFY_CODES } from '../i18n/notify/codes';

export interface NewMessage {
  code: number;
  device?: string | null;
  integrator: string | null;
  dealer: string | null;
  detail?: Record<string, unknown> | null;
}

/** Writes the message (in the caller's transaction, if any) and announces it (on PostgreSQL, once committed). */
export async function raiseMessage(db: DB, m: NewMessage) {
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
  return saved;
}
