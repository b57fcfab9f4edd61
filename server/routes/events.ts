// GET /api/events: server-sent events (API.md, Live events). Each browser receives device.status,
// message.created, order.created, alarm.opened and alarm.changed only for what its account may list, within
// its tenant — the same permission and scope rules as the lists the events refresh. Messages and alarms
// arrive with their title and content in the viewer's language.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { DB } from '../db';
import { ctxOf } from '../auth/plugin';
import { holds } from '../auth/permissions';
import { inScope } from '../crud/scope';
import { subscribe, type EventType, type LiveEvent } from '../events/bus';
import { findResource } from '../../resources';
import { LANGS, type Lang } from '../../resources/accounts';
import { langFromHeader } from '../../i18n';
import { notifyText } from '../../i18n/notify';
import type { SessionUser } from '../auth/context';

/** A comment line this often keeps proxies from closing an idle stream. */
const PING_MS = 20_000;
/** The stream ends soon after its session is revoked (logout, freeze, password change). */
const SESSION_CHECK_MS = 30_000;

const RESOURCE_OF: Record<EventType, string> = {
  'device.status': 'device',
  'message.created': 'message',
  'order.created': 'order',
  'alarm.opened': 'alarm',
  'alarm.changed': 'alarm',
};

/** The saved language choice (?lang or the console's cookie), else the browser's. */
function streamLang(req: FastifyRequest): Lang {
  const q = (req.query as { lang?: unknown } | undefined)?.lang;
  if (typeof q === 'string' && (LANGS as readonly string[]).includes(q)) return q as Lang;
  const m = /(?:^|;\s*)vendfleet_lang=([a-z]{2})/.exec(req.headers.cookie ?? '');
  if (m && (LANGS as readonly string[]).includes(m[1])) return m[1] as Lang;
  return langFromHeader(req.headers['accept-language']);
}

/** Whether this account may see this event: the list permission of its resource, and its tenant. */
export function maySee(user: SessionUser, e: LiveEvent): boolean {
  const def = findResource(RESOURCE_OF[e.type]);
  if (!def) return false;
  if (!holds(user, def.permissions.list) && !holds(user, def.permissions.read)) return false;
  const row: Record<string, unknown> = {};
  if (def.tenant?.integrator) row[def.tenant.integrator] = e.integrator;
  if (def.tenant?.dealer) row[def.tenant.dealer] = e.dealer;
  return inScope(def, user, row);
}

function present(e: LiveEvent, lang: Lang): Record<string, unknown> {
  if (e.type !== 'message.created' && e.type !== 'alarm.opened' && e.type !== 'alarm.changed') return e.data;
  const t = notifyText(Number(e.data.code), lang);
  return { ...e.data, title: t?.title ?? `#${e.data.code}`, content: t?.content ?? '' };
}

export function eventsRoutes(app: FastifyInstance, db: DB) {
  const open = new Set<() => void>();
  // Open streams would keep the server from closing: end them first.
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  app.get('/api/events', async (req, reply) => {
    const ctx = ctxOf(req);
    const lang = streamLang(req);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
      'X-Content-Type-Options': 'nosniff',
    });
    res.write(`retry: 3000\nevent: ready\ndata: {}\n\n`);

    const unsubscribe = subscribe((e) => {
      if (!maySee(ctx.user, e)) return;
      res.write(`event: ${e.type}\ndata: ${JSON.stringify(present(e, lang))}\n\n`);
    });
    const ping = setInterval(() => res.write(': ping\n\n'), PING_MS);
    const check = setInterval(() => {
      db.selectFrom('session')
        .select('token_hash')
        .where('token_hash', '=', ctx.user.tokenHash)
        .where('expire_time', '>', sql<Date>`now()`)
        .executeTakeFirst()
        .then((s) => {
          if (!s) end();
        }, () => undefined);
    }, SESSION_CHECK_MS);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      unsubscribe();
      clearInterval(ping);
      clearInterval(check);
      open.delete(end);
      res.end();
    };
    open.add(end);
    req.raw.on('close', end);
    res.on('error', end);
  });
}
