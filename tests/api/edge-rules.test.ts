// A request is checked once, at the edge (server/http/schema.ts): each kind of declared rule — presence, length,
// range, pattern, choice — is refused there with the same translated message the browser's form gives for the same
// value (both read the declaration: resources/validate.ts), in the caller's language, and nothing is written.
// A robot's sale, whose hand-written checks are gone, is refused by its schema alone.
import { startTestServer, type TestServer } from '../support/server';
import product from '../../resources/product';
import { validateFields } from '../../resources/validate';
import { translate } from '../../i18n';
import type { Lang } from '../../resources/accounts';

let s: TestServer;
let admin: string;
let storeA1: string;
let robot: { id: string; key: string; _id: string };
let cone: string;
beforeAll(async () => {
  s = await startTestServer();
  [admin, storeA1] = await Promise.all(['admin', 'store-a1'].map((u) => s.login(u)));
  const bot = await s.call('POST', '/device/add', {
    token: admin,
    body: {
      device_id: 'EDGE-RULES-01',
      name: 'Edge bot',
      sn: 'SN-EDGE-01',
      type: 'icecream',
      category: 'dessert',
      dealer: 'store_a1',
    },
  });
  expect(bot.status, JSON.stringify(bot.body)).toBe(200);
  robot = { id: 'EDGE-RULES-01', key: bot.body.data.device_key, _id: bot.body.data._id };
  const p = await s.call('POST', '/product/add', {
    token: admin,
    body: {
      code: 'EDGE-CONE',
      name: 'Edge cone',
      price: 500,
      type: 'icecream',
      number: 1,
      dealer: 'store_a1',
      stock: 10,
    },
  });
  expect(p.status, JSON.stringify(p.body)).toBe(200);
  cone = p.body.data._id;
});
afterAll(() => s?.close());

