// GET /api/events: server-sent events (docs/api.md, Live events). Each browser receives device.status,
// message.created, order.created, alarm.opened and alarm.changed only for what its account may list, within
// its tenant — the same permission and scope rules as the lists the events refresh. Messages and alarms
// arrive with their title and content in the viewer's language.
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DB } from '../../db';
import { ctxOf } from '../../auth/plugin';
import { holds } from '../../auth/permissions';
import { inScope } from '../../crud/scope';
import { onRightsChange, subscribe, type EventType, type LiveEvent, type RightsChange } from '../../events/bus';
import { loadSessionByHash } from '../../auth/session';
import { findResource } from '../../../resources';
import { withoutSecrets } from '../../../resources/types';
import { LANGS, type Lang } from '../../../resources/accounts';
import { langFromHeader } from '../../../i18n';
import { notifyText } from '../../../i18n/notify';
import type { SessionUser } from '../../auth/context';
import { route, obj, choice, type EdgeTypes, type EdgeInstance } from '../../http/schema';
import type { Feature } from '../feature';

/** A comment line this often keeps proxies from closing an idle stream. */
const PING_MS = 20_000;
/** A backstop: the stream also ends within this long of its session's expiry or revocation. */
const SESSION_CHECK_MS = 30_000;

/** A stopping server tells browsers to come back this soon (to another replica, behind a load balancer). */
const RECONNECT_MS = 1000;

/** Streams open in this process (a metric). */
let streams = 0;
export const openStreams = () => streams;

const RESOURCE_OF: Record<Exclude<EventType, 'import.progress'>, string> = {
  'device.status': 'device',
  'message.created': 'message',
  'order.created': 'order',
  'alarm.opened': 'alarm',
  'alarm.changed': 'alarm',
  'command.changed': 'command',
  'campaign.changed': 'campaign',
};
/** The resource an event belongs to: an import's progress is of the list it fills. */
const resourceOf = (e: LiveEvent) => (e.type === 'import.progress' ? String(e.data.resource) : RESOURCE_OF[e.type]);

/** The saved language choice (?lang, one of LANGS at the edge, or the console's cookie), else the browser's. */
function streamLang(req: FastifyRequest, q: Lang | undefined): Lang {
  if (q) return q;
  const m = /(?:^|;\s*)vendfleet_lang=([a-z]{2})/.exec(req.headers.cookie ?? '');
  if (m && (LANGS as readonly string[]).includes(m[1])) return m[1] as Lang;
  return langFromHeader(req.headers['accept-language']);
}

/** Whether this account may see this event: the list permission of its resource, and its tenant. */
export function maySee(user: SessionUser, e: LiveEvent): boolean {
  const def = findResource(resourceOf(e));
  if (!def) return false;
  if (!holds(user, def.permissions.list) && !holds(user, def.permissions.read)) return false;
  const row: Record<string, unknown> = {};
  if (def.tenant?.integrator) row[def.tenant.integrator] = e.integrator;
  if (def.tenant?.dealer) row[def.tenant.dealer] = e.dealer;
  return inScope(def, user, row);
}

/** Whether a change of rights concerns this stream's session; it then ends, and the browser reconnects with today's rights. */
export function concerns(user: SessionUser, c: RightsChange): boolean {
  return Boolean(
    c.accounts?.includes(user._id) ||
    c.sessions?.includes(user.tokenHash) ||
    c.roles?.some((r) => user.roles.includes(r)),
  );
}

const sameRights = (a: SessionUser, b: SessionUser) =>
  a.authorizations.size === b.authorizations.size &&
  [...a.authorizations].every((x) => b.authorizations.has(x)) &&
  a.integrator === b.integrator &&
  a.dealer === b.dealer;

function present(e: LiveEvent, lang: Lang): Record<string, unknown> {
  // an event may carry a whole row: its resource's secret fields stay behind, by the declaration's one rule
  const def = findResource(resourceOf(e));
  const data = def ? withoutSecrets(def, e.data) : e.data;
  if (e.type !== 'message.created' && e.type !== 'alarm.opened' && e.type !== 'alarm.changed') return data;
  const t = notifyText(Number(e.data.code), lang);
  return { ...data, title: t?.title ?? `#${e.data.code}`, content: t?.content ?? '' };
}

export function eventsRoutes(app: EdgeInstance, db: DB) {
  const open = new Set<(retryMs?: number) => void>();
  // Open streams would keep the server from closing: end them first, asking the browser to reconnect soon.
  app.addHook('preClose', async () => {
    for (const end of [...open]) end(RECONNECT_MS);
  });

  app.get(
    '/api/events',
    {
      schema: route({
        tags: ['events'],
        summary:
          'Server-sent events: device.status, message.created, order.created, alarm.opened, alarm.changed, command.changed — each only where the account may list it',
        description:
          "The bearer token, or the console's cookie (EventSource cannot send a header). Messages and alarms carry their title and content in the stream's language.",
        querystring: obj({
          lang: choice(
            LANGS,
            "the language of titles and contents (default: the console's choice, else Accept-Language)",
          ),
        }),
        raw: {
          contentType: 'text/event-stream',
          description: 'the stream: `event: <type>` and `data: <JSON>` per event',
        },
      }),
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const lang = streamLang(req, req.query.lang);
      // the stream's headers join the reply's own (the security headers every answer carries, server/app.ts),
      // which Fastify would have written had the answer not been taken over
      reply.headers({
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, reply.getHeaders() as OutgoingHttpHeaders);
      res.write(`retry: 3000\nevent: ready\ndata: {}\n\n`);

      const unsubscribe = subscribe((e) => {
        if (!maySee(ctx.user, e)) return;
        res.write(`event: ${e.type}\ndata: ${JSON.stringify(present(e, lang))}\n\n`);
      });
      // Rights read once at the start would outlive a freeze or a role change: any change that concerns
      // this session ends the stream, in every process (the change travels like the events do).
      const unwatch = onRightsChange((c) => {
        if (concerns(ctx.user, c)) end();
      });
      const ping = setInterval(() => res.write(': ping\n\n'), PING_MS);
      // Run once now too: a change committed between this request's sign-in check and the watch above
      // would otherwise go unnoticed. (A role preview narrows rights on purpose, so only the session counts then.)
      const recheck = () =>
        loadSessionByHash(db, ctx.user.tokenHash).then(
          (s) => {
            if (!s || (!req.rolePreview && !sameRights(s, ctx.user))) end();
          },
          () => undefined,
        );
      const check = setInterval(() => void recheck(), SESSION_CHECK_MS);
      void recheck();
      let ended = false;
      streams++;
      const end = (retryMs?: number) => {
        if (ended) return;
        ended = true;
        streams--;
        if (retryMs !== undefined) res.write(`retry: ${retryMs}\n\n`);
        unsubscribe();
        unwatch();
        clearInterval(ping);
        clearInterval(check);
        open.delete(end);
        res.end();
      };
      open.add(end);
      req.raw.on('close', () => end());
      res.on('error', () => end());
    },
  );
}

/** Not encapsulated (fastify-plugin): a stopping server ends the open streams first, a hook of the whole server. */
export const liveRoutes = fp<{ db: DB }>(async (app, { db }) => eventsRoutes(app.withTypeProvider<EdgeTypes>(), db));

export const live: Feature = {
  name: 'live',
  register: (app, { db }) => app.register(liveRoutes, { db }),
};
