// Role preview (SPEC §6 role switching): a SUPER account views the console as one role — menus, screens
// and API answers narrowed to that role's authorizations — and switches back. Both are logged. The
// preview belongs to the session, so every process sees it and logging out ends it.
import type { FastifyInstance } from 'fastify';
import type { DB } from '../db';
import { ctxOf } from '../auth/plugin';
import { ok } from '../http/envelope';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { writeLog } from '../log';
import { publishRightsChange } from '../events/bus';

declare module 'fastify' {
  interface FastifyRequest {
    /** the role a SUPER session is previewing, when it is */
    rolePreview?: { role: string; display_name: string };
  }
}

export function rolePreviewRoutes(app: FastifyInstance, db: DB) {
  app.decorateRequest('rolePreview', undefined);
  // Runs after authentication: only SUPER sessions can carry a preview, so others pay nothing for it.
  app.addHook('preHandler', async (req) => {
    const user = req.user;
    if (!user || user.account_type !== 'SUPER') return;
    const p = await db
      .selectFrom('role_preview as p')
      .innerJoin('role as r', 'r._id', 'p.role')
      .select(['r._id', 'r.display_name', 'r.authorizations'])
      .where('p.token_hash', '=', user.tokenHash)
      .executeTakeFirst();
    if (!p) return;
    req.rolePreview = { role: p._id, display_name: p.display_name };
    req.user = { ...user, roles: [p._id], authorizations: new Set(p.authorizations as string[]) };
  });

  // The profile names the previewed role, so the header and dashboard show whose view this is.
  app.addHook('preSerialization', async (req, _reply, payload: unknown) => {
    if (!req.rolePreview || req.method !== 'GET' || req.routeOptions.url !== '/api/user/profile') return payload;
    const body = payload as { code?: number; data?: Record<string, unknown> };
    if (body?.code !== 0 || !body.data) return payload;
    const { role, display_name } = req.rolePreview;
    return { ...body, data: { ...body.data, roles: [role], roles_detail: [{ _id: role, display_name }], role_preview: req.rolePreview } };
  });

  app.get('/api/role/preview', { config: { resource: 'role' } }, async (req) => {
    ctxOf(req);
    return ok(req.rolePreview ?? null);
  });

  app.post('/api/role/preview', { config: { resource: 'role' } }, async (req) => {
    const ctx = ctxOf(req);
    if (ctx.user.account_type !== 'SUPER') throw forbidden();
    const role = (req.body as { _id?: unknown } | null)?._id;
    if (typeof role !== 'string' || role.length === 0 || role.length > 100) throw badRequest('vf.error.bad_request');
    const row = await db.selectFrom('role').select(['_id', 'display_name', 'authorizations']).where('_id', '=', role).executeTakeFirst();
    if (!row) throw notFound();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('role_preview')
        .values({ token_hash: ctx.user.tokenHash, account: ctx.user._id, role: row._id })
        .onConflict((oc) => oc.column('token_hash').doUpdateSet({ role: row._id, create_time: new Date() }))
        .execute();
      await publishRightsChange({ sessions: [ctx.user.tokenHash] }, trx);
      await writeLog(trx, ctx, { action: 'preview', resource: 'role', record: row._id, before: req.rolePreview ?? null, after: { role: row._id, authorizations: row.authorizations } });
    });
    return ok({ role: row._id, display_name: row.display_name, authorizations: row.authorizations });
  });

  app.post('/api/role/preview_end', { config: { resource: 'role' } }, async (req) => {
    const ctx = ctxOf(req);
    if (!req.rolePreview) throw conflict('vf.service.error.not_previewing');
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('role_preview').where('token_hash', '=', ctx.user.tokenHash).execute();
      await publishRightsChange({ sessions: [ctx.user.tokenHash] }, trx);
      await writeLog(trx, ctx, { action: 'preview_end', resource: 'role', record: req.rolePreview!.role, before: req.rolePreview });
    });
    return ok({});
  });
}