const good = { code: 'EDGE-1', name: 'Edge one', price: 1200, type: 'icecream', number: 5, dealer: 'store_a1' };
const productCount = async () =>
  Number(
    (
      await s.db
        .selectFrom('product')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** What the browser's form says of a field of this body (the same function, the same declaration). */
function formSays(lang: Lang, body: Record<string, unknown>, field: string): string {
  const e = validateFields(product.fields, body, 'create').errors[field];
  expect(e, `the form refuses ${field} too`).toBeDefined();
  return translate(lang, e.key, { ...e.args, field: translate(lang, `resources.product.fields.${field}`) });
}

describe('every kind of declared rule is refused at the edge, translated, writing nothing', () => {
  const cases: Array<[rule: string, field: string, body: Record<string, unknown>, en: string]> = [
    ['required', 'name', { ...good, name: undefined }, 'Display name is required'],
    ['required, sent blank', 'name', { ...good, name: '   ' }, 'Display name is required'],
    ['length', 'name', { ...good, name: 'x' }, 'Display name must be 2 to 20 characters long'],
    ['range', 'number', { ...good, number: 10000 }, 'must be between 0 and 9999'],
    ['pattern', 'code', { ...good, code: 'no spaces!' }, 'may contain only letters, digits and _ - .'],
    ['choice', 'type', { ...good, type: 'pizza' }, 'must be one of: icecream, coffee'],
    // judged on the value the form judges: text trimmed, digits read as their number, each id of a list
    ['length, of the trimmed text', 'name', { ...good, name: '  x  ' }, 'must be 2 to 20 characters long'],
    ['range, of digits sent as text', 'number', { ...good, number: ' 10000 ' }, 'must be between 0 and 9999'],
    ['a list of ids', 'devices', { ...good, devices: [''] }, 'must be a list'],
  ];
  for (const [rule, field, body, en] of cases) {
    it(`${rule}: 400 naming ${field}, in the caller's language, as the form says it`, async () => {
      const before = await productCount();
      const said: Record<string, string> = {};
      for (const lang of ['en', 'es', 'zh', 'ja'] as const) {
        const r = await s.call('POST', '/product/add', { token: admin, lang, body });
        expect(r.status, JSON.stringify(r.body)).toBe(400);
        expect(r.body.code).toBe(400);
        const errors = r.body.errors ?? {};
        expect(Object.keys(errors)).toEqual([field]);
        expect(errors[field]).toBe(formSays(lang, body, field));
        expect(r.body.message).toContain(errors[field]);
        said[lang] = errors[field];
      }
      expect(said.en).toContain(en);
      // four languages, four messages
      expect(new Set(Object.values(said)).size).toBe(4);
      expect(await productCount()).toBe(before);
    });
  }

  it('names every broken field at once', async () => {
    const r = await s.call('POST', '/product/add', {
      token: admin,
      lang: 'es',
      body: { ...good, name: 'x', number: -1, type: 'pizza' },
    });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.errors ?? {}).sort()).toEqual(['name', 'number', 'type']);
  });

  it('an optional field may be cleared: an empty value breaks no rule of a value', async () => {
    const r = await s.call('POST', '/product/add', {
      token: admin,
      body: { ...good, code: 'EDGE-2', sub_name: '', buy_limit: null, image: '' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ sub_name: null, buy_limit: null, image: null });
  });

  it('what passes is stored as the form would send it: text trimmed, digits as numbers, ids once', async () => {
    const r = await s.call('POST', '/product/add', {
      token: admin,
      body: { ...good, code: ' EDGE-3 ', name: '  Edge three ', number: ' 42 ', warn_stock: '7' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ code: 'EDGE-3', name: 'Edge three', number: 42, warn_stock: 7 });
  });

  it("a settings object's keys are judged by their own rules, named `field.key`", async () => {
    const r = await s.call('POST', '/integrator/edit', {
      token: admin,
      body: {
        _id: 'brand_a',
        pay_info: { merchant_id: 'no spaces!', channel: 'PIGEON' },
        pickup_config: { code_length: '9' },
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(Object.keys(r.body.errors ?? {}).sort()).toEqual([
      'pay_info.channel',
      'pay_info.merchant_id',
      'pickup_config.code_length',
    ]);
    expect(r.body.errors?.['pickup_config.code_length']).toContain('between 4 and 8');
  });

  it('a caller without the right hears 403 before anything about the body', async () => {
    const r = await s.call('POST', '/user/add', { token: storeA1, lang: 'es', body: { _id: 'x' } });
    expect(r.status).toBe(403);
    expect(r.body.errors).toBeUndefined();
  });
});

describe("a robot's sale is checked by its schema alone", () => {
  const sale = (body: unknown, lang = 'en') =>
    s.call('POST', '/device-gateway/order', {
      body,
      lang,
      headers: { 'X-Device-Id': robot.id, 'X-Device-Key': robot.key },
    });
  const orders = async () =>
    Number(
      (
        await s.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('device', '=', robot._id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const stock = async () =>
    (await s.db.selectFrom('product').select('stock').where('_id', '=', cone).executeTakeFirstOrThrow()).stock;

  it('refuses too many items, a quantity out of range, an unknown channel and no items, naming the field; nothing sold', async () => {
    const item = { product: cone, quantity: 1 };
    const cases: Array<[unknown, string, string, string]> = [
      [
        { channel: 'APP', items: Array.from({ length: 21 }, () => item) },
        'items',
        'items may hold at most 20 items',
        'items admite como máximo 20 elementos',
      ],
      [
        { channel: 'APP', items: [{ product: cone, quantity: 100 }] },
        'items.0.quantity',
        'must be between 1 and 99',
        'entre 1 y 99',
      ],
      [
        { channel: 'CARRIER_PIGEON', items: [item] },
        'channel',
        'channel must be one of: ',
        'channel debe ser uno de: ',
      ],
      [{ channel: 'APP' }, 'items', 'items is required', 'items es obligatorio'],
    ];
    for (const [body, field, en, es] of cases) {
      const r = await sale(body);
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.errors?.[field]).toContain(en);
      const rEs = await sale(body, 'es');
      expect(rEs.body.errors?.[field]).toContain(es);
    }
    expect(await orders()).toBe(0);
    expect(await stock()).toBe(10);
    // a value whose words a robot's maker relies on keeps them, now naming its field like any other refusal
    const beat = await s.call('POST', '/device-gateway/status', {
      body: {},
      headers: { 'X-Device-Id': robot.id, 'X-Device-Key': robot.key },
    });
    expect(beat.status).toBe(400);
    expect(beat.body.errors?.state).toMatch(/^State must be one of: idle, /);
    // and the same sale, well formed, goes through
    const ok = await sale({ channel: 'APP', items: [{ product: cone, quantity: 2 }] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await stock()).toBe(8);
  });
});
