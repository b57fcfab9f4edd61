// The HTTP service: the /api routes and, when built, the browser app with a fallback to index.html.
import fs from 'node:fs';
import path from 'node:path';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type HookHandlerDoneFunction,
  type RouteOptions,
} from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import type { DB } from './db';
import { resources, type ResourceDef } from '../resources';
import pkg from '../package.json' with { type: 'json' };
import { installEnvelope, sendError } from './http/envelope';
import { COMPRESSION } from './http/compression';
import { headerObject, securityHeaders, setSecurityHeaders } from './http/securityHeaders';
import { ApiError } from './http/errors';
import { installAuth } from './auth/plugin';
import type { CacheMode } from './events/revocableCache';
import { installGatewayAuth } from './features/gateway/auth';
import { installFloodLimits } from './http/floodLimit';
import { resourceRoutes } from './crud/router';
import { recordComponent } from './crud/schema';
import { installApiDocs } from './http/openapi';
import { checkRightsFirst } from './http/rightsFirst';
import { ok } from './http/envelope';
import { route, obj, bool } from './http/schema';
import { setting } from './config';
import { logOptions } from './http/log';
import type pg from 'pg';
import type { Registry } from 'prom-client';
import { installMetrics } from './metrics';
import { openStreams } from './features/live';
import type { Lifecycle } from './features/ops';
import { registerFeatures, resourceHooks } from './features';

export interface AppOptions {
  db: DB;
  /** the built browser app; not served when absent */
  distDir?: string;
  logger?: boolean;
  /** the declared resources to serve (tests add a fixture one) */
  resources?: readonly ResourceDef[];
  /** where uploaded images go when no S3 bucket is configured (DATA_DIR/uploads) */
  dataDir?: string;
  /** the database pool, for its metrics */
  pool?: pg.Pool;
  /** set `draining` when stopping: readiness then fails */
  lifecycle?: Lifecycle;
  /** /metrics answers this bearer token (METRICS_TOKEN); unset: no /metrics route answers */
  metricsToken?: string;
  /** how sessions and robots' keys are cached between calls (server/auth/sessionCache.ts,
   * server/features/gateway/keyCache.ts); not at all when not given */
  sessionCache?: CacheMode;
  /** told of every route as it is registered (the API docs test lists them against the document) */
  onRoute?: (route: RouteOptions) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** this app's Prometheus registry (main.ts serves it on METRICS_PORT when set) */
    metrics: Registry;
  }
}

const VERSION = pkg.version;

/** Request bodies above this are refused with 413 (uploads have their own limit). */
export const BODY_LIMIT = 1024 * 1024;

/**
 * What the browser app may load: its own scripts only (no inline script, no eval), styles inline too
 * (MUI's emotion injects <style> tags), images from here and data:/blob: (previews before upload).
 * Exactly these directives: helmet's defaults are off, so nothing is added behind the reader's back.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** The images' sources: CSP_DIRECTIVES' and the origin of the visit plan's map tiles (MAP_TILE_URL). */
