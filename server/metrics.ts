// Prometheus metrics (prom-client), one registry per app: requests by route and status with their
// latency, the database pool, live-event streams, robot heartbeats and group-commit batch sizes.
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { Registry, Counter, Histogram, Gauge, collectDefaultMetrics, type Metric } from 'prom-client';
import { batchObservers } from './db/groupCommit';

/** The request latency's buckets, in seconds (Prometheus' `le`). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** One series of the request metrics: its labels, its count, the sum of its seconds and its count per bucket. */
interface Series {
  labels: { method: string; route: string; status: string };
  count: number;
  sum: number;
  /** answers per bucket, each counted in the first bucket it fits (made cumulative when written out) */
  buckets: number[];
}

function record(s: Series, seconds: number) {
  s.count++;
  s.sum += seconds;
  for (let i = 0; i < DURATION_BUCKETS.length; i++)
    if (seconds <= DURATION_BUCKETS[i]) {
      s.buckets[i]++;
      break;
    }
}

interface Value {
  labels?: Record<string, string | number>;
  sharedLabels?: Record<string, string>;
  metricName?: string;
  value: number;
}

/** A series' lines as prom-client's Histogram writes them: cumulative buckets, +Inf, sum and count. */
const histogramValues =
  (name: string) =>
  (s: Series): Value[] => {
    let total = 0;
    return [
      ...DURATION_BUCKETS.map((le, i) => ({
        labels: { le },
        sharedLabels: s.labels,
        metricName: `${name}_bucket`,
        value: (total += s.buckets[i]),
      })),
      { labels: { le: '+Inf' }, sharedLabels: s.labels, metricName: `${name}_bucket`, value: s.count },
      { sharedLabels: s.labels, metricName: `${name}_sum`, value: s.sum },
      { sharedLabels: s.labels, metricName: `${name}_count`, value: s.count },
    ];
  };

/** A metric the registry writes out from `values()` when read (its `get()`, as prom-client's own metrics have). */
function collected(name: string, help: string, type: 'counter' | 'histogram', values: () => Value[]): Metric {
  const metric = { name, help, type, aggregator: 'sum' as const };
  return { ...metric, get: async () => ({ ...metric, values: values() }) } as unknown as Metric;
}

/** `openStreams`: how many browsers hold a live stream now (the live feature counts them; server/app.ts hands it in,
 * so this file, below the features, names none). */
export function installMetrics(app: FastifyInstance, pool: pg.Pool | undefined, openStreams: () => number): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  // Requests by route and status, and their latency. Every answer passes here, so a call only counts into plain
  // numbers kept per series (one Map lookup by one string), and the two metrics are written out from them when
  // /metrics is read: prom-client's Counter.inc and Histogram.observe checked and hashed the labels on each call,
  // ~6 µs of a profile call's CPU (docs/performance.md, "As a browser pays it").
  const series = new Map<string, Series>();
  // (a callback, not an async function: every call passes here, and an async hook costs each a promise)
  app.addHook('onResponse', (req, reply, done) => {
    // the route's pattern, never the raw URL: ids in paths would make a series per row
    const route = req.routeOptions.url ?? 'unmatched';
    const key = `${req.method} ${reply.statusCode} ${route}`;
    let s = series.get(key);
    if (!s) {
      s = {
        labels: { method: req.method, route, status: String(reply.statusCode) },
        count: 0,
        sum: 0,
        buckets: DURATION_BUCKETS.map(() => 0),
      };
      series.set(key, s);
    }
    record(s, reply.elapsedTime / 1000);
    done();
  });
  registry.registerMetric(
    collected('http_requests_total', 'HTTP requests answered', 'counter', () =>
      [...series.values()].map((s) => ({ labels: s.labels, value: s.count })),
    ),
  );
  registry.registerMetric(
    collected('http_request_duration_seconds', 'Time from request to answer', 'histogram', () =>
      [...series.values()].flatMap(histogramValues('http_request_duration_seconds')),
    ),
  );

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
