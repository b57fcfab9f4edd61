// Tenant scope. Every tenant-owned row carries its brand and store columns, so a scope check is one
// equality on the row itself — never a join a query could forget. And the fields a tenant account reads on
// some rows only (FieldDef.tenantReads), blanked on the rest.
import type { ResourceDef } from '../../resources/types';
import type { CallContext, SessionUser } from '../auth/context';
import { isPlatformStaff } from '../auth/permissions';

type Row = Record<string, unknown>;

/** The column = value pairs a scoped account's queries are confined to; 'none' when it may see nothing. */
export function scopeConditions(def: ResourceDef, user: SessionUser): Array<[string, string]> | 'none' {
  const t = def.tenant;
  if (!t || isPlatformStaff(user)) return [];
  if (user.account_type === 'INTEGRATOR') {
    return t.integrator && user.integrator ? [[t.integrator, user.integrator]] : 'none';
  }
  if (t.dealer && user.dealer) return [[t.dealer, user.dealer]];
  // A store account sees the brand it belongs to (its header shows it), nothing else of the brand's.
  if (t.integrator && user.integrator && !t.dealer) return [[t.integrator, user.integrator]];
  return 'none';
}

export function inScope(def: ResourceDef, user: SessionUser, row: Row): boolean {
  const conds = scopeConditions(def, user);
  if (conds === 'none') return false;
  return conds.every(([col, value]) => row[col] === value);
}

/** Fields a tenant (brand or store) account reads on some rows only (FieldDef.tenantReads); none for staff. */
const tenantRules = (def: ResourceDef, ctx: CallContext) =>
  isPlatformStaff(ctx.user)
    ? []
    : Object.entries(def.fields).flatMap(([n, f]) => (f.tenantReads ? [[n, f.tenantReads] as const] : []));

/** The columns `tenantReadable` needs besides those shown (the rule's own field). */
export const tenantRuleColumns = (def: ResourceDef, ctx: CallContext) => tenantRules(def, ctx).map(([, r]) => r.field);

/** Blanks, in place, what a tenant account may not read of these rows (FieldDef.tenantReads): list, record and
 * export all call it, so none shows what another does not. */
export function tenantReadable<R extends Record<string, unknown>>(def: ResourceDef, ctx: CallContext, rows: R[]): R[] {
  for (const [name, rule] of tenantRules(def, ctx)) {
    for (const r of rows)
      // a list's rows hold only the columns it named (`fields`): one it did not name is not added
      if (name in r && !rule.values.includes(r[rule.field] as string)) (r as Record<string, unknown>)[name] = null;
  }
  return rows;
}