function imageSources(): string[] {
  try {
    const origin = new URL(setting('MAP_TILE_URL').replace(/[{}]/g, '')).origin;
    return origin.startsWith('http') ? [...CSP_DIRECTIVES.imgSrc, origin] : CSP_DIRECTIVES.imgSrc;
  } catch {
    return CSP_DIRECTIVES.imgSrc;
  }
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...logOptions(opts.logger),
    bodyLimit: BODY_LIMIT,
    // while stopping, requests already on their way are served (with Connection: close, see server/features/ops/),
    // not refused with Fastify's own untranslated 503
    return503OnClosing: false,
    trustProxy: setting('TRUST_PROXY'),
    // the router's own refusals (an over-long path id, a broken %-escape) in the API's envelope and language
    frameworkErrors: (err, req, reply) =>
      void sendError(
        req,
        reply,
        err.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? new ApiError(414, 'vf.error.too_large')
          : new ApiError(400, 'vf.error.bad_request'),
      ),
  });
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  // answers compressed for a client that asks (server/http/compression.ts)
  await app.register(fastifyCompress, COMPRESSION);
  // Security headers on every answer, errors and the event stream included: set as the request arrives,
  // before authentication can refuse it. A route may set a stricter policy of its own (uploaded files are
  // sandboxed, server/features/uploads/). helmet works them out once, at start (server/http/securityHeaders.ts).
  const security = headerObject(
    securityHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: { ...CSP_DIRECTIVES, imgSrc: imageSources() } },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'same-origin' },
      crossOriginOpenerPolicy: { policy: 'same-origin' },
    }),
  );
  app.addHook('onRequest', (_req, reply, done) => {
    setSecurityHeaders(reply, security);
    done();
  });
  installEnvelope(app);
  app.decorate('metrics', installMetrics(app, opts.pool, openStreams));
  // The API speaks JSON only (docs/api.md, Conventions): a text/plain body would reach handlers as a bare string.
  app.removeContentTypeParser('text/plain');
  // parses Cookie before authentication reads the browser's session from it
  await app.register(fastifyCookie);
  installAuth(app, opts.db, opts.sessionCache);
  installGatewayAuth(app, opts.db, opts.sessionCache);
  await installFloodLimits(app);

  // The document collects every route registered after it (server/http/openapi.ts).
  await installApiDocs(app, VERSION);
  // a declared resource's call refuses a caller without its right before its body is judged (the edge's schema)
  checkRightsFirst(app);
  // every declared record once, as a component of the document (the calls refer to it)
  const declared = [...resources, ...(opts.resources ?? [])].filter(
    (d, i, all) => all.findIndex((x) => x.name === d.name) === i,
  );
  for (const def of declared) app.addSchema(recordComponent(def));
  // No body is an empty one (a robot's bare heartbeat), as before the schemas: the edge checks objects. Only on the
  // routes that have a body schema, so a GET passes no hook of it (and reads no `req.routeOptions`, which Fastify
  // builds anew each time it is read).
  const emptyBody = (req: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (req.body === undefined || req.body === null) req.body = {};
    done();
  };
  app.addHook('onRoute', (r: RouteOptions) => {
    if (!r.schema?.body) return;
    r.preValidation = [emptyBody, ...(r.preValidation ? [r.preValidation].flat() : [])];
  });
  app.get(
    '/api/health',
    {
      schema: route({
        tags: ['health'],
        security: 'open',
        summary: 'The process answers (kept for older probes)',
        data: obj({ ok: bool() }),
      }),
    },
    async () => ok({ ok: true }),
  );
  // Each feature is a plugin, registered in order from one list (server/features/index.ts).
  await registerFeatures(app, {
    db: opts.db,
    lifecycle: opts.lifecycle ?? { draining: false },
    metricsToken: opts.metricsToken,
    dataDir: opts.dataDir,
  });
  await app.register(resourceRoutes, { db: opts.db, resources: opts.resources ?? resources, hooks: resourceHooks });

  const dist = opts.distDir && fs.existsSync(path.join(opts.distDir, 'index.html')) ? opts.distDir : undefined;
  if (dist) {
    await app.register(fastifyStatic, {
      root: path.resolve(dist),
      wildcard: false,
      index: false,
      // the built server lives in dist/server beside the app: its code is never served
      allowedPath: (pathName) => !/^\/+server(\/|$)/i.test(pathName),
      cacheControl: false,
      // the build wrote `.br` and `.gz` beside each file (scripts/precompress.ts): sent as they are to a browser
      // that accepts them, never compressed per request
      preCompressed: true,
      // Vite names what it puts in /assets by content hash: a new build is a new name, so keep them a year.
      setHeaders(reply, file) {
        const hashed = path.relative(path.resolve(dist), file).startsWith(`assets${path.sep}`);
        reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || !dist || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return sendError(
        req,
        reply,
        new ApiError(404, 'vf.error.route_not_found', { path: req.url.split('?')[0].slice(0, 200) }),
      );
    }
    // The browser app routes every other path itself (unknown ones land on its /404 page); HEAD, as link
    // checkers and uptime probes send it, answers what GET would.
    return reply.type('text/html').header('Cache-Control', 'no-cache').sendFile('index.html');
  });
  return app;
}
