// What must not leave does not (docs/security.md "What a caller can read back").
// No declared secret leaves. Walks EVERY declared resource and every secret or hidden field:
// an export asking for one is refused (400, nothing sent), and the secret values actually stored (webhook
// signing secrets, robots' key hashes, password hashes) appear in no list, detail, export, bulk result,
// operation-log entry or live event of the walk. (An export once sent them for `fields: ["secret"]`.)
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../support/server';
import { openEvents, type SseStream } from '../support/sse';
import { declared } from '../../resources';
import { callPath, isColumn, isSecret, listColumns, type ResourceDef } from '../../resources/types';

// client addresses from X-Forwarded-For, as behind the reverse proxy of a deployment
process.env.TRUST_PROXY = '1';

let s: TestServer;
let admin: string;
let brandA: string;
let stream: SseStream;
let robot: Record<string, string>;

beforeAll(async () => {
  s = await startTestServer();
  [admin, brandA] = await Promise.all(['admin', 'brand-a'].map((u) => s.login(u)));
  stream = await openEvents(s.url, admin);
  const made = await s.call('POST', '/device/add', {
    token: admin,
    body: {
      device_id: 'SECRET-01',
      name: 'Bot',
      sn: 'SN-S1',
      type: 'icecream',
      category: 'dessert',
      dealer: 'store_a1',
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  robot = { 'X-Device-Id': 'SECRET-01', 'X-Device-Key': made.body.data.device_key };
  // writes that log rows holding secrets and raise live events: a rotation, a heartbeat, a fault
  expect(
    (await s.call('POST', '/webhook/rotate_secret', { token: brandA, body: { _id: 'webhook_demo_a' } })).status,
  ).toBe(200);
  expect((await s.call('POST', '/device/rotate_key', { token: admin, body: { _id: made.body.data._id } })).status).toBe(
    200,
  );
  robot['X-Device-Key'] = (
    await s.call('POST', '/device/rotate_key', { token: admin, body: { _id: made.body.data._id } })
  ).body.data.device_key;
  expect((await s.call('POST', '/device-gateway/heartbeat', { headers: robot, body: {} })).status).toBe(200);
  expect((await s.call('POST', '/device-gateway/notify', { headers: robot, body: { code: 22 } })).status).toBe(200);
}, 120_000);
afterAll(async () => {
  stream?.close();
  await s?.close();
});

/** Every secret value the database holds now (after the rotations above). */
async function storedSecrets(): Promise<string[]> {
  const rows = await sql<{ v: string }>`
    SELECT secret AS v FROM webhook UNION ALL SELECT key_hash FROM device UNION ALL SELECT password FROM account`.execute(
    s.db,
  );
  const values = rows.rows.map((r) => r.v).filter((v) => typeof v === 'string' && v.length >= 16);
  expect(values.length).toBeGreaterThan(5);
  return values;
}

const exported = async (def: ResourceDef, token: string, fields?: string[]) => {
  const res = await fetch(`${s.url}/api${callPath(def, 'export')}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ format: 'csv', ...(fields ? { fields } : {}) }),
  });
  return { status: res.status, text: await res.text() };
};

/** every declared resource with a list (and so a list, an export and a detail) */
const listed = (declared as readonly ResourceDef[]).filter((d) => d.permissions.list);

describe('no declared secret leaves', () => {
  it('an export asking for any secret, hidden or JSON field of any resource is refused, for the administrator and a brand', async () => {
    let walked = 0;
    for (const def of listed) {
      for (const [name, f] of Object.entries(def.fields)) {
        if (isColumn(f)) continue;
        for (const token of [admin, brandA]) {
          const r = await exported(def, token, [name]);
          // a brand may lack the list itself (403); never is the field answered
          expect([400, 403], `${def.name}.${name}: ${r.status} ${r.text.slice(0, 200)}`).toContain(r.status);
          if (token === admin) expect(r.status, `${def.name}.${name}`).toBe(400);
        }
        walked++;
      }
    }
    // webhook.secret, device.key_hash, user.password, alarm.priority, log.before/after, webhook(_delivery).dealer…
    expect(walked).toBeGreaterThanOrEqual(8);
  });

  it('list columns and export columns come from one rule that never names a secret', () => {
    for (const def of declared as readonly ResourceDef[]) {
      for (const n of listColumns(def)) expect(isSecret(def.fields[n]), `${def.name}.${n}`).toBe(false);
    }
  });

  it('no stored secret value appears in any list, detail or export (with every allowed column) of any resource', async () => {
    const secrets = await storedSecrets();
    const seen: string[] = [];
    for (const def of listed) {
      const list = await s.call('POST', callPath(def, 'list'), { token: admin, body: { pageSize: 100 } });
      expect(list.status, `${def.name}: ${JSON.stringify(list.body)}`).toBe(200);
      const rows = list.body.data.list as Record<string, unknown>[];
      for (const row of rows)
        for (const [n, f] of Object.entries(def.fields))
          if (isSecret(f)) expect(row, `${def.name}.${n}`).not.toHaveProperty(n);
      seen.push(`${def.name} list`, JSON.stringify(list.body));
      if (rows[0] && (def.permissions.read || def.permissions.list)) {
        const detail = await s.call(
          'GET',
          callPath(def, 'read').replace(':id', encodeURIComponent(String(rows[0]._id))),
          { token: admin },
        );
        expect(detail.status, `${def.name} detail`).toBe(200);
        for (const [n, f] of Object.entries(def.fields))
          if (isSecret(f)) expect(detail.body.data, `${def.name}.${n}`).not.toHaveProperty(n);
        seen.push(JSON.stringify(detail.body));
      }
      const every = Object.entries(def.fields)
        .filter(([, f]) => isColumn(f))
        .map(([n]) => n);
      const file = await exported(def, admin, every);
      expect(file.status, `${def.name} export: ${file.text.slice(0, 200)}`).toBe(200);
      seen.push(file.text);
    }
    const text = seen.join('\n');
    for (const v of secrets) expect(text.includes(v), 'a stored secret in an answer').toBe(false);
  });

  it('no stored secret in bulk results, the operation log (answers and rows) or the live events of the walk', async () => {
    const bulk = await s.call('POST', '/webhook/bulk', {
      token: brandA,
      body: { action: 'send_test', ids: ['webhook_demo_a'] },
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    const log = await s.call('POST', '/log/list', { token: admin, body: { pageSize: 200 } });
    expect(log.status).toBe(200);
    const details = await Promise.all(
      (log.body.data.list as { _id: string }[]).map((e) => s.call('GET', `/log/detail/${e._id}`, { token: admin })),
    );
    const rows = await sql<{ before: unknown; after: unknown }>`SELECT before, after FROM log`.execute(s.db);
    await stream.next((e) => e.event === 'alarm.opened');
    const text = [
      JSON.stringify(bulk.body),
      JSON.stringify(log.body),
      ...details.map((d) => JSON.stringify(d.body)),
      JSON.stringify(rows.rows),
      JSON.stringify(stream.events),
    ].join('\n');
    expect(stream.events.some((e) => e.event === 'device.status')).toBe(true);
    for (const v of await storedSecrets())
      expect(text.includes(v), 'a stored secret in the log or an event').toBe(false);
    // the rotations were logged, without the secret they made
    expect(text).toContain('rotate_secret');
    expect(text).toContain('rotate_key');
  });
});

describe("a brand sees only its own accounts' client addresses in its operation log", () => {
  const STAFF_IP = '203.0.113.77';
  const BRAND_IP = '198.51.100.44';
  it("provider staff's address is blank for the brand in the list, the record, a filter and the export; staff see both", async () => {
    const provider = await s.login('provider');
    const as = (token: string, ip: string, description: string) =>
      s.call('POST', '/dealer/edit', {
        token,
        headers: { 'X-Forwarded-For': ip },
        body: { _id: 'store_a2', description },
      });
    expect((await as(provider, STAFF_IP, 'Edited by provider staff')).status).toBe(200);
    expect((await as(brandA, BRAND_IP, 'Edited by the brand')).status).toBe(200);
    const entries = async (token: string, filter: object = {}) =>
      (
        await s.call('POST', '/log/list', {
          token,
          body: { pageSize: 100, filter: { resource: 'dealer', record: 'store_a2', ...filter } },
        })
      ).body.data.list as Record<string, unknown>[];
    const mine = await entries(brandA);
    expect(mine.map((e) => [e.operator, e.ip])).toEqual([
      ['brand-a', BRAND_IP],
      ['provider', null],
    ]);
    const staffEntry = mine.find((e) => e.operator === 'provider')!;
    expect((await s.call('GET', `/log/detail/${staffEntry._id}`, { token: brandA })).body.data.ip).toBeNull();
    // no guessing by filter: the staff address matches nothing for the brand
    expect(await entries(brandA, { ip: STAFF_IP })).toEqual([]);
    expect((await entries(brandA, { ip: BRAND_IP })).map((e) => e.operator)).toEqual(['brand-a']);
    const file = await exported(
      (declared as readonly ResourceDef[]).find((d) => d.name === 'log')!,
      brandA,
    );
    expect(file.status).toBe(200);
    expect(file.text).toContain(BRAND_IP);
    expect(file.text).not.toContain(STAFF_IP);
    // staff see every address
    expect((await entries(admin)).map((e) => e.ip)).toEqual([BRAND_IP, STAFF_IP]);
    expect((await entries(admin, { ip: STAFF_IP })).map((e) => e.operator)).toEqual(['provider']);
  });
});
