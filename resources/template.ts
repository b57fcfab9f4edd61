import { defineResource } from './types';
import { productShape } from './product';

// Product templates of a brand: the product's shape without store, robots or stock. Stores import them
// into the product form (after a confirmation, since importing overwrites what was typed).
export default defineResource({
  name: 'template',
  table: 'template',
  title: 'name',
  fields: {
    integrator: {
      type: 'reference',
      reference: 'integrator',
      required: true,
      createOnly: true,
      filter: 'eq',
      list: true,
      sort: true,
    },
    ...productShape,
    create_time: { type: 'datetime', readOnly: true, filter: 'range', notNull: true },
  },
  columns: {
    update_time: { type: 'datetime', notNull: true },
  },
  permissionGroup: 'product',
  permissions: { list: 'template_list', read: 'template_list', add: 'template_add', edit: 'template_edit' },
  tenant: { integrator: 'integrator' },
  import: { key: ['integrator', 'code'] },
  list: { sort: { field: 'create_time', order: 'DESC' } },
  menu: { section: 'catalog', order: 20, icon: 'ViewQuilt' },
});
