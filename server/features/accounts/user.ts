// Accounts: who may manage whom, what a type of account belongs to, which roles may be granted.
import type { DB } from '../../db';
import type { SessionUser } from '../../auth/context';
import { ACCOUNT_RANK, DEFAULT_ROLE, SUPER_AUTHORIZATION, type AccountType } from '../../../resources/accounts';
import { hashPassword } from '../../auth/password';
import { revokeAccount } from '../../auth/session';
import { badRequest, forbidden } from '../../http/errors';
import { type Row, defineHooks } from '../../crud/hooks';
import { publishRightsChange } from '../../events/bus';
import { liftHolds } from '../../auth/holds';
import { clearFailedCodes } from '../../auth/totp';

/** A caller manages only accounts of its own rank or below, and never acts on itself through these calls. */
function guardTarget(user: SessionUser, target: Row, verb: string) {
  if (ACCOUNT_RANK[target.account_type as AccountType] < ACCOUNT_RANK[user.account_type]) {
    throw forbidden('vf.error.forbidden_account_type');
  }
  if (target._id === user._id && verb !== 'edit') throw forbidden('vf.error.self_action');
}

/** SUPER and PROVIDER accounts belong to no tenant; a brand account to a brand; a store account to a store. */
function checkTenantShape(row: Row) {
  const account = row.account_type as AccountType;
  const type = `vf.account_type.${account}`; // said in the caller's language by the envelope
  if (account === 'SUPER' || account === 'PROVIDER') {
    if (row.integrator) throw badRequest('vf.error.tenant_not_allowed', { type, field: 'integrator' });
    if (row.dealer) throw badRequest('vf.error.tenant_not_allowed', { type, field: 'dealer' });
  } else if (account === 'INTEGRATOR') {
    if (!row.integrator) throw badRequest('vf.error.tenant_required', { type, field: 'integrator' });
    if (row.dealer) throw badRequest('vf.error.tenant_not_allowed', { type, field: 'dealer' });
  } else if (!row.dealer) {
    throw badRequest('vf.error.tenant_required', { type, field: 'dealer' });
  }
}

/**
 * Roles may be granted only when meant for the account's type, and only by someone who holds every
 * authorization they carry — so no account can hand out more than it has.
 */
export async function checkGrantable(db: DB, user: SessionUser, accountType: AccountType, roles: string[]) {
  if (roles.length === 0) return;
  const rows = await db
    .selectFrom('role')
    .select(['_id', 'account_type', 'authorizations'])
    .where('_id', 'in', roles)
    .execute();
  if (rows.length !== roles.length) throw badRequest('vf.error.reference_missing');
  const isSuper = user.authorizations.has(SUPER_AUTHORIZATION);
  for (const r of rows) {
    if (r.account_type && r.account_type !== accountType) throw forbidden('vf.error.forbidden_role');
    if (!isSuper && (r.authorizations as string[]).some((a) => !user.authorizations.has(a))) {
      throw forbidden('vf.error.forbidden_role');
    }
  }
}

export const userHooks = defineHooks('user', {
  async beforeWrite({ trx, ctx, mode, values, existing }) {
    const row = { ...existing, ...values };
    if (mode === 'create') {
      guardTarget(ctx.user, row, 'add');
      if (!Array.isArray(values.roles) || values.roles.length === 0)
        values.roles = [DEFAULT_ROLE[row.account_type as AccountType]];
      values.password = await hashPassword(String(values.password));
      values.status = 'normal';
    }
    checkTenantShape({ ...row, ...values });
    if (values.roles) await checkGrantable(trx, ctx.user, row.account_type as AccountType, values.roles as string[]);
  },
  // An edit may change the account's roles or tenant (and its nickname): sessions cached in any process,
  // and live streams opened with the old rights, end with the commit.
  async afterWrite({ trx, mode, saved }) {
    if (mode === 'edit') await publishRightsChange({ accounts: [saved._id] }, trx);
  },
  guard({ ctx, existing, verb }) {
    guardTarget(ctx.user, existing, verb);
  },
  actions: {
    async set_roles({ trx, ctx, existing: account, body }) {
      const roles = body.roles as string[]; // validated as the declared references
      await checkGrantable(trx, ctx.user, account.account_type, roles);
      await publishRightsChange({ accounts: [account._id] }, trx);
      return trx
        .updateTable('account')
        .set({ roles })
        .where('_id', '=', account._id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    async set_password({ trx, existing, body }) {
      const password = await hashPassword(String(body.password));
      await trx.updateTable('account').set({ password }).where('_id', '=', existing._id).execute();
      await revokeAccount(trx, existing._id);
      await publishRightsChange({ accounts: [existing._id] }, trx);
      return existing;
    },
    // Lifting a hold lets guessing start again (provider staff only: the declaration's staffOnly); the action's log
    // entry records who lifted it.
    async lift_hold({ trx, existing }) {
      await liftHolds(trx, existing._id);
      await clearFailedCodes(trx, existing._id);
      return existing;
    },
  },
  async afterAction(name, { trx, existing }) {
    if (name === 'freeze' || name === 'delete') {
      await revokeAccount(trx, existing._id);
      await publishRightsChange({ accounts: [existing._id] }, trx);
    }
  },
});
