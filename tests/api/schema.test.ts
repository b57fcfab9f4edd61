// The declarations are the schema: a database migrated from nothing (the test template: every migration
// applied to an empty database, on PGlite, or on PostgreSQL when DATABASE_URL is set — `npm test` runs both)
// holds exactly what resources/ declares — column by column (type, NOT NULL), every CHECK choice list, every
// declared unique and reference, the indexes the lists read through. Drift is a red test naming each difference.
import { resources } from '../../resources';
import type { ResourceDef } from '../../resources/types';
import { openDatabase, type Database } from '../../server/db';
import { schemaChanges } from '../../server/db/schema';
import { migrationText, nextFileName } from '../../scripts/db-migration';
import { freshDatabase, type TestDatabase } from '../support/db';
import { createDeclaredPermissions } from '../../server/auth/declared';
import { sql } from 'kysely';
import { deriveSchema } from '../../server/db/schema/derive';
import type { HandTables } from '../../server/db/schema/hand';

let copy: TestDatabase;
let database: Database;
beforeAll(async () => {
  copy = await freshDatabase();
  database = await openDatabase({ dataDir: copy.dataDir, url: copy.databaseUrl, poolSize: 2 });
});
afterAll(async () => {
  await database?.close();
  await copy?.drop();
});

const find = (name: string) => resources.find((r) => r.name === name)!;
const what = async (defs: readonly ResourceDef[]) => (await schemaChanges(database.db, defs)).map((c) => c.what);

it('the migrated schema is what the declarations say', async () => {
  expect(await what(resources)).toEqual([]);
});

it('names a choice the database would refuse, a missing column, a lost NOT NULL and a missing unique and key', async () => {
  const device = find('device');
  const changed: ResourceDef = {
    ...device,
    fields: {
      ...device.fields,
      type: { ...device.fields.type, choices: [...device.fields.type.choices!, 'pizza'] },
      name: { ...device.fields.name, required: false },
      sn: { ...device.fields.sn, unique: true },
      colour: { type: 'choice', choices: ['red', 'blue'] },
      owner: { type: 'reference', reference: 'integrator' },
    },
  };
  const found = await what([changed, ...resources.filter((r) => r !== device)]);
  expect(found).toEqual([
    'device.name is NOT NULL, declared optional',
    'device.sn is not unique (duplicate rows would fail)',
    'device.type allows [icecream, coffee, coffee_icecream, noodle, milktea, fastfood], declared [icecream, coffee, coffee_icecream, noodle, milktea, fastfood, pizza]',
    'column device.colour is missing',
    'column device.owner is missing',
  ]);
});

it('a dropped choice, a dropped field and a new type are held back, commented out, with a warning', async () => {
  const report = find('report');
  const { resolution: _gone, ...fields } = report.fields;
  const changed: ResourceDef = {
    ...report,
    fields: {
      ...fields,
      status: { ...fields.status, choices: ['open', 'resolved'] },
      code: { ...fields.code, type: 'number' },
    },
  };
  const changes = await schemaChanges(database.db, [changed]);
  expect(changes.map((c) => [c.what, c.destructive])).toEqual([
    ['report.code is text, declared integer', true],
    [
      'report.status allows [open, in_progress, resolved], declared [open, resolved] (rows holding in_progress would fail)',
      true,
    ],
    ['report.resolution is in the database, not in the declaration', true],
  ]);
  const text = migrationText('shrink-report', changes);
  expect(text).toContain('-- WARNING');
  // nothing of it runs: every SQL line is a comment
  expect(text.split('\n').filter((l) => l.trim() && !l.startsWith('--'))).toEqual([]);
});

it('a new NOT NULL, CHECK, unique or key on an existing column is held back too: existing rows could refuse it', async () => {
  const report = find('report');
  const f = report.fields;
  const changed: ResourceDef = {
    ...report,
    fields: {
      ...f,
      code: { ...f.code, required: true },
      fault: { ...f.fault, type: 'choice', choices: ['jam', 'leak'] },
      reporter: { ...f.reporter, type: 'reference', reference: 'integrator' },
      resolution: { ...f.resolution, unique: true },
    },
  };
  const changes = await schemaChanges(database.db, [changed]);
  expect(changes.map((c) => [c.what, c.destructive])).toEqual([
    ['report.code may be null, declared NOT NULL (rows holding null would fail: fill them first)', true],
    ['report.fault has no CHECK of its choices (rows holding other values would fail)', true],
    ['report.reporter has no foreign key to integrator (rows naming a missing row would fail)', true],
    ['report.resolution is not unique (duplicate rows would fail)', true],
  ]);
  const text = migrationText('tighten-report', changes);
  expect(text).toContain('-- WARNING');
  expect(text).toContain('-- ALTER TABLE report ALTER COLUMN code SET NOT NULL;');
  expect(text.split('\n').filter((l) => l.trim() && !l.startsWith('--'))).toEqual([]);
});

