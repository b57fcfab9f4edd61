// Routes for every declared resource, from its declaration: list, read, add, edit, delete, actions.
import type { FastifyInstance } from 'fastify';
import type { DB } from '../db';
import { callPath, type ResourceDef } from '../../resources/types';
import { ctxOf } from '../auth/plugin';
import { ok } from '../http/envelope';
import * as crud from './service';

const fastifyPath = (p: string) => `/api${p}`;

export function registerResource(app: FastifyInstance, db: DB, def: ResourceDef) {
  const config = { resource: def.name };
  const p = (verb: string) => fastifyPath(callPath(def, verb));
  if (def.permissions.list) {
    app.post(p('list'), { config }, async (req) => ok(await crud.list(db, ctxOf(req), def, req.body)));
  }
  if (def.permissions.read || def.permissions.list) {
    app.get<{ Params: { id: string } }>(p('read'), { config }, async (req) => ok(await crud.read(db, ctxOf(req), def, req.params.id)));
  }
  if (def.permissions.add) {
    app.post(p('add'), { config }, async (req) => ok(await crud.create(db, ctxOf(req), def, req.body)));
  }
  if (def.permissions.edit) {
    app.post<{ Params: { id?: string } }>(p('edit'), { config }, async (req) =>
      ok(await crud.update(db, ctxOf(req), def, req.body, req.params.id ?? (req.body as { _id?: unknown } | null)?._id)),
    );
  }
  if (def.permissions.delete) {
    app.post(p('delete'), { config }, async (req) => ok(await crud.remove(db, ctxOf(req), def, req.body)));
  }
  for (const name of Object.keys(def.actions ?? {})) {
    app.post(p(name), { config }, async (req) => ok(await crud.act(db, ctxOf(req), def, name, req.body)));
  }
}
