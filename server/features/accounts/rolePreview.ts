// Role preview (docs/rules.md, Roles): a SUPER account views the console as one role — menus, screens
// and API answers narrowed to that role's authorizations and, for a brand or store role, to one brand's or
// store's data chosen at the start — and switches back. Both are logged. The preview belongs to the
// session, so every process sees it and logging out ends it.
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../auth/context';
import { nameBuiltIns } from './builtInNames';
import type { DB } from '../../db';
import type { AccountType } from '../../../resources/accounts';
import type { RolePreview } from '../../../resources/role';
import { ctxOf } from '../../auth/plugin';
import { ok } from '../../http/envelope';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { writeLog } from '../../log';
import { publishRightsChange } from '../../events/bus';
import { route, obj, str, nullable, anyObject, type EdgeInstance } from '../../http/schema';
import { cachedPreview, lookupGeneration, rememberPreview } from '../../auth/sessionCache';
import * as q from './queries';

const tags = ['role'];
const preview = obj({
  role: str(),
  display_name: str(),
  authorizations: { type: 'array', items: str() },
  // the brand and store the preview narrows to: null for a role that narrows to none (provider staff's)
  integrator: nullable(str()),
  dealer: nullable(str()),
});

declare module 'fastify' {
  interface FastifyRequest {
    /** the role a SUPER session is previewing, when it is */
    rolePreview?: RolePreview;
  }
}

/** The tenant a preview of a role of this account type is narrowed to: a store role one store, a brand role one brand. */
async function tenantFor(db: DB, accountType: string | null, body: { integrator?: unknown; dealer?: unknown }) {
  const pick = (v: unknown) => (typeof v === 'string' && v.length > 0 && v.length <= 100 ? v : undefined);
  if (accountType === 'DEALER') {
    const id = pick(body.dealer);
    const store = id && (await q.storeOf(db, id));
    if (!store) throw badRequest('vf.sessionUi.error.preview_dealer');
    return { integrator: store.integrator, dealer: store._id };
  }
  if (accountType === 'INTEGRATOR') {
    const id = pick(body.integrator);
    const brand = id && (await q.brandOf(db, id));
    if (!brand) throw badRequest('vf.sessionUi.error.preview_integrator');
    return { integrator: brand._id, dealer: null };
  }
  return { integrator: null, dealer: null };
}

