// The tenant isolation matrix: for every declared resource and each of its verbs and actions, for every
// scoped demo account (two brands, three stores), nothing outside the caller's tenant can be listed,
// read, changed or deleted — and the refused calls leave the whole database exactly as it was.
// What an account may see is written here from docs/rules.md, Users (a brand sees its brand, a store its store;
// a store sees the brand it belongs to where a row has no store column), not taken from the server's code.
import { startTestServer, type TestServer } from '../support/server';
import { dumpDatabase, dumpDiff, type Dump } from '../support/dump';
import { resources, callPath, type ResourceDef, type FieldDef, type Permission } from '../../resources';
import { DEMO_ACCOUNTS, demoDeviceKey } from '../../server/db/seed';
import { refusals } from '../support/disallowed';
import { byName } from '../../server/crud/table';

type Row = Record<string, unknown>;
type Account = (typeof DEMO_ACCOUNTS)[number];
interface Caller {
  account: Account;
  token: string;
  holds: Set<string>;
}

const SCOPED = DEMO_ACCOUNTS.filter((a) => a.account_type === 'INTEGRATOR' || a.account_type === 'DEALER');

function visible(a: Account, def: ResourceDef, row: Row): boolean {
  const t = def.tenant;
  if (!t) return true;
  if (a.account_type === 'INTEGRATOR') return !!t.integrator && row[t.integrator] === a.integrator;
  if (t.dealer) return row[t.dealer] === a.dealer;
  return !!t.integrator && row[t.integrator] === a.integrator;
}

/**
 * A refusal of a call aimed at another tenant's row: 403 or 404. A 400 means the call stopped at its body's
 * checks before any tenant check ran, so the case proved nothing about isolation: it fails.
 */
function refusedByScope(r: { status: number; body: unknown }, what: string) {
  expect(
    r.status,
    `${what} ended in 400 before any tenant check: fix the case's body (${JSON.stringify(r.body)})`,
  ).not.toBe(400);
  expect([403, 404], `${what} → ${r.status} ${JSON.stringify(r.body)}`).toContain(r.status);
}

const holds = (c: Caller, p: Permission | undefined) =>
  p !== undefined && (typeof p === 'string' ? [p] : p).some((x) => c.holds.has(x));

/** A value the field's validation accepts, so that a refused call is refused for its scope, not its body. */
function sample(f: FieldDef): unknown {
  switch (f.type) {
    case 'number':
    case 'money':
      return Math.max(f.min ?? 1, 1);
    case 'boolean':
      return false;
    case 'choice':
      return f.choices?.[0];
    case 'choices':
      return f.choices ? [f.choices[0]] : [];
    case 'references':
      return f.reference === 'role' ? ['dealer_admin'] : [];
    case 'datetime':
      return new Date(Date.now() + 86_400_000).toISOString();
    case 'json':
      return [];
    case 'email':
      return 'isolation@example.com';
    case 'password':
      return 'Isolation12345';
    default:
      return 'isolation'.padEnd(Math.max(f.min ?? 1, 9), 'x');
  }
}

function actionBody(def: ResourceDef, name: string, row: Row): Row {
  const lines = def.actions?.[name]?.lines;
  // a selection action names its rows in its lines: the other tenant's row as one line, with an amount
  if (lines) {
    const [field, f] = Object.entries(lines.fields)[0];
    return { lines: [{ _id: row._id, version: row.version ?? 1, [field]: sample({ ...f, required: true }) }] };
  }
  const out: Row = { _id: row._id };
  for (const [k, f] of Object.entries(def.actions?.[name]?.body ?? {})) if (f.required) out[k] = sample(f);
  return out;
}

/** Out-of-scope rows to try: one per other (brand, store) pair, so every neighbouring tenant is tried. */
function strangers(a: Account, def: ResourceDef, rows: Row[]): Row[] {
  const seen = new Map<string, Row>();
  for (const r of rows) {
    if (visible(a, def, r)) continue;
    const key = `${def.tenant?.integrator ? r[def.tenant.integrator] : ''}/${def.tenant?.dealer ? r[def.tenant.dealer] : ''}`;
    if (!seen.has(key)) seen.set(key, r);
  }
  return [...seen.values()];
}

let s: TestServer;
const callers: Caller[] = [];
const tableRows: Record<string, Row[]> = {};
let before: Dump;
const tenantOwned = resources.filter((d) => d.tenant);

beforeAll(async () => {
  s = await startTestServer();
  // Every tenant gets a log entry and a voucher batch, so those tables have neighbours to hide too.
  const admin = await s.login('admin');
  for (const dealer of ['store_a1', 'store_a2', 'store_b1']) {
    const p = await s.call('POST', '/product/add', {
      token: admin,
      body: {
        code: `ISO-${dealer}`,
        name: `Isolation ${dealer}`,
        price: 100,
        type: 'icecream',
        number: 1,
        dealer,
        stock: 5,
      },
    });
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    const v = await s.call('POST', '/lecode/generate', {
      token: admin,
      body: {
        product: p.body.data._id,
        count: 2,
        quantity: 1,
        valid_from: new Date().toISOString(),
        valid_to: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      },
    });
    expect(v.status, JSON.stringify(v.body)).toBe(200);
  }
  for (const account of SCOPED) {
    const token = await s.login(account._id);
    const me = await s.call('GET', '/user/profile', { token });
    callers.push({ account, token, holds: new Set(me.body.data.authorizations as string[]) });
  }
  for (const def of tenantOwned) tableRows[def.name] = await byName(s.db).selectFrom(def.table).selectAll().execute();
  before = await dumpDatabase(s.db, { skip: ['session'] });
});
afterAll(() => s?.close());

