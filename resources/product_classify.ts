import { defineResource, tenantFields } from './types';

const { integrator, dealer } = tenantFields(
  { readOnly: true, notNull: true, filter: 'eq', list: true, sort: true },
  {
    required: true,
    createOnly: true,
    createOnlyMessage: 'vf.catalog.error.group_store',
    filter: 'eq',
    list: true,
    sort: true,
  },
);

// Product groups of a store: the robots' menu shows the online groups by sortIndex, each with its products
// in the order of `products`. A group's store is fixed once created (docs/rules.md, Validation: `createOnly`).
export default defineResource({
  name: 'product_classify',
  table: 'product_classify',
  title: 'name',
  fields: {
    name: { type: 'text', required: true, min: 1, max: 20, search: true, list: true, sort: true },
    tag: { type: 'text', required: true, min: 1, max: 20, search: true, list: true, sort: true },
    sortIndex: { type: 'number', required: true, min: 1, max: 999, list: true, sort: true },
    // the store's brand, filled in by the server (a store account cannot list brands)
    integrator,
    dealer,
    // offered from the group's store only, kept in the order chosen (the robots' menu order)
    products: {
      type: 'references',
      reference: 'product',
      max: 200,
      notNull: true,
      sameAs: { field: 'dealer', message: 'vf.catalog.validation.other_store' },
    },
    hide: { type: 'boolean', default: false, list: true, sort: true, filter: 'eq' },
    online: { type: 'boolean', readOnly: true, list: true, sort: true, filter: 'eq', notNull: true },
    create_time: { type: 'datetime', readOnly: true, list: true, sort: true, filter: 'range', notNull: true },
  },
  columns: {
    update_time: { type: 'datetime', notNull: true },
  },
  permissionGroup: 'product',
  permissions: {
    list: 'product_classify_list',
    read: 'product_classify_list',
    add: 'product_classify_add',
    edit: 'product_classify_edit',
    delete: 'product_classify_delete',
  },
  tenant: { integrator: 'integrator', dealer: 'dealer' },
  list: { sort: { field: 'sortIndex', order: 'ASC' } },
  actions: {
    publish: {
      bulk: true,
      permission: 'product_classify_edit',
      confirm: true,
      from: { field: 'online', values: [false] },
      set: { online: true },
    },
    withdraw: {
      bulk: true,
      permission: 'product_classify_edit',
      confirm: true,
      from: { field: 'online', values: [true] },
      set: { online: false },
    },
  },
  menu: { section: 'catalog', order: 30, icon: 'Category' },
});
