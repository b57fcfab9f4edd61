// Messages beyond the declared CRUD: marking the caller's messages read in bulk (the alarm badge's "mark all as
// read"). Raising a message (a robot's notification, a low stock, a failed sign-in) is ./raise.ts.
import type { FastifyPluginAsync } from 'fastify';
import { route, obj, int } from '../../http/schema';
import type { DB } from '../../db';
import { ctxOf } from '../../auth/plugin';
import { requirePermission } from '../../auth/permissions';
import { scopeConditions } from '../../crud/scope';
import { ok } from '../../http/envelope';
import { writeLog } from '../../log';
import message from '../../../resources/message';
import { markAllRead } from './queries';
import type { Feature } from '../feature';
import { messageHooks } from './hooks';
import { presenceMessages } from './presence';

export const messageRoutes: FastifyPluginAsync<{ db: DB }> = async (app, { db }) => {
  // Every unread message the caller may see becomes read, in one statement.
  app.post(
    '/api/message/read_all',
    {
      config: { resource: 'message' },
      schema: route({
        tags: ['message'],
        summary: 'Mark every message the caller may see as read',
        body: obj({}),
        data: obj({ count: int('how many became read') }),
      }),
    },
    async (req) => {
      const ctx = ctxOf(req);
      requirePermission(ctx.user, message.permissions.list);
      const scope = scopeConditions(message, ctx.user);
      if (scope === 'none') return ok({ count: 0 });
      const count = await db.transaction().execute(async (trx) => {
        const n = await markAllRead(trx, scope);
        if (n) await writeLog(trx, ctx, { action: 'read_all', resource: 'message', after: { count: n } });
        return n;
      });
      return ok({ count });
    },
  );
};

export const messages: Feature = {
  name: 'messages',
  register: (app, { db }) => app.register(messageRoutes, { db }),
  hooks: [messageHooks],
  owns: ['message'],
  events: { publishes: ['message.raised'], subscribes: presenceMessages },
};
