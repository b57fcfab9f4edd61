import { defineResource, type FieldDef, tenantFields } from './types';

export const LECODE_STATUSES = ['CREATED', 'SOLD', 'WRITEOFF', 'DELETE'] as const;
/** docs/rules.md: prefix, two upper-case letters, two lower-case, two digits (shuffled), suffix (a check character). */
export const LECODE_PREFIX = 'LE';
const CHECK_ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** The suffix: a check character over the six middle characters, so a mistyped code is told apart early. */
export function lecodeCheck(middle: string): string {
  let sum = 0;
  for (let i = 0; i < middle.length; i++) sum = (sum * 31 + middle.charCodeAt(i)) % 1_000_003;
  return CHECK_ALPHABET[sum % CHECK_ALPHABET.length];
}
/** Whether a string has the voucher code's shape: prefix, 2 upper + 2 lower + 2 digits in any order, check suffix. */
export function isLecode(code: string): boolean {
  if (code.length !== LECODE_PREFIX.length + 7 || !code.startsWith(LECODE_PREFIX)) return false;
  const middle = code.slice(LECODE_PREFIX.length, -1);
  const count = (re: RegExp) => (middle.match(re) ?? []).length;
  return count(/[A-Z]/g) === 2 && count(/[a-z]/g) === 2 && count(/[0-9]/g) === 2 && code.endsWith(lecodeCheck(middle));
}
export const MAX_BATCH = 10_000;

const { integrator, dealer } = tenantFields(
  { readOnly: true, filter: 'eq', notNull: true },
  { readOnly: true, filter: 'eq', list: true, sort: true, notNull: true },
);

// Vouchers. Generated in batches (POST /lecode/generate), written off once by a robot of their store
// (POST /device-gateway/lecode/writeoff); the console sells and voids them.
export default defineResource({
  name: 'lecode',
  table: 'lecode',
  title: 'code',
  fields: {
    code: { type: 'text', readOnly: true, unique: true, search: true, list: true, sort: true, notNull: true },
    batch: { type: 'text', readOnly: true, filter: 'eq', search: true, list: true, sort: true, notNull: true },
    status: {
      type: 'choice',
      choices: LECODE_STATUSES,
      readOnly: true,
      filter: 'eq',
      list: true,
      sort: true,
      notNull: true,
    },
    product: {
      type: 'reference',
      reference: 'product',
      readOnly: true,
      filter: 'eq',
      list: true,
      sort: true,
      notNull: true,
    },
    quantity: { type: 'number', readOnly: true, list: true, sort: true, notNull: true },
    valid_from: { type: 'datetime', readOnly: true, list: true, sort: true, notNull: true },
    valid_to: { type: 'datetime', readOnly: true, filter: 'range', list: true, sort: true, notNull: true },
    details: { type: 'text', readOnly: true, search: true, notNull: true },
    integrator,
    dealer,
    writeofftimestamp: { type: 'datetime', readOnly: true, filter: 'range', list: true, sort: true },
    writeoff_device: { type: 'reference', reference: 'device', readOnly: true },
    writeoff_order: { type: 'text', readOnly: true },
    create_time: { type: 'datetime', readOnly: true, filter: 'range', notNull: true },
  },
  permissionGroup: 'voucher',
  permissions: { list: 'lecode_list', read: 'lecode_list' },
  tenant: { integrator: 'integrator', dealer: 'dealer' },
  // "Generate vouchers": a batch is not one record, so it is a dialog of its own (POST /lecode/generate)
  list: { sort: { field: 'create_time', order: 'DESC' }, toolbar: ['lecode.generate'] },
  actions: {
    sell: {
      bulk: true,
      permission: 'lecode_add',
      from: { field: 'status', values: ['CREATED'] },
      set: { status: 'SOLD' },
    },
    void: {
      bulk: true,
      permission: 'lecode_void',
      confirm: true,
      from: { field: 'status', values: ['CREATED', 'SOLD'] },
      set: { status: 'DELETE' },
    },
  },
  menu: { section: 'marketing', order: 10, icon: 'ConfirmationNumber' },
});

/** The body of POST /lecode/generate, validated like fields. */
export const GENERATE_FIELDS: Record<string, FieldDef> = {
  count: { type: 'number', required: true, min: 1, max: MAX_BATCH },
  product: { type: 'reference', reference: 'product', required: true, max: 200 },
  quantity: { type: 'number', min: 1, max: 99, default: 1 },
  valid_from: { type: 'datetime', required: true },
  valid_to: { type: 'datetime', required: true },
  details: { type: 'text', max: 200, multiline: true },
};
