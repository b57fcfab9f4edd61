// Saved filters (docs/api.md "Declared resources"): a list's filter and sort under a name, stored per account so they
// follow the user to any browser, one of them the list's default. Only the owner ever sees or changes them, and only
// for lists the owner may read; a filter is checked by the list's own rules before it is kept.
//   POST /api/saved_query/list    { resource }                               → [{ _id, name, filter, sort, is_default }]
//   POST /api/saved_query/add     { resource, name, filter, sort?, is_default? } → the saved filter
//   POST /api/saved_query/default { _id, is_default }                        → the saved filter
//   POST /api/saved_query/delete  { _id }                                    → { _id }
import { route, obj, str, bool, anyObject, type EdgePlugin } from '../../http/schema';
import type { DB } from '../../db';
import type { CallContext } from '../../auth/context';
import { ctxOf } from '../../auth/plugin';
import { requirePermission } from '../../auth/permissions';
import { ok } from '../../http/envelope';
import { badRequest, conflict, notFound } from '../../http/errors';
import { newId, writeLog } from '../../log';
import { findResource } from '../../../resources';
import * as rows from './queries';
import { sortOf } from '../../crud/query';
import { whereOf } from '../../crud/filters';
import type { HookBook } from '../../crud/hooks';
import type { Feature } from '../feature';

/** What the operation log keeps of a saved filter: the words a reader knows it by (labelled in vf.oplog). */
const logged = (q: { resource: string; name: string; filter: unknown; sort: unknown; is_default: boolean }) => ({
  name: q.name,
  resource: q.resource,
  filter: q.filter,
  sort: q.sort,
  is_default: q.is_default,
});

/** enough for any list's filters; more is not a filter */
const MAX_FILTER_BYTES = 4000;
const MAX_PER_LIST = 50;

type Body = Record<string, unknown>;

/** A declared list the caller may read. */
function listOf(ctx: CallContext, resource: unknown) {
  const def = typeof resource === 'string' ? findResource(resource) : undefined;
  if (!def || !def.permissions.list) throw badRequest('vf.operator.saved.error.resource');
  requirePermission(ctx.user, def.permissions.list);
  return def;
}

const tags = ['saved_query'];
const saved = obj({
  _id: str(),
  resource: str(),
  name: str(),
  filter: anyObject(),
  sort: { type: ['object', 'null'] },
  is_default: bool(),
  create_time: str(),
});

export const savedQueryRoutes: EdgePlugin<{ db: DB; hooks: HookBook }> = async (app, { db, hooks }) => {
  const own = (q: DB, ctx: CallContext, id: unknown) => {
    if (typeof id !== 'string' || id.length === 0 || id.length > 200) throw notFound();
    return rows.own(q, ctx.user._id, id);
  };

  app.post(
    '/api/saved_query/list',
    {
      schema: route({
        tags,
        summary: "One's saved filters of a list",
        body: obj({ resource: str('the list') }, ['resource']),
        data: { type: 'array', items: saved },
      }),
    },
    async (req) => {
      const ctx = ctxOf(req);
      const def = listOf(ctx, req.body.resource);
      return ok(await rows.listOf(db, ctx.user._id, def.name));
    },
  );

  app.post(
    '/api/saved_query/add',
    {
      schema: route({
        tags,
        summary: "Save a list's filter and sort under a name (checked by the list's own rules)",
        body: obj(
          {
            resource: str('the list'),
            name: str(undefined, { minLength: 1, maxLength: 40, 'x-trim': true }),
            filter: anyObject("the list's filter"),
            sort: anyObject('{ field, order }'),
            is_default: bool('apply it when the list opens without a filter'),
          },
          ['resource', 'name'],
        ),
        data: saved,
      }),
    },
    async (req) => {
      const ctx = ctxOf(req);
      const body = req.body;
      const def = listOf(ctx, body.resource);
      const name = body.name; // trimmed, 1 to 40 characters (the edge)
      const filter = body.filter ?? {};
      if (JSON.stringify(filter).length > MAX_FILTER_BYTES) {
        throw badRequest('vf.operator.saved.error.filter');
      }
      // the list's own rules: an unknown field, a malformed value or a sort the list does not offer is refused now,
      // not when the filter is applied later
      rows.compileFilter(db, def.table, whereOf(def, ctx, filter as Body, hooks.of(def.name).filters));
      const sort = body.sort === undefined || body.sort === null ? null : sortOf(def, { sort: body.sort as Body });
      const isDefault = body.is_default === true;
      const saved = await db.transaction().execute(async (trx) => {
        if ((await rows.countOf(trx, ctx.user._id, def.name)) >= MAX_PER_LIST)
          throw conflict('vf.operator.saved.error.too_many', { max: MAX_PER_LIST });
        if (isDefault) await rows.clearDefault(trx, ctx.user._id, def.name);
        const row = await rows.insert(trx, {
          _id: newId(),
          account: ctx.user._id,
          resource: def.name,
          name,
          filter: JSON.stringify(filter),
          sort: sort ? JSON.stringify({ field: sort.field, order: sort.order.toUpperCase() }) : null,
          is_default: isDefault,
        });
        if (!row) throw conflict('vf.operator.saved.error.duplicate', { name });
        await writeLog(trx, ctx, { action: 'add', resource: 'saved_query', record: row._id, after: logged(row) });
        return row;
      });
      return ok(saved);
    },
  );

  app.post(
    '/api/saved_query/default',
    {
      schema: route({
        tags,
        summary: "Make a saved filter the list's default, or not",
        body: obj({ _id: str(), is_default: bool() }, ['_id', 'is_default']),
        data: saved,
      }),
    },
    async (req) => {
      const ctx = ctxOf(req);
      const body = req.body;
      const saved = await db.transaction().execute(async (trx) => {
        const existing = await own(trx, ctx, body._id).forUpdate().executeTakeFirst();
        if (!existing) throw notFound();
        // one default per list: the others step down in the same transaction
        if (body.is_default) await rows.clearDefault(trx, ctx.user._id, existing.resource);
        const row = await rows.setDefault(trx, existing._id, body.is_default === true);
        await writeLog(trx, ctx, {
          action: 'default',
          resource: 'saved_query',
          record: row._id,
          before: logged(existing),
          after: logged(row),
        });
        return row;
      });
      return ok(saved);
    },
  );

  app.post(
    '/api/saved_query/delete',
    {
      schema: route({
        tags,
        summary: 'Delete a saved filter',
        body: obj({ _id: str() }, ['_id']),
        data: obj({ _id: str() }),
      }),
    },
    async (req) => {
      const ctx = ctxOf(req);
      const body = req.body;
      return ok(
        await db.transaction().execute(async (trx) => {
          const existing = await own(trx, ctx, body._id).executeTakeFirst();
          if (!existing) throw notFound();
          await rows.remove(trx, existing._id);
          await writeLog(trx, ctx, {
            action: 'delete',
            resource: 'saved_query',
            record: existing._id,
            before: logged(existing),
          });
          return { _id: existing._id };
        }),
      );
    },
  );
};

export const savedQueries: Feature = {
  name: 'savedQueries',
  register: (app, { db, hooks }) => app.register(savedQueryRoutes, { db, hooks }),
  owns: ['saved_query'],
};