it('a new table is created with its keys, checks and list indexes, and the file takes the next number', async () => {
  const supplier: ResourceDef = {
    name: 'supplier',
    table: 'supplier',
    fields: {
      name: { type: 'text', required: true, unique: true },
      kind: { type: 'choice', choices: ['fresh', 'frozen'], required: true },
      create_time: { type: 'datetime', readOnly: true, notNull: true },
    },
    permissions: { list: 'supplier_list' },
    tenant: { integrator: 'integrator' },
    list: { sort: { field: 'create_time', order: 'DESC' } },
  };
  const [change, ...rest] = await schemaChanges(database.db, [...resources, supplier]);
  expect(rest).toEqual([]);
  expect(change.sql).toContain('CREATE TABLE supplier (');
  expect(change.sql).toContain("kind text NOT NULL CONSTRAINT supplier_kind_check CHECK (kind IN ('fresh', 'frozen'))");
  expect(change.sql).toContain('name text NOT NULL CONSTRAINT supplier_name_key UNIQUE');
  expect(change.sql).toContain(
    'integrator text NOT NULL CONSTRAINT supplier_integrator_fkey REFERENCES integrator(_id)',
  );
  expect(change.sql).toContain(
    'CREATE INDEX IF NOT EXISTS supplier_integrator_create_time ON supplier (integrator, create_time DESC, _id DESC);',
  );
  expect(nextFileName(['001_foundation.sql', '023_orders_time_id.sql', '031_other.sql'], 'add-supplier')).toBe(
    '032_add_supplier.sql',
  );
});

describe('permissions from declarations', () => {
  const stall: ResourceDef = {
    name: 'stall',
    table: 'stall',
    fields: { name: { type: 'text', required: true } },
    permissions: { list: 'stall_list', read: 'stall_list', add: 'stall_add', edit: 'stall_edit' },
    permissionGroup: 'dealer',
    grant: { stall_list: ['INTEGRATOR', 'DEALER'], stall_add: ['INTEGRATOR'], stall_edit: ['INTEGRATOR'] },
    list: { sort: { field: 'name', order: 'ASC' } },
    actions: { close: { permission: 'stall_close' } },
  };
  const roleHolds = async (role: string) =>
    (await database.db.selectFrom('role').select('authorizations').where('_id', '=', role).executeTakeFirstOrThrow())
      .authorizations;

  it('exist after start-up in their group, granted once as declared, even when processes start together', async () => {
    const before = { integrator: await roleHolds('integrator_admin'), dealer: await roleHolds('dealer_admin') };
    const made = await Promise.all([
      createDeclaredPermissions(database.db, [...resources, stall]),
      createDeclaredPermissions(database.db, [...resources, stall]),
    ]);
    expect(made.flat().sort()).toEqual(['stall_add', 'stall_close', 'stall_edit', 'stall_list']);
    // (their names come from the words: the test of docs/adding-an-entity.md reads them)
    const rows = await database.db
      .selectFrom('permission')
      .select(['_id', 'group'])
      .where('_id', 'like', 'stall_%')
      .orderBy('_id')
      .execute();
    expect(rows).toEqual(
      ['stall_add', 'stall_close', 'stall_edit', 'stall_list'].map((_id) => ({ _id, group: 'dealer' })),
    );
    expect(await roleHolds('integrator_admin')).toEqual([
      ...before.integrator,
      'stall_add',
      'stall_edit',
      'stall_list',
    ]);
    expect(await roleHolds('dealer_admin')).toEqual([...before.dealer, 'stall_list']);
  });

  it('never grant again what an administrator took away', async () => {
    await database.db
      .updateTable('role')
      .set({ authorizations: sql`array_remove(authorizations, 'stall_list')` })
      .where('_id', '=', 'dealer_admin')
      .execute();
    expect(await createDeclaredPermissions(database.db, [...resources, stall])).toEqual([]);
    expect(await roleHolds('dealer_admin')).not.toContain('stall_list');
  });
});

