// Roles and authorizations are platform-wide: a role in use, or an authorization a role holds, stays.
// Who may change a role (docs/security.md): built-in roles only a SUPER; anyone else only a role whose every
// authorization they hold, before and after the change, that belongs to no account type above theirs and that
// no account of a type above theirs holds — so nobody can take rights away from those above them.
import { sql } from 'kysely';
import { ACCOUNT_RANK, DEFAULT_ROLE, SUPER_AUTHORIZATION, type AccountType } from '../../../resources/accounts';
import type { SessionUser } from '../../auth/context';
import type { DB } from '../../db';
import { conflict, forbidden } from '../../http/errors';
import { defineHooks, type RecordOf } from '../../crud/hooks';
import { publishRightsChange } from '../../events/bus';
import { keepBuiltInName, nameBuiltIns } from './builtInNames';

const BUILT_IN_ROLES = new Set<string>(Object.values(DEFAULT_ROLE));

/** A SUPER account with its full rights (a SUPER previewing a narrower role is not). */
const isSuper = (u: SessionUser) => u.account_type === 'SUPER' && u.authorizations.has(SUPER_AUTHORIZATION);
/** The type ranks above the editor's (SUPER > PROVIDER > INTEGRATOR > DEALER). */
const above = (type: unknown, u: SessionUser) =>
  typeof type === 'string' &&
  type in ACCOUNT_RANK &&
  ACCOUNT_RANK[type as AccountType] < ACCOUNT_RANK[u.account_type as AccountType];
const holdsAll = (u: SessionUser, auths: unknown) =>
  ((auths as string[] | null | undefined) ?? []).every((a) => a !== SUPER_AUTHORIZATION && u.authorizations.has(a));

/** The checks on the role as it is now, for an edit or a removal. */
async function mayTouch(trx: DB, u: SessionUser, existing: RecordOf<'role'>) {
  if (isSuper(u)) return;
  if (BUILT_IN_ROLES.has(existing._id)) throw forbidden('vf.securityData.role_built_in');
  if (!holdsAll(u, existing.authorizations)) throw forbidden('vf.securityData.role_authorizations');
  if (above(existing.account_type, u)) throw forbidden('vf.securityData.role_rank');
  const holders = await trx
    .selectFrom('account')
    .select('account_type')
    .distinct()
    .where(sql<boolean>`${existing._id} = ANY(roles)`)
    .where('status', '<>', 'deleted')
    .execute();
  if (holders.some((h) => above(h.account_type, u))) throw forbidden('vf.securityData.role_rank');
}

export const roleHooks = defineHooks('role', {
  async guard({ trx, ctx, existing }) {
    await mayTouch(trx, ctx.user, existing);
  },
  beforeWrite({ ctx, values, existing }) {
    keepBuiltInName('role', existing?._id ?? values._id, values, ctx.lang);
    if (isSuper(ctx.user)) return;
    // Requiring two-factor sign-in is a SUPER's decision (docs/security.md "Two-factor sign-in").
    if (values.require_totp !== undefined && values.require_totp !== (existing?.require_totp ?? false))
      throw forbidden('vf.signin.require_totp_super');
    // the role as it will be: nobody writes into a role an authorization they do not hold themselves
    const auths = 'authorizations' in values ? values.authorizations : existing?.authorizations;
    if (!holdsAll(ctx.user, auths)) throw forbidden('vf.error.forbidden_role');
    if ('account_type' in values && above(values.account_type, ctx.user)) throw forbidden('vf.securityData.role_rank');
  },
  present(rows, _db, ctx) {
    nameBuiltIns('role', rows, ctx.lang);
  },
  // Streams opened with the role's old authorizations end, in every process (see server/features/live/).
  async afterWrite({ trx, mode, saved }) {
    if (mode === 'edit') await publishRightsChange({ roles: [saved._id] }, trx);
  },
  async beforeRemove({ trx, existing }) {
    if (BUILT_IN_ROLES.has(existing._id)) throw conflict('vf.error.in_use');
    const user = await trx
      .selectFrom('account')
      .select('_id')
      .where(sql<boolean>`${existing._id} = ANY(roles)`)
      .where('status', '<>', 'deleted')
      .executeTakeFirst();
    if (user) throw conflict('vf.error.in_use');
  },
});

// The authorizations' own hooks (present, write, removal) are in ./authorization.ts: one registration per resource.
