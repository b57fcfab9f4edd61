import { defineResource, tenantFields } from './types';

const { integrator, dealer } = tenantFields(
  { readOnly: true, filter: 'eq', notNull: true },
  { readOnly: true, filter: 'eq', list: true, sort: true },
);

// Customer-service Q&A history: what customers asked the robots and what they were answered.
// Robots write it (POST /device-gateway/chatchat); the console only reads and searches it.
export default defineResource({
  name: 'chatchat',
  table: 'chatchat',
  title: 'question',
  fields: {
    create_time: { type: 'datetime', readOnly: true, filter: 'range', list: true, sort: true, notNull: true },
    device: { type: 'reference', reference: 'device', readOnly: true, filter: 'eq', list: true, sort: true },
    dealer,
    integrator,
    // long questions and answers are cut to three lines in the list, so a page of them can be scanned
    question: {
      type: 'text',
      required: true,
      min: 1,
      max: 2000,
      multiline: true,
      search: true,
      list: true,
      sort: true,
      render: 'clamp',
    },
    answer: {
      type: 'text',
      required: true,
      min: 1,
      max: 4000,
      multiline: true,
      search: true,
      list: true,
      sort: true,
      render: 'clamp',
    },
    language: {
      type: 'text',
      max: 16,
      pattern: '^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})?$',
      filter: 'eq',
      list: true,
      sort: true,
    },
  },
  permissionGroup: 'chatterbot',
  permissions: { list: 'chatchat_history', read: 'chatchat_history' },
  tenant: { integrator: 'integrator', dealer: 'dealer' },
  list: { sort: { field: 'create_time', order: 'DESC' } },
  menu: { section: 'service', order: 10, icon: 'Forum' },
});
