import { defineResource, type FieldDef, tenantFields } from './types';
import { isObject } from './validate';
import { ROBOT_TYPES } from './device';

/** What copying products to one target store did (`POST /api/product/copy`, one per target): the server builds
 * it (server/features/catalog/index.ts), the copy page shows it (src/pages/CopyProductsPage.tsx). */
export interface CopyResult {
  target: string;
  target_name: string | null;
  copied: number;
  skipped: number;
  failed: number;
  /** why the target failed, in the caller's language */
  reason?: string;
  /** codes copied and skipped (already present) */
  copied_codes: string[];
  skipped_codes: string[];
}

/** `POST /api/product/copy`: the source store, how many of its products were asked for, and each target's result. */
export interface CopyAnswer {
  source: string;
  products: number;
  results: CopyResult[];
}

/** Codes name products, properties and options on the robots: letters, digits, _ - . only. */
export const CODE_PATTERN = '^[A-Za-z0-9_.-]+$';
export const MAX_PRICE_CENTS = 10_000_000;
export const MAX_STOCK = 1_000_000;
export const MAX_PROPERTIES = 20;
export const MAX_OPTIONS = 30;

/** The fields a product shares with a template (docs/rules.md, Records). */
export const productShape = {
  code: {
    type: 'text',
    required: true,
    min: 2,
    max: 20,
    pattern: CODE_PATTERN,
    patternMessage: 'vf.catalog.validation.code',
    search: true,
    filter: 'eq',
    list: true,
    sort: true,
  },
  name: { type: 'text', required: true, min: 2, max: 20, search: true, list: true, sort: true },
  sub_name: { type: 'text', max: 40, search: true },
  price: { type: 'money', required: true, min: 0, max: MAX_PRICE_CENTS, list: true, sort: true, filter: 'range' },
  type: { type: 'choice', choices: ROBOT_TYPES, required: true, filter: 'eq', list: true, sort: true },
  description: { type: 'text', max: 200, multiline: true },
  image: { type: 'image', max: 300 },
  buy_limit: { type: 'number', min: 1, max: 99 },
  warn_stock: { type: 'number', min: 0, max: MAX_STOCK, default: 0 },
  number: { type: 'number', required: true, min: 0, max: 9999 },
  /** [{ code, name, hide, options: [{ code, name, price (cents), type }] }]: nested lists in the form */
  properties: { type: 'json', default: [], check: checkProperties, input: 'properties' },
  hide: { type: 'boolean', default: false, list: true, sort: true, filter: 'eq' },
} satisfies Record<string, FieldDef>;

const { integrator, dealer } = tenantFields(
  { readOnly: true, filter: 'eq', notNull: true },
  { required: true, createOnly: true, filter: 'eq', list: true, sort: true },
);

// Products of a store. Stock changes only through the stock / restock actions and sales (atomic, logged).
export default defineResource({
  name: 'product',
  table: 'product',
  title: 'name',
  fields: {
    ...productShape,
    dealer,
    integrator,
    devices: {
      type: 'references',
      reference: 'device',
      max: 200,
      notNull: true,
      sameAs: { field: 'dealer', message: 'vf.catalog.validation.other_store' },
    },
    price: { ...productShape.price, bulkEdit: true },
    hide: { ...productShape.hide, bulkEdit: true },
    warn_stock: { ...productShape.warn_stock, list: true, sort: true, bulkEdit: true },
    stock: {
      type: 'number',
      min: -1,
      max: MAX_STOCK,
      default: -1,
      createOnly: true,
      list: true,
      sort: true,
      filter: 'range',
    },
    freeze: { type: 'boolean', readOnly: true, list: true, sort: true, filter: 'eq', notNull: true },
    create_time: { type: 'datetime', readOnly: true, filter: 'range', notNull: true },
  },
  columns: {
    update_time: { type: 'datetime', notNull: true },
    // when stock was last counted or refilled: older robot stock reports no longer put it on the restock list
    restock_time: { type: 'datetime' },
  },
  permissions: { list: 'product_list', read: 'product_read', add: 'product_add', edit: 'product_edit' },
  tenant: { integrator: 'integrator', dealer: 'dealer' },
  import: { key: ['dealer', 'code'] },
  list: {
    sort: { field: 'create_time', order: 'DESC' },
    // on a phone: what it is and costs, where it is sold, how much is left
    card: { primary: 'name', secondary: ['code', 'price'], tertiary: ['dealer', 'stock'], status: ['freeze'] },
  },
  actions: {
    stock: {
      permission: 'product_stock',
      body: { stock: { type: 'number', required: true, min: -1, max: MAX_STOCK } },
    },
    restock: {
      permission: 'product_stock',
      body: { quantity: { type: 'number', required: true, min: 1, max: MAX_STOCK } },
    },
    freeze: {
      bulk: true,
      permission: 'product_edit',
      confirm: true,
      from: { field: 'freeze', values: [false] },
      set: { freeze: true },
    },
    unfreeze: {
      bulk: true,
      permission: 'product_edit',
      from: { field: 'freeze', values: [true] },
      set: { freeze: false },
    },
  },
  menu: { section: 'catalog', order: 10, icon: 'Inventory' },
});

