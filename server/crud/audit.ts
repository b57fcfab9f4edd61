// The operation log of the engine's writes: who did what to which record, the record before and after (its
// readable columns, never a secret), under the row's brand and store so each tenant reads its own entries.
// Written in the write's own transaction: a change that is logged happened, and one that happened is logged.
import type { DB } from '../db';
import type { CallContext } from '../auth/context';
import type { ResourceDef } from '../../resources/types';
import { writeLog } from '../log';
import { present } from './query';
import type { Row } from './hooks';

function tenantOf(def: ResourceDef, row: Row) {
  const t = def.tenant;
  return {
    integrator: t?.integrator ? ((row[t.integrator] as string) ?? null) : null,
    dealer: t?.dealer ? ((row[t.dealer] as string) ?? null) : null,
  };
}

/** Logs `action` (add, edit, delete or a declared action's name) on a row: `before` absent on an add, `after` on
 * a removal. */
export async function logChange(
  trx: DB,
  ctx: CallContext,
  def: ResourceDef,
  action: string,
  change: { before?: Row; after?: Row },
) {
  await writeLog(trx, ctx, changeEntry(def, action, change));
}

/** The entry logChange writes, for writers that log many changes in one statement (log.ts writeLogs). */
export function changeEntry(def: ResourceDef, action: string, { before, after }: { before?: Row; after?: Row }) {
  const row = (after ?? before)!;
  return {
    action,
    resource: def.name,
    record: String(row._id),
    ...(before ? { before: present(def, before) } : {}),
    ...(after ? { after: present(def, after) } : {}),
    ...tenantOf(def, row),
  };
}
