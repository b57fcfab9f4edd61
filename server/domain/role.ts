// Roles and authorizations are platform-wide: a role in use, or an authorization a role holds, stays.
import { sql } from 'kysely';
import { SUPER_AUTHORIZATION } from '../../resources/accounts';
import { conflict, forbidden } from '../http/errors';
import { registerHooks } from '../crud/hooks';
import { publishRightsChange } from '../events/bus';

const BUILT_IN_ROLES = new Set(['super', 'provider_admin', 'integrator_admin', 'dealer_admin']);

registerHooks('role', {
  beforeWrite({ ctx, values, existing }) {
    // Nobody writes into a role an authorization they do not hold themselves.
    const auths = (values.authorizations as string[] | undefined) ?? [];
    if (!ctx.user.authorizations.has(SUPER_AUTHORIZATION) && auths.some((a) => !ctx.user.authorizations.has(a))) {
      throw forbidden('vf.error.forbidden_role');
    }
    if (auths.includes(SUPER_AUTHORIZATION) && !ctx.user.authorizations.has(SUPER_AUTHORIZATION)) throw forbidden('vf.error.forbidden_role');
    // Requiring two-factor sign-in is a SUPER's decision (issue 13).
    if (values.require_totp !== undefined && values.require_totp !== (existing?.require_totp ?? false) && ctx.user.account_type !== 'SUPER') {
      throw forbidden('vf.signin.require_totp_super');
    }
  },
  // Streams opened with the role's old authorizations end, in every process (see routes/events.ts).
  async afterWrite({ trx, mode, saved }) {
    if (mode === 'edit') await publishRightsChange({ roles: [saved._id as string] }, trx);
  },
  async beforeRemove({ trx, existing }) {
    if (BUILT_IN_ROLES.has(existing._id as string)) throw conflict('vf.error.in_use');
    const user = await trx.selectFrom('account').select('_id').where(sql<boolean>`${existing._id} = ANY(roles)`).where('status', '<>', 'deleted').executeTakeFirst();
    if (user) throw conflict('vf.error.in_use');
  },
});

registerHooks('authorization', {
  async beforeRemove({ trx, existing }) {
    if (existing._id === SUPER_AUTHORIZATION) throw conflict('vf.error.in_use');
    const role = await trx.selectFrom('role').select('_id').where(sql<boolean>`${existing._id} = ANY(authorizations)`).executeTakeFirst();
    if (role) throw conflict('vf.error.in_use');
  },
});
