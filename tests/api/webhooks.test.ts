// Webhooks for brands: a brand registers an endpoint, its events reach it signed (checked here the way docs/api.md
// tells a receiver to), a failing receiver is retried with growing delays from the durable queue, a restart
// loses no pending delivery, a brand never receives another brand's events, and bad input is a translated 400.
// The receiver is a real HTTP server on 127.0.0.1 (allowed by WEBHOOK_ALLOW_LOCAL, as in development).
import http from 'node:http';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { startTestServer, type TestServer } from '../support/server';
import { freshDatabase } from '../support/db';
import { startServer } from '../../server/main';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { sweepOffline } from '../../server/features/gateway/presence';

process.env.WEBHOOK_ALLOW_LOCAL = '1';
process.env.WEBHOOK_RETRY_DELAY_SECONDS = '1';
process.env.WEBHOOK_RETRY_LIMIT = '2';

// ── the receiver's side, as in docs/api.md Webhooks ───────────────────────────────────────────────────────
function verifySignature(secret: string, rawBody: string, header: string | undefined, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((kv) => kv.split('=', 2)));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  return parts.v1.length === expected.length && timingSafeEqual(Buffer.from(parts.v1), Buffer.from(expected));
}

interface Received {
  path: string;
  at: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1: records every request; answers each path with the status set for it (200 by default). */
async function receiver() {
  const got: Received[] = [];
  const status = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      got.push({
        path: req.url ?? '',
        at: Date.now(),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(status.get(req.url ?? '') ?? 200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    got,
    status,
    base,
    at: (path: string) => got.filter((g) => g.path === path),
    close: () => new Promise((r) => server.close(r)),
  };
}

let s: TestServer;
let rx: Awaited<ReturnType<typeof receiver>>;
let admin: string;
let brandA: string;
let brandB: string;
let n = 0;

async function robot(dealer: string) {
  const device_id = `HOOK-${String(++n).padStart(4, '0')}`;
  const r = await s.call('POST', '/device/add', {
    token: admin,
    body: { device_id, name: `Hook ${n}`, sn: `SN-H${n}`, type: 'icecream', category: 'test', dealer },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const headers = { 'X-Device-Id': device_id, 'X-Device-Key': r.body.data.device_key as string };
  const p = await s.call('POST', '/product/add', {
    token: admin,
    body: { code: `H${n}`, name: `Hook ${n}`, price: 500, type: 'icecream', number: 1, dealer, stock: -1 },
  });
  expect(p.status, JSON.stringify(p.body)).toBe(200);
  return {
    sell: (paid = true) =>
      s.call('POST', '/device-gateway/order', {
        headers,
        body: {
          channel: 'APP',
          items: [{ product: p.body.data._id, quantity: 1 }],
          ...(paid ? { pay: { pay_type: 'WECHAT', transaction_id: `T-${device_id}-${Date.now()}`, amount: 500 } } : {}),
        },
      }),
    notify: (code: number) => s.call('POST', '/device-gateway/notify', { headers, body: { code } }),
    beat: () => s.call('POST', '/device-gateway/heartbeat', { headers, body: {} }),
    _id: r.body.data._id as string,
  };
}

async function endpoint(token: string, path: string, events: string[], extra: object = {}) {
  const r = await s.call('POST', '/webhook/add', { token, body: { url: `${rx.base}${path}`, events, ...extra } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as { _id: string; secret: string; integrator: string };
}

const deliveries = async (token: string, webhook: string) =>
  (
    await s.call('POST', '/webhook_delivery/list', {
      token,
      body: { page: 1, pageSize: 50, filter: { webhook }, sort: { field: 'create_time', order: 'ASC' } },
    })
  ).body.data;

beforeAll(async () => {
  rx = await receiver();
  s = await startTestServer();
  [admin, brandA, brandB] = await Promise.all(['admin', 'brand-a', 'brand-b'].map((u) => s.login(u)));
});
afterAll(async () => {
  await s?.close();
  await rx?.close();
});

describe('deliveries', () => {
  it('signs every delivery so that the documented check verifies it; the secret is shown once, never again', async () => {
    const hook = await endpoint(brandA, '/a-orders', ['order_created', 'order_paid']);
    expect(hook.secret).toMatch(/^whsec_/);
    expect(hook.integrator).toBe('brand_a');
    const again = await s.call('GET', `/webhook/detail/${hook._id}`, { token: brandA });
    expect(again.body.data).not.toHaveProperty('secret');
    const listed = await s.call('POST', '/webhook/list', { token: brandA, body: { page: 1, pageSize: 50 } });
    expect(JSON.stringify(listed.body.data)).not.toContain(hook.secret);

    const bot = await robot('store_a1');
    const order = await bot.sell();
    expect(order.status).toBe(200);
    await vi.waitFor(() => expect(rx.at('/a-orders')).toHaveLength(2), { timeout: 20_000, interval: 100 });
    const got = rx.at('/a-orders');
    for (const g of got) {
      expect(verifySignature(hook.secret, g.body, g.headers['vendfleet-signature'] as string)).toBe(true);
      // one byte changed, or another endpoint's secret: refused
      expect(verifySignature(hook.secret, g.body.replace('"', ' "'), g.headers['vendfleet-signature'] as string)).toBe(
        false,
      );
      expect(verifySignature(`${hook.secret}x`, g.body, g.headers['vendfleet-signature'] as string)).toBe(false);
    }
    const bodies = got.map((g) => JSON.parse(g.body));
    expect(bodies.map((b) => b.type).sort()).toEqual(['order_created', 'order_paid']);
    for (const b of bodies) {
      expect(b.data._id).toBe(order.body.data._id);
      expect(b.integrator).toBe('brand_a');
      expect(got.find((g) => JSON.parse(g.body).id === b.id)!.headers['vendfleet-event']).toBe(b.type);
    }
    // an old timestamp is refused even with a correct signature (replay)
    const old = Math.floor(Date.now() / 1000) - 3600;
    const oldSig = `t=${old},v1=${createHmac('sha256', hook.secret).update(`${old}.${got[0].body}`).digest('hex')}`;
    expect(verifySignature(hook.secret, got[0].body, oldSig)).toBe(false);

    // the log, for the brand: one successful first attempt per event (a delivery is logged once its answer is
    // read, which may come after the receiver counted its body)
    await vi.waitFor(
      async () => {
        const log = await deliveries(brandA, hook._id);
        expect(log.list.map((d: Record<string, unknown>) => [d.event, d.attempt, d.status, d.http_status])).toEqual(
          expect.arrayContaining([
            ['order_created', 1, 'success', 200],
            ['order_paid', 1, 'success', 200],
          ]),
        );
        expect(log.total).toBe(2);
      },
      { timeout: 10_000, interval: 100 },
    );
  });

  it('every kind of event reaches an endpoint that asked for it: refunded, alarm opened and cleared, robot offline', async () => {
    const hook = await endpoint(brandA, '/a-all', ['order_refunded', 'alarm_opened', 'alarm_cleared', 'robot_offline']);
    const bot = await robot('store_a1');
    const order = await bot.sell();
    expect(order.status).toBe(200);
    const refund = await s.call('POST', '/order/refund', {
      token: brandA,
      body: { _id: order.body.data._id, amount: 300, reason: 'Melted', approve: true },
    });
    expect(refund.body.data.refund_status, JSON.stringify(refund.body)).toBe('SUCCESS');
    expect((await bot.notify(21)).status).toBe(200);
    expect((await bot.notify(3021)).status).toBe(200);
    expect((await bot.beat()).status).toBe(200);
    await s.db
      .updateTable('device')
      .set({ last_heartbeat: new Date(Date.now() - 3_600_000) })
      .where('_id', '=', bot._id)
      .execute();
    expect(await sweepOffline(s.db, 60)).toBeGreaterThanOrEqual(1);

    await vi.waitFor(() => expect(rx.at('/a-all').length).toBeGreaterThanOrEqual(5), {
      timeout: 20_000,
      interval: 100,
    });
    const bodies = rx.at('/a-all').map((g) => {
      expect(verifySignature(hook.secret, g.body, g.headers['vendfleet-signature'] as string)).toBe(true);
      return JSON.parse(g.body);
    });
    const byType = (t: string) =>
      bodies.filter(
        (b) =>
          b.type === t && (b.data.device === bot._id || b.data.order === order.body.data._id || b.data._id === bot._id),
      );
    // order_created / order_paid were not asked for
    expect(bodies.filter((b) => b.type.startsWith('order_') && b.type !== 'order_refunded')).toEqual([]);
    expect(byType('order_refunded').map((b) => b.data)).toMatchObject([
      { order: order.body.data._id, amount: 300, real_amount: 300, status: 'SUCCESS', dealer: 'store_a1' },
    ]);
    expect(byType('alarm_opened').map((b) => [b.data.code, b.data.state])).toEqual(
      expect.arrayContaining([[21, 'active']]),
    );
    expect(byType('alarm_cleared').map((b) => [b.data.code, b.data.state, b.data.clear_code])).toEqual([
      [21, 'cleared', 3021],
    ]);
    expect(byType('robot_offline').map((b) => [b.data._id, b.data.online, b.data.dealer])).toEqual([
      [bot._id, false, 'store_a1'],
    ]);
    expect(bodies.every((b) => b.integrator === 'brand_a')).toBe(true);
  });

  it('"send test event" reaches the endpoint and its log, even for a disabled endpoint', async () => {
    const hook = await endpoint(brandA, '/a-test', ['robot_offline'], { enabled: false });
    const r = await s.call('POST', '/webhook/send_test', { token: brandA, body: { _id: hook._id } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await vi.waitFor(() => expect(rx.at('/a-test')).toHaveLength(1), { timeout: 20_000, interval: 100 });
    const g = rx.at('/a-test')[0];
    expect(JSON.parse(g.body)).toMatchObject({ id: r.body.data.event_id, type: 'webhook_test' });
    expect(verifySignature(hook.secret, g.body, g.headers['vendfleet-signature'] as string)).toBe(true);
    await vi.waitFor(
      async () =>
        expect((await deliveries(brandA, hook._id)).list).toMatchObject([
          { event: 'webhook_test', status: 'success', attempt: 1 },
        ]),
      { timeout: 10_000, interval: 100 },
    );
  });

  it('retries a failing receiver with growing delays, logging every attempt, then gives up', async () => {
    const hook = await endpoint(brandA, '/a-failing', ['alarm_opened']);
    rx.status.set('/a-failing', 503);
    const bot = await robot('store_a1');
    expect((await bot.notify(21)).status).toBe(200);
    // first attempt + WEBHOOK_RETRY_LIMIT (2) retries
    await vi.waitFor(() => expect(rx.at('/a-failing')).toHaveLength(3), { timeout: 30_000, interval: 100 });
    const at = rx.at('/a-failing').map((g) => g.at);
    // pg-boss's backoff: the n-th retry waits 1–2 × WEBHOOK_RETRY_DELAY_SECONDS × 2^(n-1)
    expect(at[1] - at[0]).toBeGreaterThanOrEqual(900);
    expect(at[2] - at[1]).toBeGreaterThanOrEqual(1900);
    const ids = new Set(rx.at('/a-failing').map((g) => JSON.parse(g.body).id));
    expect(ids.size).toBe(1);
    await vi.waitFor(
      async () => {
        const log = await deliveries(brandA, hook._id);
        expect(log.list.map((d: Record<string, unknown>) => [d.attempt, d.status, d.http_status, d.error])).toEqual([
          [1, 'failed', 503, 'HTTP 503'],
          [2, 'failed', 503, 'HTTP 503'],
          [3, 'failed', 503, 'HTTP 503'],
        ]);
      },
      { timeout: 10_000, interval: 100 },
    );
  });
});

describe('tenant scope', () => {
  it('a brand receives only its own events and sees only its own endpoints and deliveries', async () => {
    const a = await endpoint(brandA, '/scope-a', ['order_created']);
    const b = await endpoint(brandB, '/scope-b', ['order_created']);
    expect(b.integrator).toBe('brand_b');
    const botA = await robot('store_a1');
    const botB = await robot('store_b1');
    const sa = await botA.sell(false);
    const sb = await botB.sell(false);
    await vi.waitFor(
      () => {
        expect(rx.at('/scope-a')).toHaveLength(1);
        expect(rx.at('/scope-b')).toHaveLength(1);
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(JSON.parse(rx.at('/scope-a')[0].body).data._id).toBe(sa.body.data._id);
    expect(JSON.parse(rx.at('/scope-b')[0].body).data._id).toBe(sb.body.data._id);

    expect((await s.call('GET', `/webhook/detail/${a._id}`, { token: brandB })).status).toBe(404);
    expect((await s.call('POST', '/webhook/send_test', { token: brandB, body: { _id: a._id } })).status).toBe(404);
    expect(
      (await s.call('POST', '/webhook/edit', { token: brandB, body: { _id: a._id, url: `${rx.base}/stolen` } })).status,
    ).toBe(404);
    const listB = await s.call('POST', '/webhook/list', { token: brandB, body: { page: 1, pageSize: 100 } });
    expect(listB.body.data.list.every((w: Record<string, unknown>) => w.integrator === 'brand_b')).toBe(true);
    expect((await deliveries(brandB, a._id)).total).toBe(0);
    // provider staff see and run any brand's endpoints; a store account none (no authorization)
    const provider = await s.login('provider');
    expect((await s.call('GET', `/webhook/detail/${b._id}`, { token: provider })).status).toBe(200);
    const store = await s.login('store-a1');
    expect((await s.call('POST', '/webhook/list', { token: store, body: { page: 1, pageSize: 10 } })).status).toBe(403);
    // a brand cannot place an endpoint in another brand
    const r = await s.call('POST', '/webhook/add', {
      token: brandA,
      body: { url: `${rx.base}/x`, events: ['order_created'], integrator: 'brand_b' },
    });
    expect(r.status).toBe(403);
  });
});

describe('bad input', () => {
  const count = async () =>
    Number(
      (
        await s.db
          .selectFrom('webhook')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses bad URLs, private addresses and unknown events with a translated 400 and creates nothing', async () => {
    const before = await count();
    const cases: Array<[unknown, unknown, string]> = [
      ['not a url', ['order_created'], 'url'],
      ['ftp://example.com/hook', ['order_created'], 'url'],
      ['https://user:pw@example.com/hook', ['order_created'], 'url'],
      ['https://10.0.0.7/hook', ['order_created'], 'url'],
      ['https://169.254.169.254/latest/meta-data', ['order_created'], 'url'],
      ['https://[::ffff:192.168.1.1]/hook', ['order_created'], 'url'],
      // deprecated and embedding IPv6 forms of private and loopback addresses
      ['https://[::7f00:1]/hook', ['order_created'], 'url'], // IPv4-compatible 127.0.0.1
      ['https://[::c0a8:101]/hook', ['order_created'], 'url'], // IPv4-compatible 192.168.1.1
      ['https://[::ffff:0:a00:7]/hook', ['order_created'], 'url'], // IPv4-translated 10.0.0.7
      ['https://[64:ff9b::a00:7]/hook', ['order_created'], 'url'], // NAT64 of 10.0.0.7
      ['https://[2002:a00:7::1]/hook', ['order_created'], 'url'], // 6to4 of 10.0.0.7
      ['https://[2001:0:4136:e378:8000:63bf:f5ff:fff8]/hook', ['order_created'], 'url'], // Teredo
      ['https://[fec0::1]/hook', ['order_created'], 'url'], // site-local
      ['https://no-such-host.invalid/hook', ['order_created'], 'url'],
      [`${rx.base}/ok`, ['order_created', 'order_stolen'], 'events'],
      [`${rx.base}/ok`, [], 'events'],
    ];
    for (const [url, events, field] of cases) {
      const en = await s.call('POST', '/webhook/add', { token: brandA, body: { url, events } });
      expect(en.status, `${url} ${JSON.stringify(events)}: ${JSON.stringify(en.body)}`).toBe(400);
      expect(en.body.errors?.[field], `${url}`).toBeTruthy();
      const zh = await s.call('POST', '/webhook/add', { token: brandA, body: { url, events }, lang: 'zh' });
      expect(zh.status).toBe(400);
      expect(zh.body.errors?.[field]).not.toBe(en.body.errors?.[field]);
    }
    const priv = await s.call('POST', '/webhook/add', {
      token: brandA,
      body: { url: 'https://10.0.0.7/hook', events: ['order_created'] },
    });
    expect(priv.body.errors?.url).toMatch(/public addresses only/);
    expect(await count()).toBe(before);
  });

  it('plain http and loopback only while WEBHOOK_ALLOW_LOCAL is on', async () => {
    process.env.WEBHOOK_ALLOW_LOCAL = '0';
    try {
      const http = await s.call('POST', '/webhook/add', {
        token: brandA,
        body: { url: `${rx.base}/local`, events: ['order_created'] },
      });
      expect(http.status).toBe(400);
      expect(http.body.errors?.url).toMatch(/https/);
      const loop = await s.call('POST', '/webhook/add', {
        token: brandA,
        body: { url: 'https://127.0.0.1/local', events: ['order_created'] },
      });
      expect(loop.status).toBe(400);
      expect(loop.body.errors?.url).toMatch(/public addresses only/);
    } finally {
      process.env.WEBHOOK_ALLOW_LOCAL = '1';
    }
  });
});

describe('restart', () => {
  it('a delivery pending when the server stops is made by the next server on the same database', async () => {
    const db = await freshDatabase();
    const start = () =>
      startServer({
        port: 0,
        host: '127.0.0.1',
        dataDir: db.dataDir,
        databaseUrl: db.databaseUrl,
        logger: false,
        distDir: '/nonexistent',
      });
    const call = async (url: string, path: string, body: unknown, token?: string) => {
      const res = await fetch(`${url}/api${path}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Accept-Language': 'en',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      return (await res.json()) as { code: number; data: Record<string, unknown> };
    };
    try {
      let server = await start();
      const token = String(
        (await call(server.address, '/auth/signin', { username: 'brand-b', password: DEMO_PASSWORD })).data.token,
      );
      const hook = await call(
        server.address,
        '/webhook/add',
        { url: `${rx.base}/restart`, events: ['order_created'] },
        token,
      );
      expect(hook.code).toBe(0);
      rx.status.set('/restart', 500);
      // retries 3–6 s apart, so that the server is gone before the next one is due
      process.env.WEBHOOK_RETRY_DELAY_SECONDS = '3';
      const sent = await call(server.address, '/webhook/send_test', { _id: hook.data._id }, token).finally(
        () => (process.env.WEBHOOK_RETRY_DELAY_SECONDS = '1'),
      );
      expect(sent.code).toBe(0);
      await vi.waitFor(() => expect(rx.at('/restart')).toHaveLength(1), { timeout: 20_000, interval: 50 });
      await server.close();
      rx.status.set('/restart', 200);
      const restarted = Date.now();
      server = await start();
      try {
        await vi.waitFor(() => expect(rx.at('/restart').at(-1)?.at).toBeGreaterThan(restarted), {
          timeout: 30_000,
          interval: 100,
        });
        const got = rx.at('/restart');
        // the same event, byte for byte, signed afresh
        expect(new Set(got.map((g) => g.body)).size).toBe(1);
        expect(
          verifySignature(
            String(hook.data.secret),
            got.at(-1)!.body,
            got.at(-1)!.headers['vendfleet-signature'] as string,
          ),
        ).toBe(true);
        await vi.waitFor(
          async () => {
            const log = await call(
              server.address,
              '/webhook_delivery/list',
              {
                page: 1,
                pageSize: 10,
                filter: { webhook: hook.data._id },
                sort: { field: 'create_time', order: 'ASC' },
              },
              token,
            );
            const attempts = (log.data.list as Array<Record<string, unknown>>).map((d) => [d.attempt, d.status]);
            expect(attempts).toEqual(got.map((_, i) => [i + 1, i === got.length - 1 ? 'success' : 'failed']));
          },
          { timeout: 10_000, interval: 100 },
        );
      } finally {
        await server.close();
      }
    } finally {
      await db.drop();
    }
  });
});