describe('the demo data makes the matrix meaningful', () => {
  it('gives every scoped account rows of other tenants in the main resources', () => {
    for (const name of ['dealer', 'device', 'product', 'order', 'user', 'log', 'lecode']) {
      const def = resources.find((r) => r.name === name)!;
      for (const c of callers)
        expect(strangers(c.account, def, tableRows[name]).length, `${name} for ${c.account._id}`).toBeGreaterThan(0);
    }
  });
});

describe.each(SCOPED.map((a) => [a._id]))('%s', (accountId) => {
  const caller = () => callers.find((c) => c.account._id === accountId)!;

  it.each(tenantOwned.filter((d) => d.permissions.list).map((d) => [d.name, d]))(
    'lists only its own %s, whatever the filter asks',
    async (_n, def) => {
      const c = caller();
      const r = await s.call('POST', callPath(def, 'list'), { token: c.token, body: { pageSize: 500 } });
      if (!holds(c, def.permissions.list)) return expect(r.status).toBe(403);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const byId = new Map(tableRows[def.name].map((row) => [row._id, row]));
      for (const row of r.body.data.list as Row[])
        expect(visible(c.account, def, byId.get(row._id)!), `${def.name} ${row._id}`).toBe(true);
      // asking for another tenant's rows by filter gives none of them
      for (const other of strangers(c.account, def, tableRows[def.name])) {
        const filter: Row = { _id: [other._id] };
        for (const col of [def.tenant!.integrator, def.tenant!.dealer])
          if (col && col !== '_id' && other[col]) filter[col] = other[col];
        const f = await s.call('POST', callPath(def, 'list'), { token: c.token, body: { filter } });
        expect(f.status).toBe(200);
        expect(f.body.data.total).toBe(0);
      }
    },
  );

  it.each(tenantOwned.map((d) => [d.name, d]))(
    'cannot read, change, delete or act on %s of other tenants',
    async (_n, def) => {
      const c = caller();
      const others = strangers(c.account, def, tableRows[def.name]);
      for (const other of others) {
        const id = String(other._id);
        const tries: Array<[string, Permission | undefined, () => Promise<{ status: number }>]> = [];
        if (def.permissions.read || def.permissions.list) {
          tries.push([
            'read',
            def.permissions.read ?? def.permissions.list,
            () => s.call('GET', callPath(def, 'read').replace(':id', encodeURIComponent(id)), { token: c.token }),
          ]);
        }
        if (def.permissions.edit) {
          // a text field and a value its rules accept (the edge checks them before any tenant check)
          const field = Object.entries(def.fields).find(
            ([, f]) => !f.readOnly && !f.createOnly && f.type === 'text' && !f.pattern,
          );
          const body: Row = { _id: id, ...(field ? { [field[0]]: sample(field[1]) } : {}) };
          tries.push([
            'edit',
            def.permissions.edit,
            () =>
              s.call('POST', callPath(def, 'edit').replace(':id', encodeURIComponent(id)), { token: c.token, body }),
          ]);
        }
        if (def.permissions.delete)
          tries.push([
            'delete',
            def.permissions.delete,
            () => s.call('POST', callPath(def, 'delete'), { token: c.token, body: { _id: id } }),
          ]);
        for (const [name, a] of Object.entries(def.actions ?? {})) {
          tries.push([
            name,
            a.permission,
            () => s.call('POST', callPath(def, name), { token: c.token, body: actionBody(def, name, other) }),
          ]);
        }
        for (const [verb, permission, run] of tries) {
          const r = await run();
          refusedByScope(r as { status: number; body: unknown }, `${verb} ${def.name} ${id}`);
          // without the permission: 403; with it: 404, as if the row did not exist
          expect(r.status, `${verb} ${def.name} ${id}`).toBe(holds(c, permission) ? 404 : 403);
        }
      }
    },
  );

  it('cannot reach another tenant through a filter, range or sort the declaration does not allow: 400', async () => {
    const c = caller();
    for (const def of resources.filter((d) => holds(c, d.permissions.list))) {
      for (const r of refusals(def)) {
        const a = await s.call('POST', callPath(def, 'list'), { token: c.token, body: { pageSize: 1, ...r.body } });
        expect(a.status, `${def.name} ${r.what} ${r.key} → ${JSON.stringify(a.body)}`).toBe(400);
      }
    }
  });

  it.each(tenantOwned.filter((d) => d.permissions.add).map((d) => [d.name, d]))(
    'cannot add %s into another tenant',
    async (_n, def) => {
      const c = caller();
      const other = SCOPED.find((a) => a.integrator !== c.account.integrator)!;
      const body: Row = {};
      for (const [k, f] of Object.entries(def.fields)) if (!f.readOnly && f.required) body[k] = sample(f);
      if (def.idField) body._id = `iso-${accountId}-${def.name}`.slice(0, 30);
      if (def.tenant?.integrator && def.tenant.integrator !== '_id') body[def.tenant.integrator] = other.integrator;
      if (def.tenant?.dealer && def.tenant.dealer !== '_id') body[def.tenant.dealer] = other.dealer;
      const r = await s.call('POST', callPath(def, 'add'), { token: c.token, body });
      expect(r.status, JSON.stringify(r.body)).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
    },
  );
});

