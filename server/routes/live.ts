// The live fleet, registered in one go: the robots' gateway, the event stream, and marking the
// caller's messages read in bulk (the alarm badge's "mark all as read").
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { DB } from '../db';
import { ctxOf } from '../auth/plugin';
import { requirePermission } from '../auth/permissions';
import { scopeConditions } from '../crud/scope';
import { ok } from '../http/envelope';
import { writeLog } from '../log';
import { gatewayRoutes } from './gateway';
import { eventsRoutes } from './events';
import message from '../../resources/message';

export function liveRoutes(app: FastifyInstance, db: DB) {
  gatewayRoutes(app, db);
  eventsRoutes(app, db);

  // Every unread message the caller may see becomes read, in one statement.
  app.post('/api/message/read_all', { config: { resource: 'message' } }, async (req) => {
    const ctx = ctxOf(req);
    requirePermission(ctx.user, message.permissions.list);
    const scope = scopeConditions(message, ctx.user);
    if (scope === 'none') return ok({ count: 0 });
    const count = await db.transaction().execute(async (trx) => {
      let q = trx.updateTable('message').set({ read: true }).where('read', '=', false);
      for (const [col, value] of scope) q = q.where(sql.ref(col), '=', value);
      const r = await q.executeTakeFirst();
      const n = Number(r.numUpdatedRows);
      if (n) await writeLog(trx, ctx, { action: 'read_all', resource: 'message', after: { count: n } });
      return n;
    });
    return ok({ count });
  });
}
