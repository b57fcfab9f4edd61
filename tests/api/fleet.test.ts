// Brands, stores and robots as an operator sets them up: every length rule at its edges, tenant scope,
// closing and removing stores, demo robots, and image uploads (type, size, served back by path).
import http from 'node:http';
import { startTestServer, type TestServer } from '../support/server';
import { DEMO_DEVICES, demoDeviceKey } from '../../server/db/seed';
import { png } from '../support/png';

let s: TestServer;
let admin: string;
let brandA: string;
let brandB: string;
let storeA1: string;
beforeAll(async () => {
  s = await startTestServer();
  [admin, brandA, brandB, storeA1] = await Promise.all([
    s.login('admin'),
    s.login('brand-a'),
    s.login('brand-b'),
    s.login('store-a1'),
  ]);
});
afterAll(() => s?.close());

const brand = (over: object = {}) => ({ name: 'Frosty Co', description: 'Soft serve robots', ...over });
const store = (over: object = {}) => ({
  name: 'Harbour Kiosk',
  description: 'Pier 3 entrance',
  integrator: 'brand_a',
  ...over,
});
const robot = (over: object = {}) => ({
  device_id: 'FLT-0000001',
  name: 'Frosty',
  sn: 'SN-FLT-1',
  type: 'icecream',
  category: 'dessert',
  dealer: 'store_a1',
  ...over,
});
let serial = 0;
const uniq = () => String(++serial).padStart(3, '0');

