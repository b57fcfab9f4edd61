// A throw-away resource, declared only here, to prove that a declaration alone gives working endpoints
// and screens. Its table is made by the test, not by a migration.
import { sql } from 'kysely';
import { defineResource } from '../../resources/types';
import type { DB } from '../../server/db';

export const widget = defineResource({
  name: 'widget',
  table: 'test_widget',
  title: 'name',
  fields: {
    name: { type: 'text', required: true, min: 3, max: 12, search: true, list: true, unique: true },
    size: { type: 'choice', choices: ['S', 'M', 'L'], required: true, filter: 'eq', list: true },
    price: { type: 'money', min: 0, list: true },
    dealer: { type: 'reference', reference: 'dealer', required: true, list: true, filter: 'eq' },
    create_time: { type: 'datetime', readOnly: true, list: true },
  },
  permissions: {
    list: 'dealer_list',
    read: 'dealer_list',
    add: 'dealer_add',
    edit: 'dealer_edit',
    delete: 'dealer_edit',
  },
  tenant: { integrator: 'integrator', dealer: 'dealer' },
  list: { sort: { field: 'name', order: 'ASC' } },
  actions: {
    shrink: { permission: 'dealer_edit', from: { field: 'size', values: ['M', 'L'] }, set: { size: 'S' } },
    grow: { permission: 'dealer_edit', except: { field: 'size', values: ['L'] }, set: { size: 'L' } },
  },
});

export async function createWidgetTable(db: DB) {
  await sql`CREATE TABLE IF NOT EXISTS test_widget (
    _id text PRIMARY KEY, name text NOT NULL UNIQUE, size text NOT NULL, price integer,
    integrator text NOT NULL REFERENCES integrator(_id), dealer text NOT NULL REFERENCES dealer(_id),
    create_time timestamptz NOT NULL DEFAULT now(), version integer NOT NULL DEFAULT 1)`.execute(db);
}