describe('domain routes stay inside the tenant', () => {
  const tokenOf = (id: string) => callers.find((c) => c.account._id === id)!.token;

  it('the dashboard shows nothing of another brand or store, even when asked for it', async () => {
    const to = new Date();
    const from = new Date(to.getTime() - 1000 * 86_400_000);
    for (const [who, filter] of [
      ['brand-a', { integrator: 'brand_b' }],
      ['store-a1', { dealer: 'store_a2' }],
      ['store-b1', { integrator: 'brand_a' }],
    ] as const) {
      const r = await s.call('POST', '/dashboard/summary', {
        token: tokenOf(who),
        body: { from: from.toISOString(), to: to.toISOString(), ...filter },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const figures = Object.values(r.body.data as Row).filter((v) => typeof v === 'number');
      expect(figures.length).toBeGreaterThan(0);
      for (const v of figures) expect(v, `${who} ${JSON.stringify(filter)}`).toBe(0);
    }
  });

  it('cannot copy products from or into another tenant', async () => {
    const foreign = tableRows.product.find((p) => p.integrator === 'brand_b')!;
    const own = tableRows.product.find((p) => p.dealer === 'store_a1')!;
    // from another brand's store: the source is not found
    const a = await s.call('POST', '/product/copy', {
      token: tokenOf('brand-a'),
      body: { source: foreign.dealer, products: [foreign._id], targets: ['store_a2'] },
    });
    refusedByScope(a, 'copy from another brand');
    // into another brand's store: that target is not found, nothing copied
    const b = await s.call('POST', '/product/copy', {
      token: tokenOf('brand-a'),
      body: { source: 'store_a1', products: [own._id], targets: ['store_b1'] },
    });
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    expect(b.body.data.results.map((t: { copied: number; failed: number }) => [t.copied, t.failed])).toEqual([[0, 1]]);
  });

  it('cannot make vouchers for a product of another tenant', async () => {
    const foreign = tableRows.product.find((p) => p.integrator === 'brand_b')!;
    const r = await s.call('POST', '/lecode/generate', {
      token: tokenOf('store-a1'),
      body: {
        product: foreign._id,
        count: 1,
        quantity: 1,
        valid_from: new Date().toISOString(),
        valid_to: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect([400, 403, 404]).toContain(r.status);
  });

  it('a robot cannot move, pay for or cancel an order of another store', async () => {
    const robot = (
      await s.db.selectFrom('device').select(['device_id', 'dealer']).where('dealer', '=', 'store_a1').execute()
    )[0];
    // an order that its own robot could still move or cancel, so only the tenant check can refuse it
    const foreign = tableRows.order.find(
      (o) => o.dealer === 'store_b1' && o.status === 'CREATED' && o.work_status === 'WAIT',
    )!;
    expect(foreign, 'the demo data has an open order of store_b1').toBeTruthy();
    const headers = {
      'X-Device-Id': robot.device_id as string,
      'X-Device-Key': demoDeviceKey(robot.device_id as string),
    };
    const p = await s.call('POST', '/device-gateway/order/progress', {
      headers,
      body: { order: foreign._id, work_status: 'START' },
    });
    const c = await s.call('POST', '/device-gateway/order/cancel', { headers, body: { order: foreign._id } });
    refusedByScope(p, 'robot order progress');
    refusedByScope(c, 'robot order cancel');
  });

  it('all the refused calls above left the database exactly as it was', async () => {
    expect(dumpDiff(before, await dumpDatabase(s.db, { skip: ['session'] }))).toEqual({});
  });

  it('marking every message read touches only the caller’s own messages', async () => {
    const r = await s.call('POST', '/message/read_all', { token: tokenOf('store-a1') });
    expect(r.status).toBe(200);
    const after = await s.db.selectFrom('message').select(['_id', 'read', 'dealer']).execute();
    const was = new Map(tableRows.message.map((m) => [m._id, m.read]));
    for (const m of after) if (m.dealer !== 'store_a1') expect(m.read, String(m._id)).toBe(was.get(m._id));
  });
});

describe('secrets stay out of reach of every filter', () => {
  it('a provider cannot binary-search the admin password hash through a range filter', async () => {
    const provider = await s.login('provider');
    for (const password_gte of ['scrypt$', 'scryptz']) {
      const r = await s.call('POST', '/user/list', {
        token: provider,
        body: { pageSize: 1, filter: { _id: 'admin', password_gte } },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.message).toMatch(/password_gte/);
    }
  });
});
