import { defineResource } from './types';

/** A customer-service phone: digits with the usual separators, an optional leading +. */
export const PHONE_PATTERN = '^\\+?[0-9][0-9 ()-]{3,22}[0-9]$';

/** How a brand's customers pay, and how they collect their food (docs/rules.md, Records). */
export const PAY_CHANNELS = ['wechat', 'alipay', 'sandbox'] as const;
export const PICKUP_MODES = ['code', 'screen'] as const;

// Brands (integrators): what their robots show (logo, waiting-screen poster, customer-service QR code and
// phone), how they are paid and notified, and how customers pick up their food.
export default defineResource({
  name: 'integrator',
  table: 'integrator',
  title: 'name',
  fields: {
    name: { type: 'text', required: true, min: 4, max: 30, unique: true, search: true, list: true, sort: true },
    description: {
      type: 'text',
      required: true,
      min: 4,
      max: 100,
      multiline: true,
      search: true,
      list: true,
      sort: true,
    },
    logo: { type: 'image', max: 300, list: true },
    poster: { type: 'image', max: 300 },
    service_qr: { type: 'image', max: 300 },
    service_phone: {
      type: 'text',
      max: 24,
      pattern: PHONE_PATTERN,
      patternMessage: 'vf.fleet.error.phone',
      list: true,
      sort: true,
    },
    location: { type: 'text', max: 100, search: true },
    // settings forms: each key validated like a field (other keys dropped), labels `subLabel()` in i18n/features/vocab.ts
    pay_info: {
      type: 'json',
      fields: {
        channel: { type: 'choice', choices: PAY_CHANNELS },
        merchant_id: { type: 'text', max: 32, pattern: '^[A-Za-z0-9_-]+$' },
        app_id: { type: 'text', max: 32, pattern: '^[A-Za-z0-9_-]+$' },
      },
    },
    notify_info: {
      type: 'json',
      fields: {
        email: { type: 'email', max: 100 },
        phone: { type: 'text', max: 24, pattern: PHONE_PATTERN, patternMessage: 'vf.fleet.error.phone' },
        webhook: { type: 'text', max: 300, pattern: '^https://[^\\s]+$', patternMessage: 'vf.vocab.error.https' },
      },
    },
    pickup_config: {
      type: 'json',
      fields: {
        mode: { type: 'choice', choices: PICKUP_MODES },
        code_length: { type: 'number', min: 4, max: 8 },
        pickup_minutes: { type: 'number', min: 1, max: 240 },
      },
    },
    create_time: { type: 'datetime', readOnly: true, list: true, sort: true, filter: 'range', notNull: true },
  },
  columns: {
    update_time: { type: 'datetime', notNull: true },
  },
  permissions: { list: 'integrator_list', read: 'integrator_list', add: 'integrator_add', edit: 'integrator_edit' },
  tenant: { integrator: '_id' },
  list: { sort: { field: 'create_time', order: 'DESC' } },
  menu: { section: 'fleet', order: 10, icon: 'Storefront' },
});
