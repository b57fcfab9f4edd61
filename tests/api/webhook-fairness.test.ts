// Webhook delivery that one receiver cannot stall (docs/api.md "Webhooks"): each attempt has ONE deadline over
// connect, headers and body, and reads at most MAX_ANSWER_BYTES of the answer; a brand whose receivers accept and
// never answer holds only its share of the delivery loop, so another brand's delivery arrives within a second of
// its event. The receivers are real HTTP servers on 127.0.0.1 that truly hang (no answer until the test ends).
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { startTestServer, type TestServer } from '../support/server';

process.env.WEBHOOK_ALLOW_LOCAL = '1';
process.env.WEBHOOK_RETRY_LIMIT = '0';

interface Receiver {
  base: string;
  /** requests received, with the time each arrived */
  got: Array<{ path: string; at: number; body: string }>;
  close(): Promise<void>;
}

/** A receiver answering each request with `answer` once its body has arrived; every socket is ended by close(). */
async function receiver(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<Receiver> {
  const got: Receiver['got'] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      got.push({ path: req.url ?? '', at: Date.now(), body: Buffer.concat(chunks).toString('utf8') });
      answer(req, res);
    });
  });
  server.on('connection', (sock) => {
    sockets.add(sock);
    sock.on('close', () => sockets.delete(sock));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    got,
    close: async () => {
      for (const sock of sockets) sock.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

let s: TestServer;
let admin: string;
let brandA: string;
let brandB: string;
const receivers: Receiver[] = [];
let n = 0;

beforeAll(async () => {
  s = await startTestServer();
  [admin, brandA, brandB] = await Promise.all(['admin', 'brand-a', 'brand-b'].map((u) => s.login(u)));
});
afterAll(async () => {
  // the hanging receivers end their sockets first, so the attempts under way end and the server stops at once
  await Promise.all(receivers.map((r) => r.close()));
  await s?.close();
});

async function endpoint(token: string, url: string, events: string[]) {
  const r = await s.call('POST', '/webhook/add', { token, body: { url, events } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data._id as string;
}

/** A robot of `dealer` that sells one paid order per call. */
async function robot(dealer: string) {
  const device_id = `FAIR-${String(++n).padStart(4, '0')}`;
  const r = await s.call('POST', '/device/add', {
    token: admin,
    body: { device_id, name: `Fair ${n}`, sn: `SN-F${n}`, type: 'icecream', category: 'test', dealer },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const headers = { 'X-Device-Id': device_id, 'X-Device-Key': r.body.data.device_key as string };
  const p = await s.call('POST', '/product/add', {
    token: admin,
    body: { code: `F${n}`, name: `Fair ${n}`, price: 500, type: 'icecream', number: 1, dealer, stock: -1 },
  });
  expect(p.status, JSON.stringify(p.body)).toBe(200);
  let sold = 0;
  return async () => {
    const o = await s.call('POST', '/device-gateway/order', {
      headers,
      body: {
        channel: 'APP',
        items: [{ product: p.body.data._id, quantity: 1 }],
        pay: { pay_type: 'WECHAT', transaction_id: `T-${device_id}-${++sold}`, amount: 500 },
      },
    });
    expect(o.status, JSON.stringify(o.body)).toBe(200);
  };
}

const deliveriesOf = (webhook: string) =>
  s.db.selectFrom('webhook_delivery').selectAll().where('webhook', '=', webhook).execute();

describe('one deadline per attempt, a capped answer (item 3)', () => {
  it('a receiver that answers 200 and trickles its body past WEBHOOK_TIMEOUT_MS is a failed attempt', async () => {
    process.env.WEBHOOK_TIMEOUT_MS = '1000';
    // a byte every 100 ms for 3 s: never idle long enough for a socket time-out, done long after the deadline
    const trickle = await receiver((_req, res) => {
      res.writeHead(200);
      let i = 0;
      const t = setInterval(() => (++i < 30 ? res.write('.') : (clearInterval(t), res.end())), 100);
      res.on('close', () => clearInterval(t));
    });
    receivers.push(trickle);
    const hook = await endpoint(brandA, `${trickle.base}/trickle`, ['robot_offline']);
    expect((await s.call('POST', '/webhook/send_test', { token: brandA, body: { _id: hook } })).status).toBe(200);
    await vi.waitFor(async () => expect(await deliveriesOf(hook)).toHaveLength(1), { timeout: 20_000, interval: 100 });
    const [d] = await deliveriesOf(hook);
    expect([d.status, d.http_status, d.error]).toEqual(['failed', null, 'no complete answer within 1000 ms']);
  });

  it("an endless answer body is read up to the cap only: the attempt ends with the receiver's status", async () => {
    process.env.WEBHOOK_TIMEOUT_MS = '60000';
    const chunk = Buffer.alloc(16 * 1024, 'x');
    const endless = await receiver((_req, res) => {
      res.writeHead(200);
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
    });
    receivers.push(endless);
    const hook = await endpoint(brandA, `${endless.base}/endless`, ['robot_offline']);
    expect((await s.call('POST', '/webhook/send_test', { token: brandA, body: { _id: hook } })).status).toBe(200);
    // well inside the 60 s deadline: the cap ended it, not the deadline
    await vi.waitFor(async () => expect(await deliveriesOf(hook)).toHaveLength(1), { timeout: 20_000, interval: 100 });
    const [d] = await deliveriesOf(hook);
    expect([d.status, d.http_status]).toEqual(['success', 200]);
  });
});

describe('a brand whose receivers hang stalls no other brand (item 4)', () => {
  it("another brand's delivery arrives within a second of its event while four endpoints of brand A never answer", async () => {
    // the hanging attempts outlive the test: they end only when the receiver closes their sockets (afterAll)
    process.env.WEBHOOK_TIMEOUT_MS = '120000';
    const hang = await receiver(() => undefined);
    const ok = await receiver((_req, res) => res.writeHead(200).end());
    receivers.push(hang, ok);
    for (let i = 0; i < 4; i++) await endpoint(brandA, `${hang.base}/a${i}`, ['order_created']);
    const sellA = await robot('store_a1');
    // eight deliveries to receivers that never answer, queued before brand B's
    await sellA();
    await sellA();
    const b = await endpoint(brandB, `${ok.base}/b`, ['order_created']);
    const sellB = await robot('store_b1');
    // brand A's deliveries are under way and hanging before brand B's event happens
    await vi.waitFor(() => expect(hang.got.length).toBeGreaterThanOrEqual(2), { timeout: 20_000, interval: 50 });
    await sellB();
    await vi.waitFor(() => expect(ok.got).toHaveLength(1), { timeout: 60_000, interval: 20 });
    const event = JSON.parse(ok.got[0].body) as { created: string; integrator: string };
    expect(event.integrator).toBe('brand_b');
    // from the event's own time (stamped as the order is written) to its arrival at brand B's receiver
    const latency = ok.got[0].at - Date.parse(event.created);
    console.log(
      `webhook delivery latency of brand B beside brand A's 4 hanging endpoints (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): ${latency} ms; brand A attempts hanging: ${hang.got.length}`,
    );
    expect(latency).toBeLessThan(1000);
    // brand A's receivers were still hanging, none answered
    expect(
      await s.db
        .selectFrom('webhook_delivery')
        .select('_id')
        .where('integrator', '=', 'brand_a')
        .where(
          'webhook',
          'in',
          (await s.db.selectFrom('webhook').select('_id').where('url', 'like', `${hang.base}%`).execute()).map(
            (w) => w._id,
          ),
        )
        .execute(),
    ).toEqual([]);
    await vi.waitFor(async () => expect((await deliveriesOf(b)).map((d) => d.status)).toEqual(['success']), {
      timeout: 10_000,
      interval: 50,
    });
  });
});

describe('an endpoint that keeps failing is paused; test events are limited per account (item 4)', () => {
  it('WEBHOOK_PAUSE_AFTER failed attempts in a row pause it, with the reason its brand sees, until the brand resumes it', async () => {
    process.env.WEBHOOK_TIMEOUT_MS = '5000';
    process.env.WEBHOOK_PAUSE_AFTER = '3';
    let status = 503;
    const rx = await receiver((_req, res) => res.writeHead(status).end());
    receivers.push(rx);
    const hook = await endpoint(brandB, `${rx.base}/failing`, ['order_created']);
    const sell = await robot('store_b1');
    for (let i = 1; i <= 3; i++) {
      await sell();
      await vi.waitFor(async () => expect(await deliveriesOf(hook)).toHaveLength(i), { timeout: 20_000, interval: 50 });
    }
    // the pause is written just after the third attempt's row (its score is kept once the attempt is logged)
    const shown = await vi.waitFor(
      async () => {
        const r = await s.call('GET', `/webhook/detail/${hook}`, { token: brandB, lang: 'es' });
        expect(r.body.data).toMatchObject({ enabled: false, paused: 'failures' });
        return r;
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(shown.body.data.paused_time).toBeTruthy();
    const log = await s.call('POST', '/log/list', {
      token: brandB,
      body: { filter: { resource: 'webhook', record: hook, action: 'pause' } },
    });
    expect(log.body.data.list).toHaveLength(1);
    // paused: its events are not sent
    await sell();
    const ok = await receiver((_req, res) => res.writeHead(200).end());
    receivers.push(ok);
    const watcher = await endpoint(brandB, `${ok.base}/watch`, ['order_created']);
    await sell();
    await vi.waitFor(async () => expect(await deliveriesOf(watcher)).toHaveLength(1), {
      timeout: 20_000,
      interval: 50,
    });
    expect(rx.got).toHaveLength(3);
    // the brand resumes it: sent again
    status = 200;
    const resumed = await s.call('POST', '/webhook/resume', { token: brandB, body: { _id: hook } });
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    expect(resumed.body.data).toMatchObject({ enabled: true, paused: null });
    await sell();
    await vi.waitFor(
      async () =>
        expect((await deliveriesOf(hook)).map((d) => d.status).sort()).toEqual([
          'failed',
          'failed',
          'failed',
          'success',
        ]),
      { timeout: 20_000, interval: 50 },
    );
    // nothing to resume on a running endpoint
    expect((await s.call('POST', '/webhook/resume', { token: brandB, body: { _id: hook } })).status).toBe(409);
  });

  it('"send test event" is limited per account, single or in bulk, with a translated 429', async () => {
    const provider = await s.login('provider');
    const rx = await receiver((_req, res) => res.writeHead(200).end());
    receivers.push(rx);
    const hook = await endpoint(brandB, `${rx.base}/tests`, ['robot_offline']);
    const send = () => s.call('POST', '/webhook/send_test', { token: provider, body: { _id: hook }, lang: 'es' });
    for (let i = 0; i < 10; i++) expect((await send()).status).toBe(200);
    const over = await send();
    expect([over.status, over.body.message]).toEqual([
      429,
      'Como máximo 10 eventos de prueba por minuto: inténtelo de nuevo en un momento',
    ]);
    const bulk = await s.call('POST', '/webhook/bulk', { token: provider, body: { action: 'send_test', ids: [hook] } });
    expect(bulk.body.data).toMatchObject({ done: 0, refused: 1, results: [{ code: 429 }] });
    // another account has its own allowance
    expect((await s.call('POST', '/webhook/send_test', { token: brandB, body: { _id: hook } })).status).toBe(200);
  });
});
