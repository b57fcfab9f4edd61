// Who may call comes before what the call says: the edge checks a body against its whole schema
// (server/http/schema.ts), so a declared resource's route first refuses a caller without the verb's right (403),
// as its handler would, and only then judges the body — a store account sending an empty form to /user/add hears
// that it may not add accounts, not which fields an account needs.
import type { FastifyInstance, RouteOptions } from 'fastify';
import { findResource } from '../../resources';
import { callPath, type Permission, type ResourceDef } from '../../resources/types';
import { verbPermission } from '../../resources/permissions';
import { requirePermission } from '../auth/permissions';
import { ctxOf } from '../auth/plugin';

/** The right a declared resource's call needs before its body is read; undefined when the handler decides (bulk:
 * its body names the action). */
function rightOf(def: ResourceDef, url: string): Permission | undefined {
  const verbs: Array<[string, Permission | undefined]> = [
    ['list', def.permissions.list],
    ['export', def.permissions.list],
    ['read', verbPermission(def, 'read')],
    ['add', def.permissions.add],
    ['edit', def.permissions.edit],
    ['delete', def.permissions.delete],
    ...Object.entries(def.actions ?? {}).map(([name, a]): [string, Permission | undefined] => [name, a.permission]),
  ];
  return verbs.find(([verb, right]) => right && `/api${callPath(def, verb)}` === url)?.[1];
}

export function checkRightsFirst(app: FastifyInstance) {
  app.addHook('onRoute', (opts: RouteOptions) => {
    const name = (opts.config as { resource?: string } | undefined)?.resource;
    const def = name ? findResource(name) : undefined;
    const right = def && opts.schema?.body ? rightOf(def, opts.url) : undefined;
    if (!right) return;
    const before = opts.preValidation ? [opts.preValidation].flat() : [];
    opts.preValidation = [...before, async (req) => requirePermission(ctxOf(req).user, right)];
  });
}