export interface ProductOption {
  code: string;
  name: string;
  /** cents */
  price: number;
  type?: string | null;
}
export interface ProductProperty {
  code: string;
  name: string;
  hide: boolean;
  options: ProductOption[];
}

type NestedError = { key: string; args?: Record<string, string | number> };

const nestedText = (v: unknown, min: number, max: number) =>
  typeof v === 'string' && [...v.trim()].length >= min && [...v.trim()].length <= max;

/**
 * Checks and cleans the nested properties and options of a product or template. The server runs it on every
 * write and the form runs it too, so both say the same (positions are counted from 1).
 */
export function checkProperties(value: unknown): { value?: ProductProperty[]; error?: NestedError } {
  if (value === undefined || value === null) return { value: [] };
  if (!Array.isArray(value)) return { error: { key: 'vf.catalog.validation.properties' } };
  if (value.length > MAX_PROPERTIES)
    return { error: { key: 'vf.validation.max_items', args: { max: MAX_PROPERTIES } } };
  const out: ProductProperty[] = [];
  const seen = new Set<string>();
  for (const [i, p] of value.entries()) {
    const n = i + 1;
    if (!isObject(p)) return { error: { key: 'vf.catalog.validation.properties' } };
    const prop = p;
    if (!nestedText(prop.code, 2, 20) || !new RegExp(CODE_PATTERN).test(String(prop.code).trim())) {
      return { error: { key: 'vf.catalog.validation.property_code', args: { n } } };
    }
    if (!nestedText(prop.name, 2, 20)) return { error: { key: 'vf.catalog.validation.property_name', args: { n } } };
    const code = String(prop.code).trim();
    if (seen.has(code)) return { error: { key: 'vf.catalog.validation.property_duplicate', args: { n, code } } };
    seen.add(code);
    if (prop.hide !== undefined && prop.hide !== null && typeof prop.hide !== 'boolean') {
      return { error: { key: 'vf.catalog.validation.properties' } };
    }
    const rawOptions = prop.options ?? [];
    if (!Array.isArray(rawOptions)) return { error: { key: 'vf.catalog.validation.properties' } };
    if (rawOptions.length > MAX_OPTIONS)
      return { error: { key: 'vf.validation.max_items', args: { max: MAX_OPTIONS } } };
    const options: ProductOption[] = [];
    const seenOptions = new Set<string>();
    for (const [j, o] of rawOptions.entries()) {
      const m = j + 1;
      if (!isObject(o)) return { error: { key: 'vf.catalog.validation.properties' } };
      const opt = o;
      if (!nestedText(opt.code, 2, 20) || !new RegExp(CODE_PATTERN).test(String(opt.code).trim())) {
        return { error: { key: 'vf.catalog.validation.option_code', args: { n, m } } };
      }
      if (!nestedText(opt.name, 2, 20)) return { error: { key: 'vf.catalog.validation.option_name', args: { n, m } } };
      const price = opt.price ?? 0;
      if (typeof price !== 'number' || !Number.isSafeInteger(price) || price < 0 || price > MAX_PRICE_CENTS) {
        return { error: { key: 'vf.catalog.validation.option_price', args: { n, m } } };
      }
      const ocode = String(opt.code).trim();
      if (seenOptions.has(ocode))
        return { error: { key: 'vf.catalog.validation.option_duplicate', args: { n, code: ocode } } };
      seenOptions.add(ocode);
      if (opt.type !== undefined && opt.type !== null && (typeof opt.type !== 'string' || opt.type.length > 20)) {
        return { error: { key: 'vf.catalog.validation.option_type', args: { n, m } } };
      }
      options.push({
        code: ocode,
        name: String(opt.name).trim(),
        price,
        type: typeof opt.type === 'string' && opt.type.trim() ? opt.type.trim() : null,
      });
    }
    out.push({ code, name: String(prop.name).trim(), hide: prop.hide === true, options });
  }
  return { value: out };
}
