// Prometheus metrics (prom-client), one registry per app: requests by route and status with their
// latency, the database pool, live-event streams, robot heartbeats and group-commit batch sizes.
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { Registry, Counter, Histogram, Gauge, collectDefaultMetrics } from 'prom-client';
import { batchObservers } from './db/groupCommit';

/** `openStreams`: how many browsers hold a live stream now (the live feature counts them; server/app.ts hands it in,
 * so this file, below the features, names none). */
export function installMetrics(app: FastifyInstance, pool: pg.Pool | undefined, openStreams: () => number): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to answer',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // (a callback, not an async function: every call passes here, and an async hook costs each a promise)
  app.addHook('onResponse', (req, reply, done) => {
    // the route's pattern, never the raw URL: ids in paths would make a series per row
    const route = req.routeOptions.url ?? 'unmatched';
    const labels = { method: req.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  new Gauge({
    name: 'db_pool_connections',
    help: 'Database pool connections: in use, idle, and requests waiting for one',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      if (!pool) return;
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'vf_sse_clients',
    help: 'Browsers connected to the live event stream',
    registers: [registry],
    collect() {
      this.set(openStreams());
    },
  });
  const beats = new Counter({
    name: 'vf_heartbeats_total',
    help: 'Robot heartbeats recorded (rate() of this is the ingest rate)',
    registers: [registry],
  });
  const batches = new Histogram({
    name: 'vf_group_commit_batch_size',
    help: 'Calls sent to the database together as one statement',
    labelNames: ['name'],
    buckets: [1, 2, 5, 10, 20, 50, 100, 200, 500],
    registers: [registry],
  });
  const observe = (name: string, size: number) => {
    batches.observe({ name }, size);
    if (name === 'heartbeat') beats.inc(size);
  };
  batchObservers.add(observe);
  app.addHook('onClose', async () => {
    batchObservers.delete(observe);
  });
  return registry;
}
