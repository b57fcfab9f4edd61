// What robots write for customer service (server/features/gateway/service.ts): a question and its answer, a
// fault report about themselves. Each answers the saved row, for the log and the robot.
import type { Insertable } from 'kysely';
import type { DB, Tables } from '../../db';

export const addChat = (db: DB, row: Insertable<Tables['chatchat']>) =>
  db.insertInto('chatchat').values(row).returningAll().executeTakeFirstOrThrow();

export const addReport = (db: DB, row: Insertable<Tables['report']>) =>
  db.insertInto('report').values(row).returningAll().executeTakeFirstOrThrow();