describe('length rules at their edges', () => {
  it('brand name: 3 refused, 4 and 30 accepted, 31 refused — with the rule in the message', async () => {
    const cases: Array<[string, number]> = [
      ['abc', 400],
      ['Abcd', 200],
      ['B'.repeat(29) + 'x', 200],
      ['C'.repeat(31), 400],
    ];
    for (const [name, status] of cases) {
      const r = await s.call('POST', '/integrator/add', { token: admin, body: brand({ name }) });
      expect(r.status, name).toBe(status);
      if (status === 400) expect(r.body.errors?.name).toBe('Name must be 4 to 30 characters long');
    }
    // counted in characters, not bytes: 4 Chinese characters are a valid name
    expect((await s.call('POST', '/integrator/add', { token: admin, body: brand({ name: '冰淇淋店' }) })).status).toBe(
      200,
    );
  });

  it('brand description: 3 refused, 4 and 100 accepted, 101 refused', async () => {
    const cases: Array<[string, number]> = [
      ['abc', 400],
      ['abcd', 200],
      ['d'.repeat(100), 200],
      ['d'.repeat(101), 400],
    ];
    for (const [description, status] of cases) {
      const r = await s.call('POST', '/integrator/add', {
        token: admin,
        body: brand({ name: `Desc brand ${uniq()}`, description }),
      });
      expect(r.status, `${description.length}`).toBe(status);
    }
  });

  it('store name and description: 3/4/30/31 and 3/4/100/101', async () => {
    for (const [name, status] of [
      ['abc', 400],
      ['abcd', 200],
      ['s'.repeat(30), 200],
      ['s'.repeat(31), 400],
    ] as const) {
      expect((await s.call('POST', '/dealer/add', { token: admin, body: store({ name }) })).status, name).toBe(status);
    }
    for (const [description, status] of [
      ['abc', 400],
      ['abcd', 200],
      ['d'.repeat(100), 200],
      ['d'.repeat(101), 400],
    ] as const) {
      expect(
        (await s.call('POST', '/dealer/add', { token: admin, body: store({ description }) })).status,
        `${description.length}`,
      ).toBe(status);
    }
  });

  it('device id 7/8/18/19 and device name 1/2/15/16, with the messages in the caller’s language', async () => {
    for (const [device_id, status] of [
      ['FLT-007', 400],
      ['FLT-0008', 200],
      ['F'.repeat(17) + '8', 200],
      ['F'.repeat(19), 400],
    ] as const) {
      expect(
        (await s.call('POST', '/device/add', { token: admin, body: robot({ device_id }) })).status,
        device_id,
      ).toBe(status);
    }
    for (const [name, status] of [
      ['A', 400],
      ['AB', 200],
      ['N'.repeat(15), 200],
      ['N'.repeat(16), 400],
    ] as const) {
      expect(
        (await s.call('POST', '/device/add', { token: admin, body: robot({ device_id: `FLT-NAME-${uniq()}`, name }) }))
          .status,
        name,
      ).toBe(status);
    }
    const zh = await s.call('POST', '/device/add', { token: admin, lang: 'zh', body: robot({ device_id: 'FLT-007' }) });
    expect(zh.body.errors?.device_id).toMatch(/8.*18/);
    expect(zh.body.errors?.device_id).toMatch(/[\u4e00-\u9fff]/);
  });

  it('refuses a customer-service phone that is not one, and keeps the brand settings it was given', async () => {
    const bad = await s.call('POST', '/integrator/add', {
      token: admin,
      body: brand({ name: 'Phone brand', service_phone: 'call me' }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.service_phone).toMatch(/phone number/);
    const good = await s.call('POST', '/integrator/add', {
      token: admin,
      body: brand({
        name: 'Phone brand',
        service_phone: '+86 21 5555-0199',
        location: 'Pudong',
        pickup_config: { mode: 'code', code_length: 4 },
        pay_info: { merchant_id: 'M100' },
      }),
    });
    expect(good.status).toBe(200);
    expect(good.body.data).toMatchObject({
      service_phone: '+86 21 5555-0199',
      location: 'Pudong',
      pickup_config: { mode: 'code', code_length: 4 },
      pay_info: { merchant_id: 'M100' },
    });
  });

  it("checks a brand's payment, notification and pickup settings key by key from the declaration, in the caller's language", async () => {
    const settings = {
      pickup_config: { mode: 'drone', pickup_minutes: 0 },
      notify_info: { webhook: 'http://hooks.example.com/x' },
    };
    const bad = await s.call('POST', '/integrator/add', {
      token: admin,
      body: brand({ name: 'Settings brand', ...settings }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      'pickup_config.mode': 'Food pickup settings · Pickup by must be one of: code, screen',
      'pickup_config.pickup_minutes': 'Food pickup settings · Minutes to pick up must be between 1 and 240',
      'notify_info.webhook': 'An https:// address is required',
    });
    const zh = await s.call('POST', '/integrator/add', {
      token: admin,
      lang: 'zh',
      body: brand({ name: 'Settings brand', ...settings }),
    });
    expect(zh.body.errors?.['pickup_config.pickup_minutes']).toMatch(/^取餐配置 · 取餐时限（分钟）/);
    expect(
      await s.db.selectFrom('integrator').select('_id').where('name', '=', 'Settings brand').executeTakeFirst(),
    ).toBeUndefined();
    // keys the declaration does not name are dropped; a settings field that is no object is refused
    const good = await s.call('POST', '/integrator/add', {
      token: admin,
      body: brand({
        name: 'Settings brand',
        pickup_config: { mode: 'screen', pickup_minutes: 20, script: '<x>' },
        pay_info: { channel: 'alipay', merchant_id: 'M-200' },
      }),
    });
    expect(good.status).toBe(200);
    expect(good.body.data).toMatchObject({
      pickup_config: { mode: 'screen', pickup_minutes: 20 },
      pay_info: { channel: 'alipay', merchant_id: 'M-200' },
    });
    expect(good.body.data.pickup_config).not.toHaveProperty('script');
    const notObject = await s.call('POST', '/integrator/edit', {
      token: admin,
      body: { _id: good.body.data._id, pay_info: 'M-300' },
    });
    expect(notObject.status).toBe(400);
    expect(notObject.body.errors?.pay_info).toBe('Payment settings must be an object');
  });
});

describe('tenant scope', () => {
  const robotA = DEMO_DEVICES.find((d) => d.dealer === 'store_a1')!;
  const robotA2 = DEMO_DEVICES.find((d) => d.dealer === 'store_a2')!;

  it("brand B can neither read, list nor edit brand A's stores", async () => {
    expect((await s.call('GET', '/dealer/detail/store_a1', { token: brandB })).status).toBe(404);
    const list = await s.call('POST', '/dealer/list', { token: brandB, body: { pageSize: 100 } });
    expect(list.body.data.list.map((d: { _id: string }) => d._id)).toEqual(['store_b1']);
    expect(
      (await s.call('POST', '/dealer/list', { token: brandB, body: { filter: { integrator: 'brand_a' } } })).body.data
        .total,
    ).toBe(0);
    expect(
      (await s.call('POST', '/dealer/edit', { token: brandB, body: { _id: 'store_a1', name: 'Taken over' } })).status,
    ).toBe(404);
    expect((await s.call('POST', '/dealer/close', { token: brandB, body: { _id: 'store_a1' } })).status).toBe(404);
    expect(
      (await s.call('POST', '/dealer/add', { token: brandB, body: store({ integrator: 'brand_a' }) })).status,
    ).toBe(403);
    // nor move its own store into brand A
    expect(
      (await s.call('POST', '/dealer/edit', { token: brandB, body: { _id: 'store_b1', integrator: 'brand_a' } }))
        .status,
    ).toBe(403);
    expect((await s.call('GET', '/dealer/detail/store_a1', { token: admin })).body.data.name).toBe('Store A1');
  });

  it("brand B can neither read, list nor edit brand A's robots, nor brand A itself", async () => {
    expect((await s.call('GET', `/device/detail/${robotA._id}`, { token: brandB })).status).toBe(404);
    const list = await s.call('POST', '/device/list', { token: brandB, body: { pageSize: 500 } });
    expect(list.body.data.total).toBeGreaterThan(0);
    expect(new Set(list.body.data.list.map((d: { integrator: string }) => d.integrator))).toEqual(new Set(['brand_b']));
    expect(
      (await s.call('POST', '/device/edit', { token: brandB, body: { _id: robotA._id, name: 'Stolen' } })).status,
    ).toBe(404);
    expect((await s.call('POST', '/device/unbind', { token: brandB, body: { _id: robotA._id } })).status).toBe(404);
    expect((await s.call('POST', '/device/rotate_key', { token: brandB, body: { _id: robotA._id } })).status).toBe(404);
    expect((await s.call('GET', '/integrator/detail/brand_a', { token: brandB })).status).toBe(404);
    expect(
      (await s.call('POST', '/integrator/edit', { token: brandB, body: { _id: 'brand_a', name: 'Mine now' } })).status,
    ).toBe(404);
    expect(
      (await s.call('POST', '/integrator/add', { token: brandB, body: brand({ name: 'Second brand' }) })).status,
    ).toBe(403);
    const after = await s.call('GET', `/device/detail/${robotA._id}`, { token: admin });
    expect(after.body.data).toMatchObject({ name: robotA.name, dealer: 'store_a1' });
  });

  it('a store account sees only its own robots, and may not change them', async () => {
    const list = await s.call('POST', '/device/list', { token: storeA1, body: { pageSize: 500 } });
    const ids = list.body.data.list.map((d: { _id: string }) => d._id);
    expect(ids.length).toBeGreaterThanOrEqual(DEMO_DEVICES.filter((d) => d.dealer === 'store_a1').length);
    expect(new Set(list.body.data.list.map((d: { dealer: string }) => d.dealer))).toEqual(new Set(['store_a1']));
    expect((await s.call('GET', `/device/detail/${robotA2._id}`, { token: storeA1 })).status).toBe(404);
    expect((await s.call('GET', `/device/detail/${robotA._id}`, { token: storeA1 })).status).toBe(200);
    expect(
      (await s.call('POST', '/device/edit', { token: storeA1, body: { _id: robotA._id, name: 'Renamed' } })).status,
    ).toBe(403);
    const stores = await s.call('POST', '/dealer/list', { token: storeA1, body: {} });
    expect(stores.body.data.list.map((d: { _id: string }) => d._id)).toEqual(['store_a1']);
  });

  it('filters the robot list by brand, store, type, online and state', async () => {
    const byType = await s.call('POST', '/device/list', {
      token: admin,
      body: { pageSize: 500, filter: { type: 'noodle', dealer: 'store_b1' } },
    });
    expect(byType.body.data.total).toBe(
      DEMO_DEVICES.filter((d) => d.type === 'noodle' && d.dealer === 'store_b1').length,
    );
    const byBrand = await s.call('POST', '/device/list', {
      token: admin,
      body: { pageSize: 500, filter: { integrator: 'brand_b', online: false, state: 'unknown' } },
    });
    expect(byBrand.body.data.list.every((d: { integrator: string }) => d.integrator === 'brand_b')).toBe(true);
    expect(
      (await s.call('POST', '/device/list', { token: admin, body: { filter: { state: 'sleepy' } } })).body.data.total,
    ).toBe(0);
    expect((await s.call('POST', '/device/list', { token: admin, body: { filter: { online: 'maybe' } } })).status).toBe(
      400,
    );
  });
});

describe('demo robots', () => {
  it('has robots of every type in stores A1, A2 and B1, each signing in with its demo key', async () => {
    const types = new Set(DEMO_DEVICES.map((d) => d.type));
    expect(types.size).toBe(6);
    for (const st of ['store_a1', 'store_a2', 'store_b1'])
      expect(DEMO_DEVICES.filter((d) => d.dealer === st).length).toBeGreaterThanOrEqual(3);
    const d = DEMO_DEVICES[0];
    const gw = (key: string) =>
      s.call('GET', '/device-gateway/ping', { headers: { 'X-Device-Id': d.device_id, 'X-Device-Key': key } });
    expect((await gw(demoDeviceKey(d.device_id))).status).toBe(404); // signed in; no such call
    expect((await gw(demoDeviceKey('someone-else'))).status).toBe(401);
  });
});

describe('stores: close, reopen, remove', () => {
  it('closes a store once (409 after), refuses to bind robots to it, and reopens it', async () => {
    const st = (await s.call('POST', '/dealer/add', { token: brandA, body: store({ name: 'Closing Kiosk' }) })).body
      .data;
    expect(st).toMatchObject({ integrator: 'brand_a', status: 'normal', notify_enabled: true, pay_enabled: true });
    const closed = await s.call('POST', '/dealer/close', { token: brandA, body: { _id: st._id } });
    expect(closed.body.data.status).toBe('closed');
    expect((await s.call('POST', '/dealer/close', { token: brandA, body: { _id: st._id } })).status).toBe(409);
    const bind = await s.call('POST', '/device/add', {
      token: brandA,
      body: robot({ device_id: 'FLT-CLOSED1', dealer: st._id }),
    });
    expect(bind.status).toBe(409);
    expect(bind.body.message).toBe('Robots can only be bound to an open store');
    expect(
      await s.db.selectFrom('device').select('_id').where('device_id', '=', 'FLT-CLOSED1').executeTakeFirst(),
    ).toBeUndefined();
    expect((await s.call('POST', '/dealer/reopen', { token: brandA, body: { _id: st._id } })).body.data.status).toBe(
      'normal',
    );
    const log = await s.db.selectFrom('log').select('action').where('record', '=', st._id).orderBy('time').execute();
    expect(log.map((l) => l.action)).toEqual(['add', 'close', 'reopen']);
  });

  it('a store account cannot close its own store (no permission)', async () => {
    expect((await s.call('POST', '/dealer/close', { token: storeA1, body: { _id: 'store_a1' } })).status).toBe(403);
  });

  it('removes a store only once its robots are unbound; a removed store leaves the list', async () => {
    const st = (await s.call('POST', '/dealer/add', { token: admin, body: store({ name: 'Short-lived' }) })).body.data;
    const dev = (
      await s.call('POST', '/device/add', { token: admin, body: robot({ device_id: 'FLT-REMOVE1', dealer: st._id }) })
    ).body.data;
    const refused = await s.call('POST', '/dealer/delete', { token: admin, body: { _id: st._id } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('1 robot');
    await s.call('POST', '/device/unbind', { token: admin, body: { _id: dev._id } });
    expect((await s.call('POST', '/dealer/delete', { token: admin, body: { _id: st._id } })).status).toBe(200);
    const list = await s.call('POST', '/dealer/list', { token: admin, body: { pageSize: 500 } });
    expect(list.body.data.list.some((d: { _id: string }) => d._id === st._id)).toBe(false);
    // a removed store is history: it cannot be changed or reopened
    expect(
      (await s.call('POST', '/dealer/edit', { token: admin, body: { _id: st._id, name: 'Back again' } })).status,
    ).toBe(404);
    expect((await s.call('POST', '/dealer/reopen', { token: admin, body: { _id: st._id } })).status).toBe(404);
  });

  it('switches notifications and payments', async () => {
    const r = await s.call('POST', '/dealer/edit', {
      token: brandA,
      body: { _id: 'store_a2', notify_enabled: false, pay_enabled: false },
    });
    expect(r.body.data).toMatchObject({ notify_enabled: false, pay_enabled: false });
    expect(
      (await s.call('POST', '/dealer/edit', { token: brandA, body: { _id: 'store_a2', pay_enabled: 'yes' } })).status,
    ).toBe(400);
  });
});

describe('robot keys', () => {
  it('records when the key was issued, and moves it on rotation', async () => {
    const d = (await s.call('POST', '/device/add', { token: admin, body: robot({ device_id: 'FLT-KEYTIME' }) })).body
      .data;
    expect(d.key_issued_at).toBeTruthy();
    await new Promise((r) => setTimeout(r, 20));
    const rotated = await s.call('POST', '/device/rotate_key', { token: admin, body: { _id: d._id } });
    expect(new Date(rotated.body.data.key_issued_at).getTime()).toBeGreaterThan(new Date(d.key_issued_at).getTime());
    expect(rotated.body.data.device_key).toMatch(/^[\w-]{30,}$/);
  });
});

async function upload(body: Buffer, name: string, type: string, opts: { token?: string; lang?: string } = {}) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(body)], { type }), name);
  const headers: Record<string, string> = { 'Accept-Language': opts.lang ?? 'en' };
  if (opts.token !== '') headers.Authorization = `Bearer ${opts.token ?? admin}`;
  const res = await fetch(`${s.url}/api/upload`, { method: 'POST', headers, body: form });
  return { status: res.status, body: await res.json() };
}

describe('uploads', () => {
  it('stores an image, serves it back by path, and a brand keeps it as its logo', async () => {
    const img = png();
    const r = await upload(img, 'logo.png', 'image/png', { token: brandA });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ content_type: 'image/png', size: img.length });
    expect(r.body.data.path).toMatch(/^img\/\d{6}\/[a-f0-9]{32}\.png$/);
    const back = await fetch(`${s.url}/api/files/${r.body.data.path}`);
    expect(back.status).toBe(200);
    expect(back.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await back.arrayBuffer()).equals(img)).toBe(true);
    const row = await s.db
      .selectFrom('upload')
      .selectAll()
      .where('path', '=', r.body.data.path)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ account: 'brand-a', integrator: 'brand_a', storage: 'local', size: img.length });
    const edited = await s.call('POST', '/integrator/edit', {
      token: brandA,
      body: { _id: 'brand_a', logo: r.body.data.path },
    });
    expect(edited.body.data.logo).toBe(r.body.data.path);
  });

  it('recognises the type by the bytes: 415 for text, SVG or a renamed file, translated', async () => {
    const text = await upload(Buffer.from('just some text'), 'logo.png', 'image/png');
    expect(text.status).toBe(415);
    expect(text.body).toMatchObject({ code: 415, message: 'Only PNG, JPEG, GIF or WebP images can be uploaded' });
    const svg = await upload(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'x.svg',
      'image/svg+xml',
      { lang: 'zh' },
    );
    expect(svg.status).toBe(415);
    expect(svg.body.message).toBe('只能上传 PNG、JPEG、GIF 或 WebP 图片');
    const json = await s.call('POST', '/upload', { token: admin, body: { file: 'x' } });
    expect(json.status).toBe(415);
    expect(await s.db.selectFrom('upload').select('path').where('account', '=', 'admin').execute()).toHaveLength(0);
  });

  it('refuses an image over 2 MB with 413, translated; exactly 2 MB is accepted', async () => {
    const big = png(2 * 1024 * 1024);
    const r = await upload(big, 'huge.png', 'image/png', { lang: 'es' });
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ code: 413, message: 'La imagen es demasiado grande: como máximo 2 MB' });
    const exact = png(0);
    const pad = 2 * 1024 * 1024 - exact.length - 12; // a tEXt chunk adds 12 bytes of framing
    expect((await upload(png(pad), 'edge.png', 'image/png')).status).toBe(200);
    expect((await upload(png(pad + 1), 'edge.png', 'image/png')).status).toBe(413);
  });

  it('needs a session to upload, none to read; unknown or crafted paths are 404', async () => {
    expect((await upload(png(), 'a.png', 'image/png', { token: '' })).status).toBe(401);
    // sent byte for byte (fetch would tidy the dots away)
    const raw = (p: string) =>
      new Promise<number>((resolve, reject) => {
        const u = new URL(s.url);
        http
          .get({ host: u.hostname, port: u.port, path: `/api/files/${p}` }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          })
          .on('error', reject);
      });
    for (const p of [
      'img/202401/../../../package.json',
      'img/202401/%2E%2E/%2E%2E/pgdata/PG_VERSION',
      'img%2F..%2F..%2Fpgdata',
      'img/202401/' + '0'.repeat(32) + '.png',
      '..%2F..%2Fpackage.json',
      'img/202401/x.svg',
    ]) {
      expect(await raw(p), p).toBe(404);
    }
  });
});
