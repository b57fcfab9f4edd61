import { defineResource, tenantFields } from './types';

export const REPORT_STATUSES = ['open', 'in_progress', 'resolved'] as const;
export const REPORT_SOURCES = ['console', 'robot'] as const;
/** Photos a report holds at most (the server refuses more; the form offers no more). */
export const MAX_PHOTOS = 9;

/** Photos are paths in object storage: a short list of short strings. */
export function checkPhotos(v: unknown): { value?: string[]; error?: { key: string; args?: Record<string, number> } } {
  if (v === undefined || v === null) return { value: [] };
  if (
    !Array.isArray(v) ||
    v.length > MAX_PHOTOS ||
    v.some((p) => typeof p !== 'string' || p.length === 0 || p.length > 300)
  ) {
    return { error: { key: 'vf.service.error.photos', args: { max: MAX_PHOTOS } } };
  }
  return { value: v as string[] };
}

const { integrator, dealer } = tenantFields(
  { readOnly: true, filter: 'eq', notNull: true },
  { readOnly: true, filter: 'eq', list: true, sort: true },
);

// Fault reports: a robot, the fault (a code or free text), a description and photos; raised from the
// console or by the robot itself (POST /device-gateway/report); taken in hand, then resolved.
export default defineResource({
  name: 'report',
  table: 'report',
  title: 'fault',
  fields: {
    device: {
      type: 'reference',
      reference: 'device',
      required: true,
      createOnly: true,
      filter: 'eq',
      list: true,
      sort: true,
    },
    code: { type: 'text', max: 20, pattern: '^[A-Za-z0-9_.-]+$', search: true, list: true, sort: true },
    fault: { type: 'text', max: 100, search: true, list: true, sort: true },
    description: { type: 'text', required: true, min: 1, max: 2000, multiline: true, search: true },
    photos: { type: 'json', notNull: true, check: checkPhotos, input: 'photos', render: 'photos' },
    status: {
      type: 'choice',
      choices: REPORT_STATUSES,
      readOnly: true,
      filter: 'eq',
      list: true,
      sort: true,
      notNull: true,
    },
    source: {
      type: 'choice',
      choices: REPORT_SOURCES,
      readOnly: true,
      filter: 'eq',
      list: true,
      sort: true,
      notNull: true,
    },
    dealer,
    integrator,
    reporter: { type: 'text', readOnly: true },
    handler: { type: 'text', readOnly: true, filter: 'eq', list: true, sort: true },
    resolution: { type: 'text', readOnly: true },
    resolve_time: { type: 'datetime', readOnly: true },
    create_time: { type: 'datetime', readOnly: true, filter: 'range', list: true, sort: true, notNull: true },
  },
  columns: {
    update_time: { type: 'datetime', notNull: true },
  },
  permissions: { list: 'report_all', read: 'report_all', add: 'report_all', edit: 'report_all' },
  tenant: { integrator: 'integrator', dealer: 'dealer' },
  // a row opens the report's page (resolution, handler, photos)
  list: { sort: { field: 'create_time', order: 'DESC' }, open: 'show' },
  // a resolved report is closed: no edit (the server refuses one, 409)
  lockedWhen: { field: 'status', values: ['resolved'] },
  actions: {
    start: { bulk: true, permission: 'report_all', from: { field: 'status', values: ['open'] } },
    resolve: {
      permission: 'report_all',
      from: { field: 'status', values: ['open', 'in_progress'] },
      body: { resolution: { type: 'text', required: true, min: 1, max: 1000, multiline: true } },
    },
  },
  menu: { section: 'service', order: 20, icon: 'ReportProblem' },
});
