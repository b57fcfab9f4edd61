// Load for restart and outage tests: robots selling through the device gateway and browsers listing orders,
// against one or more API processes, with the figures the tests print (requests sent, acknowledged writes,
// 5xx answers). Each request opens its own connection (as a reverse proxy's upstream call does), so a
// stopping process is never handed a request on a connection it is closing.
import http from 'node:http';
import { robotHeaders, saleBody } from './cluster';

export interface Reply {
  status: number;
  body: any;
  ms: number;
}

export function request(
  base: string,
  method: string,
  p: string,
  o: { headers?: Record<string, string>; body?: unknown; timeoutMs?: number } = {},
): Promise<Reply> {
  const t0 = Date.now();
  const body = o.body === undefined ? undefined : JSON.stringify(o.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}/api${p}`,
      {
        method,
        agent: false,
        headers: { 'Content-Type': 'application/json', 'Accept-Language': 'es', ...o.headers },
        timeout: o.timeoutMs ?? 20_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => {
          let json;
          try {
            json = JSON.parse(text);
          } catch {
            json = text;
          }
          resolve({ status: res.statusCode ?? 0, body: json, ms: Date.now() - t0 });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () =>
      req.destroy(Object.assign(new Error('client time-out (20 s)'), { code: 'CLIENT_TIMEOUT' })),
    );
    req.on('error', reject);
    req.end(body);
  });
}

export interface Figures {
  requests: number;
  /** order ids the API answered 200 for */
  acknowledged: string[];
  fiveXX: number;
  /** 503 answers (database away, or a process stopping) */
  unavailable: number;
  /** requests sent again to another process after a refused connection or a 503 */
  retried: number;
  /** connections that failed after the request was sent (its fate unknown to the client) */
  failedInFlight: number;
  /** 5xx answers other than 503, and 503s whose message was not translated */
  wrong: string[];
  slowestMs: number;
}

export interface LoadOptions {
  /** the processes to spread requests over (read on every request: a test swaps a restarted one in) */
  targets: () => string[];
  product: string;
  browserToken: string;
  /** transaction ids start with this */
  prefix: string;
  sellers?: number;
  listers?: number;
  /** send a refused or 503 request again to the next process, up to this many times */
  retries?: number;
  /** like a load balancer's health check: poll each process's readiness this often and send nothing to one that fails it */
  healthCheckMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function startLoad(o: LoadOptions) {
  const f: Figures = {
    requests: 0,
    acknowledged: [],
    fiveXX: 0,
    unavailable: 0,
    retried: 0,
    failedInFlight: 0,
    wrong: [],
    slowestMs: 0,
  };
  let running = true;
  let rr = 0;
  let n = 0;
  const unready = new Set<string>();
  /** the next process in turn among the ready ones (all of them if none is ready: their answers then tell) */
  const next = () => {
    const all = o.targets();
    const ready = all.filter((t) => !unready.has(t));
    const pool = ready.length ? ready : all;
    return pool[rr++ % pool.length];
  };
  const healthCheck = async () => {
    while (running && o.healthCheckMs) {
      await Promise.all(
        o.targets().map(async (t) => {
          const ok = await request(t, 'GET', '/health/ready', { timeoutMs: 2000 }).then(
            (r) => r.status === 200,
            () => false,
          );
          if (ok) unready.delete(t);
          else unready.add(t);
        }),
      );
      await sleep(o.healthCheckMs);
    }
  };

  /** One call, retried on another process when it was refused or answered 503 (if retries are allowed). */
  async function send(
    method: string,
    p: string,
    opts: { headers?: Record<string, string>; body?: unknown },
  ): Promise<Reply | undefined> {
    for (let attempt = 0; ; attempt++) {
      const base = next();
      f.requests++;
      let r: Reply;
      try {
        r = await request(base, method, p, opts);
      } catch (e) {
        const code = (e as { code?: string }).code;
        if (code === 'ECONNREFUSED' && attempt < (o.retries ?? 0)) {
          f.retried++;
          await sleep(50);
          continue;
        }
        if (code === 'ECONNREFUSED') return undefined;
        f.failedInFlight++;
        f.wrong.push(`${p}: ${code ?? (e as Error).message}`);
        return undefined;
      }
      f.slowestMs = Math.max(f.slowestMs, r.ms);
      if (r.status >= 500) f.fiveXX++;
      if (r.status === 503) {
        f.unavailable++;
        if (typeof r.body?.message !== 'string' || !/base de datos|reiniciando/.test(r.body.message))
          f.wrong.push(`503 untranslated: ${JSON.stringify(r.body).slice(0, 200)}`);
        if (attempt < (o.retries ?? 0)) {
          f.retried++;
          await sleep(50);
          continue;
        }
      } else if (r.status >= 500) f.wrong.push(`${p}: ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
      return r;
    }
  }

  const seller = async () => {
    while (running) {
      const r = await send('POST', '/device-gateway/order', {
        headers: robotHeaders(),
        body: saleBody(o.product, `${o.prefix}-${++n}`),
      });
      if (r?.status === 200 && r.body?.data?._id) f.acknowledged.push(r.body.data._id);
      else await sleep(100);
    }
  };
  const lister = async () => {
    while (running) {
      const r = await send('POST', '/order/list', {
        headers: { Authorization: `Bearer ${o.browserToken}` },
        body: { pageSize: 20 },
      });
      if (r?.status !== 200) await sleep(100);
    }
  };
  const workers = [
    ...Array.from({ length: o.sellers ?? 4 }, seller),
    ...Array.from({ length: o.listers ?? 2 }, lister),
    healthCheck(),
  ];
  return {
    figures: f,
    async stop(): Promise<Figures> {
      running = false;
      await Promise.all(workers);
      return f;
    },
  };
}
