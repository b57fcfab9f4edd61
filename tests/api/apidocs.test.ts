// The published contract: /api/openapi.json is a valid OpenAPI 3.1 document that documents every /api route
// the server registers, with a request schema wherever a call takes a body and the failure envelope (docs/api.md) for
// refusals; and a body of the wrong shape is refused by those schemas in the caller's language.
import type { RouteOptions } from 'fastify';
import { Validator } from '@seriousme/openapi-schema-validator';
import { startTestServer, type TestServer } from '../support/server';
import { buildApp } from '../../server/app';
import { WILDCARD_PARAM } from '../../server/http/openapi';
import { contractOf } from '../support/contract';
import { translate } from '../../i18n';
import { demoDeviceKey } from '../../server/db/seed';

type Operation = {
  operationId?: string;
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
};
type Doc = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties: Record<string, unknown>; required: string[] }> };
};

let s: TestServer;
let doc: Doc;
let admin: string;
/** every route the server registers, as "METHOD /path" in OpenAPI's spelling */
const registered = new Set<string>();

/** Fastify's `/user/profile/:id` and `/files/*` as the document writes them (the wildcard named: OpenAPI names
 * every parameter). */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, `{${WILDCARD_PARAM}}`);

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
  // A second app on the same database, built only to hear every route as Fastify registers it.
  const app = await buildApp({
    db: s.db,
    onRoute: (r: RouteOptions) => {
      for (const m of [r.method].flat()) registered.add(`${m} ${openApiPath(r.url)}`);
    },
  });
  await app.ready();
  await app.close();
  const r = await fetch(`${s.url}/api/openapi.json`);
  expect(r.status).toBe(200);
  doc = (await r.json()) as Doc;
});
afterAll(() => s?.close());