describe('typed access (server/db/schema: rows.ts derives the declared tables, hand.ts types the rest)', () => {
  // Every column hand.ts types, table by table: the compiler holds this list to HandTables (a column missing
  // here or unknown there fails the type check), the test holds it to the migrated database.
  const HAND: { [T in keyof HandTables]: { [C in keyof HandTables[T]]-?: true } } = {
    schema_migration: { name: true, applied_at: true },
    session: {
      token_hash: true,
      account: true,
      create_time: true,
      expire_time: true,
      last_seen: true,
      ip: true,
      user_agent: true,
      epoch: true,
    },
    account_totp: {
      account: true,
      secret: true,
      enabled: true,
      last_step: true,
      recovery: true,
      create_time: true,
      failed_codes: true,
    },
    totp_challenge: { challenge_hash: true, account: true, epoch: true, expire_time: true },
    login_throttle: { key: true, window_start: true, attempts: true },
    account_hold: {
      subject: true,
      step: true,
      window_start: true,
      failures: true,
      held_until: true,
      holds: true,
      known_ips: true,
    },
    security_event: { kind: true, subject: true, window_start: true, count: true, last_ip: true, last_time: true },
    role_preview: { token_hash: true, account: true, role: true, create_time: true, integrator: true, dealer: true },
    upload: {
      path: true,
      content_type: true,
      size: true,
      storage: true,
      account: true,
      integrator: true,
      dealer: true,
      create_time: true,
      sha256: true,
    },
    campaign_target: { campaign: true, seq: true, device: true, command: true, skipped: true, queued_at: true },
    import_job: {
      _id: true,
      resource: true,
      account: true,
      integrator: true,
      dealer: true,
      file_name: true,
      encoding: true,
      mode: true,
      partial: true,
      state: true,
      total: true,
      done: true,
      created: true,
      updated: true,
      unchanged: true,
      refused: true,
      errors: true,
      ignored: true,
      preview: true,
      create_time: true,
      finish_time: true,
    },
    import_row: { import: true, record: true, kind: true, before: true, version: true },
    saved_query: {
      _id: true,
      account: true,
      resource: true,
      name: true,
      filter: true,
      sort: true,
      is_default: true,
      create_time: true,
    },
    profit_share: {
      _id: true,
      order: true,
      integrator: true,
      dealer: true,
      status: true,
      amount: true,
      detail: true,
      time: true,
    },
    orders_daily: {
      dealer: true,
      day: true,
      integrator: true,
      orders: true,
      quantity: true,
      fee: true,
      refund_orders: true,
      refund_fee: true,
    },
    orders_day_version: { integrator: true, dealer: true, day: true, version: true },
    orders_products_daily: {
      integrator: true,
      dealer: true,
      day: true,
      code: true,
      name: true,
      quantity: true,
      fee: true,
    },
    orders_products_quarters: {
      integrator: true,
      dealer: true,
      day: true,
      code: true,
      name: true,
      quantity: true,
      fee: true,
    },
    orders_quarters: {
      integrator: true,
      dealer: true,
      day: true,
      device_type: true,
      orders: true,
      quantity: true,
      fee: true,
      refund_orders: true,
      refund_fee: true,
      sold_refund_fee: true,
    },
    telemetry: { device: true, metric: true, t: true, value: true },
    telemetry_hourly: { device: true, metric: true, hour: true, min: true, max: true, sum: true, count: true },
    telemetry_rule_state: { rule: true, device: true, breach_since: true, ok_since: true, value: true, alarm: true },
    visit_plan_day: { dealer: true, day: true, create_time: true },
    restock_line: {
      _id: true,
      integrator: true,
      dealer: true,
      code: true,
      name: true,
      type: true,
      devices: true,
      stock: true,
      warn_stock: true,
      version: true,
      reported: true,
      sold_out: true,
      urgency: true,
      empty_at: true,
      empty_order: true,
    },
  };

  it('types every table and view of the schema, column by column', async () => {
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'
         -- a partition is typed by its table (telemetry's days and months)
         AND table_name NOT IN (SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid)`.execute(
      database.db,
    );
    const actual: Record<string, string[]> = {};
    for (const r of rows) (actual[r.table_name] ??= []).push(r.column_name);
    const typed: Record<string, string[]> = Object.fromEntries(
      Object.entries(HAND).map(([t, cols]) => [t, Object.keys(cols)]),
    );
    for (const t of deriveSchema(resources)) typed[t.table] = t.columns.map((c) => c.name);
    const sorted = (m: Record<string, string[]>) =>
      Object.fromEntries(
        Object.keys(m)
          .sort()
          .map((t) => [t, [...m[t]].sort()]),
      );
    expect(sorted(actual)).toEqual(sorted(typed));
  });

  it('hands back JSON columns parsed, as their types say, on either engine', async () => {
    const order = await database.db
      .selectFrom('orders')
      .select(['products', 'pay', 'flow'])
      .where('pay', 'is not', null)
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(Array.isArray(order.products)).toBe(true);
    expect(order.products[0]).toMatchObject({ code: expect.any(String), quantity: expect.any(Number) });
    expect(order.pay).toMatchObject({ amount: expect.any(Number) });
    const product = await database.db
      .selectFrom('product')
      .select('properties')
      .where(sql<boolean>`jsonb_array_length(properties) > 0`)
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(product.properties[0]).toMatchObject({ code: expect.any(String), options: expect.any(Array) });
  });
});
