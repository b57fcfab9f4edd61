// The engine's routes for every declared resource, from its declaration: list, export, read, add, edit, delete,
// bulk and actions, each handed to the module doing that job (query, write, actions, bulk, lines, export) with the
// resource's hooks from the one book the app was built with.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { DB } from '../db';
import { callPath, type ResourceDef } from '../../resources/types';
import { ctxOf } from '../auth/plugin';
import { knownError, messageOf, ok, requestLang } from '../http/envelope';
import { bulkVerbs } from '../../resources/bulk';
import type { BulkAnswer, BulkRowResult } from '../../resources/limits';
import { bulk } from './bulk';
import { actOnLines } from './lines';
import { exportList, sendFile } from './export';
import { importRoutes } from './importRoutes';
import { list, read } from './query';
import { create, remove, update } from './write';
import { act } from './actions';
import type { HookBook, Served } from './hooks';
import { resourceSchemas, type BulkBody } from './schema';

const fastifyPath = (p: string) => `/api${p}`;

/** Every declared resource's routes, as one plugin (server/app.ts registers it with the app's hooks). */
export const resourceRoutes: FastifyPluginAsync<{
  db: DB;
  resources: readonly ResourceDef[];
  hooks: HookBook;
}> = async (app, { db, resources, hooks }) => {
  for (const def of resources) registerResource(app, db, { def, hooks: hooks.of(def.name) });
  // spreadsheets in (server/crud/importRoutes.ts): a plugin of their own, the only ones taking multipart bodies
  await app.register(importRoutes, { db, resources, hooks });
};

export function registerResource(app: FastifyInstance, db: DB, served: Served) {
  const { def } = served;
  const config = { resource: def.name };
  const schemas = resourceSchemas(def);
  const p = (verb: string) => fastifyPath(callPath(def, verb));
  if (def.permissions.list) {
    app.post(p('list'), { config, schema: schemas.list }, async (req) =>
      ok(await list(db, ctxOf(req), served, req.body)),
    );
  }
  if (def.permissions.list) {
    // the whole list as a file, streamed as it is read (server/crud/export.ts)
    app.post(p('export'), { config, schema: schemas.export }, async (req, reply) => {
      const file = await exportList(db, ctxOf(req), served, req.body, requestLang(req), (err) =>
        req.log.error({ err }, 'export failed'),
      );
      // the browser cancelled or went away: sendFile stops reading rows for nobody
      return sendFile(reply, file);
    });
  }
  if (def.permissions.read || def.permissions.list) {
    app.get<{ Params: { id: string } }>(p('read'), { config, schema: schemas.read }, async (req) =>
      ok(await read(db, ctxOf(req), served, req.params.id)),
    );
  }
  if (def.permissions.add) {
    app.post(p('add'), { config, schema: schemas.add }, async (req) =>
      ok(await create(db, ctxOf(req), served, req.body)),
    );
  }
  if (def.permissions.edit) {
    app.post<{ Params: { id?: string } }>(p('edit'), { config, schema: schemas.edit }, async (req) =>
      ok(await update(db, ctxOf(req), served, req.body, req.params.id ?? (req.body as { _id?: unknown } | null)?._id)),
    );
  }
  if (def.permissions.delete) {
    app.post(p('delete'), { config, schema: schemas.delete }, async (req) =>
      ok(await remove(db, ctxOf(req), served, req.body)),
    );
  }
  if (bulkVerbs(def).length) {
    // per row: done, or refused with the reason in the caller's language (docs/api.md, Declared resources: bulk)
    app.post(p('bulk'), { config, schema: schemas.bulk }, async (req) => {
      const lang = requestLang(req);
      const outcomes = await bulk(
        db,
        ctxOf(req),
        served,
        req.body as BulkBody, // its schema is bulkBody(def): the edge has judged it
        (e) => knownError(e, req),
        (err) => req.log.error({ err }, 'bulk row failed'),
      );
      const results: BulkRowResult[] = outcomes.map((o) =>
        o.done
          ? { _id: o._id, status: 'done' }
          : {
              _id: o._id,
              status: 'refused',
              code: o.error.status,
              message: messageOf(lang, def.name, o.error).message,
            },
      );
      const answer: BulkAnswer = {
        done: results.filter((r) => r.status === 'done').length,
        refused: results.filter((r) => r.status === 'refused').length,
        results,
      };
      return ok(answer);
    });
  }
  for (const [name, action] of Object.entries(def.actions ?? {})) {
    const { lines } = action;
    // a selection action takes the selected lines, all or none (server/crud/lines.ts); any other, one row
    if (lines)
      app.post(p(name), { config, schema: schemas[name] }, async (req) =>
        ok(await actOnLines(db, ctxOf(req), served, name, { ...action, lines }, req.body)),
      );
    else
      app.post(p(name), { config, schema: schemas[name] }, async (req) =>
        ok(await act(db, ctxOf(req), served, name, req.body)),
      );
  }
}
