// Tenant scope. Every tenant-owned row carries its brand and store columns, so a scope check is one
// equality on the row itself — never a join a query could forget.
import type { ResourceDef } from '../../resources/types';
import type { SessionUser } from '../auth/context';
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