export function rolePreviewRoutes(app: EdgeInstance, db: DB) {
  app.decorateRequest('rolePreview', undefined);
  // Runs after authentication: only SUPER sessions can carry a preview, so others pay nothing for it.
  const previewOf = async (req: FastifyRequest, user: SessionUser) => {
    let p = cachedPreview(user.tokenHash);
    if (p === undefined) {
      // kept with the cached session: starting or ending a preview, and editing the role, are announced
      const since = lookupGeneration();
      p = (await q.previewOf(db, user.tokenHash)) ?? null;
      rememberPreview(since, user.tokenHash, p);
    }
    if (!p) return;
    req.rolePreview = {
      role: p.role,
      display_name: p.display_name,
      integrator: p.integrator,
      integrator_name: p.integrator_name,
      dealer: p.dealer,
      dealer_name: p.dealer_name,
    };
    // The session acts as an account of the role's type in the chosen tenant: every tenant check (generic
    // lists, dashboard, live events …) reads these, so all of them narrow alike. A brand or store role whose
    // tenant is missing sees no tenant's data rather than all of it.
    const type = (p.account_type as AccountType | null) ?? user.account_type;
    req.user = {
      ...user,
      roles: [p.role],
      authorizations: new Set(p.authorizations),
      account_type: type,
      integrator: type === 'SUPER' || type === 'PROVIDER' ? null : p.integrator,
      dealer: type === 'DEALER' ? p.dealer : null,
    };
  };
  // Every call passes here: others than a SUPER session's go on without an async function's promise.
  app.addHook('preHandler', (req, _reply, done) => {
    const user = req.user;
    if (!user || user.account_type !== 'SUPER') return done();
    previewOf(req, user).then(() => done(), done);
  });

  // The profile names the previewed role, so the header and dashboard show whose view this is.
  const named = (req: FastifyRequest, preview: RolePreview, payload: unknown) => {
    const body = payload as { code?: number; data?: Record<string, unknown> };
    if (body?.code !== 0 || !body.data) return payload;
    const { role } = preview;
    // the previewed role is named in the caller's language, as the role list names it
    const [{ display_name }] = nameBuiltIns(
      'role',
      [{ _id: role, display_name: preview.display_name }],
      ctxOf(req).lang,
    );
    return {
      ...body,
      data: {
        ...body.data,
        roles: [role],
        roles_detail: [{ _id: role, display_name }],
        role_preview: { ...preview, display_name },
      },
    };
  };
  // (a callback: every answer passes here, and an async hook costs each a promise)
  app.addHook('preSerialization', (req, _reply, payload: unknown, done) => {
    if (!req.rolePreview || req.method !== 'GET' || req.routeOptions.url !== '/api/user/profile')
      return done(null, payload);
    try {
      done(null, named(req, req.rolePreview, payload));
    } catch (e) {
      done(e as Error);
    }
  });

  app.get(
    '/api/role/preview',
    {
      config: { resource: 'role' },
      schema: route({
        tags,
        summary: 'The role this session previews, or null',
        data: { ...preview, type: ['object', 'null'] },
      }),
    },
    async (req) => {
      ctxOf(req);
      return ok(req.rolePreview ?? null);
    },
  );

  app.post(
    '/api/role/preview',
    {
      config: { resource: 'role' },
      schema: route({
        tags,
        summary: 'View the console as one role (SUPER only); a brand or store role also names its brand or store',
        body: obj(
          {
            _id: str('the role id', { minLength: 1, maxLength: 100 }),
            integrator: str('the brand to view (brand and store roles)'),
            dealer: str('the store to view (store roles)'),
          },
          ['_id'],
        ),
        data: preview,
      }),
    },
    async (req) => {
      const ctx = ctxOf(req);
      // only SUPER sessions carry a preview, so one that is previewing (as another type) may switch roles
      if (ctx.user.account_type !== 'SUPER' && !req.rolePreview) throw forbidden();
      const row = await q.roleOf(db, req.body._id);
      if (!row) throw notFound();
      const tenant = await tenantFor(db, row.account_type, req.body);
      await db.transaction().execute(async (trx) => {
        await q.startPreview(trx, { token_hash: ctx.user.tokenHash, account: ctx.user._id, role: row._id, ...tenant });
        await publishRightsChange({ sessions: [ctx.user.tokenHash] }, trx);
        await writeLog(trx, ctx, {
          action: 'preview',
          resource: 'role',
          record: row._id,
          before: req.rolePreview ?? null,
          after: {
            role: row._id,
            authorizations: row.authorizations,
            integrator: tenant.integrator,
            dealer: tenant.dealer,
          },
        });
      });
      return ok({ role: row._id, display_name: row.display_name, authorizations: row.authorizations, ...tenant });
    },
  );

  app.post(
    '/api/role/preview_end',
    {
      config: { resource: 'role' },
      schema: route({ tags, summary: 'End the role preview', body: obj({}), data: anyObject() }),
    },
    async (req) => {
      const ctx = ctxOf(req);
      if (!req.rolePreview) throw conflict('vf.service.error.not_previewing');
      await db.transaction().execute(async (trx) => {
        await q.endPreview(trx, ctx.user.tokenHash);
        await publishRightsChange({ sessions: [ctx.user.tokenHash] }, trx);
        await writeLog(trx, ctx, {
          action: 'preview_end',
          resource: 'role',
          record: req.rolePreview!.role,
          before: req.rolePreview,
        });
      });
      return ok({});
    },
  );
}