describe('the OpenAPI document', () => {
  it('is public and validates as OpenAPI 3.1', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? [], JSON.stringify(result.errors)?.slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("documents every route registered under /api (but the docs page's own files)", () => {
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`)),
    );
    const api = [...registered].filter(
      (r) => / \/api\//.test(r) && !r.startsWith('HEAD ') && !/ \/api\/docs(\/|$)/.test(r),
    );
    expect(api.length).toBeGreaterThan(100);
    expect(api.filter((r) => !documented.has(r))).toEqual([]);
    // and documents nothing that is not there
    expect([...documented].filter((r) => !registered.has(r))).toEqual([]);
    console.log(`documented routes: ${documented.size}`);
  });

  it('gives every call that takes a body a request schema, and every refusal the failure envelope', () => {
    const error = doc.components.schemas.ApiError;
    expect(error.required).toEqual(['code', 'message']);
    expect(Object.keys(error.properties)).toEqual(expect.arrayContaining(['code', 'message', 'errors']));
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (method === 'post') expect(op.requestBody?.content, `${method} ${path}`).toBeTruthy();
        for (const status of ['4XX', '5XX']) {
          expect(op.responses[status]?.content?.['application/json']?.schema.$ref, `${method} ${path} ${status}`).toBe(
            '#/components/schemas/ApiError',
          );
        }
      }
    }
  });

  it("derives a generated route's schemas from its declaration", () => {
    const add = doc.paths['/api/integrator/add'].post;
    const body = add.requestBody!.content['application/json'].schema as {
      properties: Record<string, { minLength?: number; maxLength?: number }>;
      required: string[];
    };
    // resources/integrator.ts: name 4-30, required (docs/rules.md, Validation)
    expect(body.properties.name).toMatchObject({ minLength: 4, maxLength: 30 });
    expect(body.required).toContain('name');
    const device = doc.paths['/api/device/add'].post.requestBody!.content['application/json'].schema as {
      properties: Record<string, { enum?: unknown[] }>;
    };
    expect(device.properties.type.enum).toEqual(expect.arrayContaining(['icecream', 'coffee', 'noodle']));
    // an answer never documents a secret field
    const read = doc.paths['/api/device/detail/{id}'].get.responses['200'].content!['application/json'].schema as {
      properties: { data: { $ref: string } };
    };
    expect(read.properties.data.$ref).toBe('#/components/schemas/Record_device');
    expect(Object.keys(doc.components.schemas.Record_device.properties)).not.toContain('key_hash');
    expect(Object.keys(doc.components.schemas.Record_device.properties)).toContain('device_id');
  });

  it('names every operation once, and says what a JSON field, a null and a fraction are (docs/api.md)', () => {
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((o) => o.operationId));
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(['device_list', 'command_send', 'device_gateway_heartbeat']));
    const props = (name: string) => doc.components.schemas[name].properties as Record<string, unknown>;
    // a command's params: one of the catalogue's shapes; a log's before: any JSON value
    expect(JSON.stringify(props('Record_command').params)).toContain('"reason"');
    expect(props('Record_log').before).toEqual({ description: 'any JSON value' });
    expect(props('Record_integrator').pay_info).toMatchObject({
      properties: { channel: { type: ['string', 'null'] } },
    });
    expect(props('Record_restock').urgency).toMatchObject({ type: ['number', 'null'] });
    expect(doc.components.schemas.Record_command.required).toEqual(expect.arrayContaining(['device', 'params']));
  });
});

describe("the API tests' check of every answer (tests/support/contract.ts)", () => {
  it('refuses an answer that drifts from its schema, and a status its operation does not document', async () => {
    const contract = await contractOf(s.url);
    const profile = await s.call('GET', '/user/profile', { token: admin });
    const judge = (status: number, body: unknown) =>
      contract.judge('GET', '/api/user/profile', status, 'application/json', body).problem;
    expect(judge(200, profile.body)).toBeUndefined();
    expect(judge(200, { ...profile.body, data: { ...profile.body.data, avatar: 5 } })).toMatch(
      /user_profile_get: answer\/data\/avatar must be string,null/,
    );
    expect(judge(302, {})).toBe('user_profile_get: status 302 is not in the document');
    expect(contract.judge('GET', '/api/no/such/path', 200, 'application/json', {}).problem).toMatch(/no operation/);
  });
});

describe('a body of the wrong shape', () => {
  const label = (lang: 'en' | 'zh' | 'es' | 'ja', resource: string, field: string) =>
    translate(lang, `resources.${resource}.fields.${field}`);

  it("that is no object: 400 in the caller's language, the envelope of today", async () => {
    const r = await s.call('POST', '/integrator/add', { token: admin, lang: 'es', body: '[1, 2]' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ code: 400, message: translate('es', 'vf.error.body') });
  });

  it("a field of the wrong JSON type: 400 naming the field, in the words the declaration's own check uses", async () => {
    const r = await s.call('POST', '/integrator/add', {
      token: admin,
      lang: 'ja',
      body: { name: 12345, description: true },
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(400);
    expect(r.body.errors).toEqual({
      name: translate('ja', 'vf.validation.type_text', { field: label('ja', 'integrator', 'name') }),
      description: translate('ja', 'vf.validation.type_text', { field: label('ja', 'integrator', 'description') }),
    });
    expect(r.body.message).toContain(translate('ja', 'vf.validation.form_failed'));
  });

  it('a number, a yes/no, a list and an object of the wrong type, each with its own message', async () => {
    const product = await s.db.selectFrom('product').select('_id').executeTakeFirstOrThrow();
    const r = await s.call('POST', '/product/edit', {
      token: admin,
      lang: 'zh',
      body: { _id: product._id, price: true, hide: 'yes', devices: 'all', properties: 'none' },
    });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual({
      price: translate('zh', 'vf.validation.integer', { field: label('zh', 'product', 'price') }),
      hide: translate('zh', 'vf.validation.type_boolean', { field: label('zh', 'product', 'hide') }),
      devices: translate('zh', 'vf.validation.type_list', { field: label('zh', 'product', 'devices') }),
      properties: translate('zh', 'vf.validation.type_json', { field: label('zh', 'product', 'properties') }),
    });
    // nothing changed
    const after = await s.db
      .selectFrom('product')
      .select('version')
      .where('_id', '=', product._id)
      .executeTakeFirstOrThrow();
    const before = (await s.call('GET', `/product/detail/${product._id}`, { token: admin })).body.data.version;
    expect(after.version).toBe(before);
  });

  it("a nested field of a robot's call: named by its path, never Fastify's English", async () => {
    const device = await s.db
      .selectFrom('device')
      .select('device_id')
      .where('dealer', '=', 'store_a1')
      .executeTakeFirstOrThrow();
    const id = device.device_id as string;
    const r = await s.call('POST', '/device-gateway/order', {
      lang: 'zh',
      headers: { 'X-Device-Id': id, 'X-Device-Key': demoDeviceKey(id) },
      body: { channel: 'APP', items: [{ product: 'p1', quantity: 'two' }] },
    });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual({
      'items.0.quantity': translate('zh', 'vf.validation.integer', { field: 'items.0.quantity' }),
    });
    expect(r.body.message).not.toMatch(/must be|body\//);
  });
});

describe('the docs page', () => {
  it("is served to anyone, under the app's own content security policy", async () => {
    const r = await fetch(`${s.url}/api/docs/`);
    expect(r.status).toBe(200);
    expect(await r.text()).toContain('swagger-ui');
    expect(r.headers.get('content-security-policy')).toContain("script-src 'self'");
  });
});
