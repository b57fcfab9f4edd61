// Probes and metrics for whoever runs the service: a load balancer, an orchestrator, Prometheus.
//   /api/health/live   the process answers (restart it when this fails)
//   /api/health/ready  it can serve: the database answers, every migration is applied, it is not stopping
//                      (send it traffic only while this is 200)
//   /metrics           Prometheus text, for a METRICS_TOKEN bearer (or on METRICS_PORT, see main.ts)
import { timingSafeEqual, createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import { route, obj, bool, int } from '../../http/schema';
import type { Registry } from 'prom-client';
import type { DB } from '../../db';
import { appliedMigrations, migrationNames } from '../../db/migrate';
import { ok, sendError } from '../../http/envelope';
import { ApiError, notFound } from '../../http/errors';
import { databaseUnavailable } from '../../http/unavailable';
import type { Feature } from '../feature';

/** Shared with the code that stops the server: once draining, readiness fails so traffic moves elsewhere. */
export interface Lifecycle {
  draining: boolean;
}

/** A readiness probe must answer well inside a prober's own time-out, whatever the database does. */
const READY_TIMEOUT_MS = 3000;

const digest = (s: string) => createHash('sha256').update(s).digest();

export interface OpsOptions {
  db: DB;
  lifecycle: Lifecycle;
  registry: Registry;
  metricsToken?: string;
}

const tags = ['health'];

/** The probes; its draining hook reaches every route, so the plugin is not encapsulated. */
export const opsRoutes = fp<OpsOptions>(async (app, opts) => {
  const { db } = opts;
  // A stopping server still answers what reaches it, and closes each connection after the answer: the
  // client's next request opens a new connection, which goes to a replica that is not stopping.
  // (a callback, not an async function: every call passes here, and an async hook costs each a promise)
  app.addHook('onRequest', (_req, reply, done) => {
    if (opts.lifecycle.draining) reply.header('Connection', 'close');
    done();
  });

  app.get(
    '/api/health/live',
    { schema: route({ tags, security: 'open', summary: 'The process answers', data: obj({ live: bool() }) }) },
    async () => ok({ live: true }),
  );

  app.get(
    '/api/health/ready',
    {
      schema: route({
        tags,
        security: 'open',
        summary: 'It can serve: the database answers, every migration is applied, it is not stopping (else 503)',
        data: obj({ ready: bool(), migrations: int('applied migrations: only for a METRICS_TOKEN bearer') }, ['ready']),
      }),
    },
    async (req, reply) => {
      if (opts.lifecycle.draining) return sendError(req, reply, new ApiError(503, 'vf.ops.error.shutting_down'));
      let applied: Set<string>;
      try {
        const names = await Promise.race([
          appliedMigrations(db),
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error('timeout exceeded when trying to connect')), READY_TIMEOUT_MS).unref(),
          ),
        ]);
        applied = new Set(names);
      } catch (e) {
        // no schema_migration table at all: nothing was migrated
        if ((e as { code?: string }).code === '42P01')
          return sendError(req, reply, new ApiError(503, 'vf.ops.error.migrations_pending'));
        return sendError(req, reply, databaseUnavailable(e) ?? new ApiError(503, 'vf.ops.error.database_unavailable'));
      }
      const pending = migrationNames().filter((m) => !applied.has(m));
      if (pending.length) return sendError(req, reply, new ApiError(503, 'vf.ops.error.migrations_pending'));
      // anyone learns ready or not, and why in words; how many migrations (the build's age) only /metrics' holder
      return ok(holdsMetrics(req.headers.authorization) ? { ready: true, migrations: applied.size } : { ready: true });
    },
  );

  /** Whether the caller sends the METRICS_TOKEN bearer. */
  const holdsMetrics = (authorization: string | undefined) => {
    const given = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    return !!opts.metricsToken && !!given && timingSafeEqual(digest(given), digest(opts.metricsToken));
  };

  // Not public: the numbers describe the fleet's traffic. Without a token it is not here at all.
  app.get('/metrics', async (req, reply) => {
    if (!opts.metricsToken) throw notFound();
    if (!holdsMetrics(req.headers.authorization)) {
      return sendError(req, reply.header('WWW-Authenticate', 'Bearer'), new ApiError(401, 'vf.error.unauthorized'));
    }
    return reply.type(opts.registry.contentType).send(await opts.registry.metrics());
  });
});

export const ops: Feature = {
  name: 'ops',
  register: (app, { db, lifecycle, metricsToken }) =>
    app.register(opsRoutes, { db, lifecycle, registry: app.metrics, metricsToken }),
};
