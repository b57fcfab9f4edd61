// react-admin's dataProvider over docs/api.md: POST R/list, GET R/detail/{id}, POST R/add|edit|delete|<action>.
// Paths come from the declarations, so the old console's paths (/user/profile/{id} …) are not repeated here.
import type { DataProvider, RaRecord } from 'react-admin';
import { findResource, callPath } from '../../resources';
import { api } from './http';
import { DEFAULT_PAGE_SIZE } from '../../resources/limits';

type Rec = Record<string, unknown> & { _id?: string };
const withId = <T extends Rec>(r: T) => ({ ...r, id: r._id as string }) as T & RaRecord;

function path(resource: string, verb: string, id?: string | number): string {
  const def = findResource(resource);
  const p = def ? callPath(def, verb) : verb === 'read' ? `/${resource}/detail/:id` : `/${resource}/${verb}`;
  return id === undefined ? p : p.replace(':id', encodeURIComponent(String(id)));
}

function bodyOf(data: Record<string, unknown>) {
  const { id: _omit, ...rest } = data;
  return rest;
}

/**
 * Where each page ended, per list (resource, filter, sort, page size): the next page then starts after that
 * row (docs/api.md: `after`, keyset paging) instead of skipping every row before it. Pages reached by a jump go by
 * number. A few lists are remembered; a changed filter or sort is another list.
 */
const pageEnds = new Map<string, Map<number, string>>();
const MAX_LISTS = 20;

function endsOf(key: string) {
  let ends = pageEnds.get(key);
  if (!ends) {
    if (pageEnds.size >= MAX_LISTS) pageEnds.delete(pageEnds.keys().next().value!);
    pageEnds.set(key, (ends = new Map()));
  }
  return ends;
}

export interface VendFleetDataProvider extends DataProvider {
  /** a declared action, e.g. action('user', 'freeze', { _id }) */
  action<T = Rec>(resource: string, name: string, body: Record<string, unknown>): Promise<T>;
}

export const dataProvider: VendFleetDataProvider = {
  async getList(resource, { pagination, sort, filter, meta }) {
    // `meta.fields`: the columns a list screen shows, all it asks for (docs/api.md); react-admin keeps such rows
    // under the list's meta, apart from the records a show or edit page reads
    const fields = (meta as { fields?: string[] } | undefined)?.fields;
    const body = {
      page: pagination?.page ?? 1,
      pageSize: pagination?.perPage ?? DEFAULT_PAGE_SIZE,
      sort: sort?.field ? { field: sort.field === 'id' ? '_id' : sort.field, order: sort.order } : undefined,
      filter,
      ...(fields ? { fields } : {}),
    };
    const ends = endsOf(JSON.stringify([resource, body.pageSize, body.sort, filter]));
    const after = body.page > 1 ? ends.get(body.page - 1) : undefined;
    const res = await api<{ list: Rec[]; total: number; total_estimated?: boolean; next?: string }>(
      'POST',
      path(resource, 'list'),
      after ? { ...body, after } : body,
    );
    if (res.next) ends.set(body.page, res.next);
    // a long list's total is the database's estimate (docs/api.md); the pagination then says "about"
    return {
      data: res.list.map(withId) as never,
      total: res.total,
      meta: res.total_estimated ? { totalEstimated: true } : undefined,
    };
  },
  async getOne(resource, { id }) {
    return { data: withId(await api<Rec>('GET', path(resource, 'read', id))) as never };
  },
  async getMany(resource, { ids }) {
    if (ids.length === 0) return { data: [] };
    const res = await api<{ list: Rec[] }>('POST', path(resource, 'list'), {
      page: 1,
      pageSize: ids.length,
      filter: { _id: ids.map(String) },
    });
    return { data: res.list.map(withId) as never };
  },
  async getManyReference(resource, { target, id, pagination, sort, filter }) {
    return dataProvider.getList(resource, { pagination, sort, filter: { ...filter, [target]: id } });
  },
  async create(resource, { data }) {
    return { data: withId(await api<Rec>('POST', path(resource, 'add'), bodyOf(data))) as never };
  },
  async update(resource, { id, data }) {
    const body = { ...bodyOf(data as Record<string, unknown>), _id: String(id) };
    return { data: withId(await api<Rec>('POST', path(resource, 'edit', id), body)) as never };
  },
  async updateMany(resource, { ids, data }) {
    for (const id of ids) await dataProvider.update(resource, { id, data, previousData: {} as never });
    return { data: ids };
  },
  async delete(resource, { id }) {
    await api('POST', path(resource, 'delete'), { _id: String(id) });
    return { data: { id } as never };
  },
  async deleteMany(resource, { ids }) {
    for (const id of ids) await api('POST', path(resource, 'delete'), { _id: String(id) });
    return { data: ids };
  },
  async action<T>(resource: string, name: string, body: Record<string, unknown>) {
    const res = await api<Rec>('POST', path(resource, name), body);
    return (res && typeof res === 'object' && '_id' in res ? withId(res) : res) as T;
  },
};
