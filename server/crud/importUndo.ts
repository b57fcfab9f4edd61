// Undoing an applied import (`POST /api/import/{id}/revert`, within IMPORT_UNDO_HOURS, by its own account or
// platform staff): the rows it added are removed (as a delete removes them) and the rows it edited get back the
// values they held before — each only while it is still at the version the import left it at. A row changed
// since is a conflict: listed, and left as it is. One transaction, logged row by row and once for the undo, each
// row's after-write (or after-delete) hook run as an edit's (or a delete's) is; the import is then `reverted`, and
// an undo is never undone (nor an import undone twice).
import { sql } from 'kysely';
import type { DB } from '../db';
import type { CallContext } from '../auth/context';
import { byName } from './table';
import { VERSION } from '../../resources/types';
import type { Lang } from '../../resources/accounts';
import { IMPORT_UNDO_HOURS, type ImportAnswer } from '../../resources/limits';
import { translate } from '../../i18n';
import { requirePermission } from '../auth/permissions';
import { conflict } from '../http/errors';
import { messageOf } from '../http/envelope';
import { writeLog } from '../log';
import { logChange } from './audit';
import { inScope } from './scope';
import type { HookBook, Row } from './hooks';
import { findResource } from '../../resources';
import { answerOf, loadImport } from './import';
import { actionOf } from './importCells';

export async function revertImport(
  db: DB,
  ctx: CallContext,
  hooks: HookBook,
  id: unknown,
  lang: Lang,
  classify: (e: unknown) => import('../http/errors').ApiError | undefined,
): Promise<ImportAnswer> {
  const job = await loadImport(db, ctx, id);
  const declared = findResource(job.resource)!;
  // a stock file's rows are the products it restocked
  const run = actionOf(declared);
  const def = run?.target ?? declared;
  requirePermission(ctx.user, run ? run.action.permission : (def.permissions.edit ?? def.permissions.add));
  if (job.state === 'reverted') throw conflict('vf.import.error.reverted');
  if (job.state !== 'done' || job.mode !== 'apply') throw conflict('vf.import.error.not_done');
  if (Date.now() - new Date(job.create_time).getTime() > IMPORT_UNDO_HOURS * 3600_000)
    throw conflict('vf.import.error.too_old', { hours: IMPORT_UNDO_HOURS });
  const conflicts: NonNullable<ImportAnswer['conflicts']> = [];
  const own = hooks.of(def.name);
  const saved = await db.transaction().execute(async (trx) => {
    // the guard that makes two undos of one import one: only the first finds it `done`
    const taken = await trx
      .updateTable('import_job')
      .set({ state: 'reverted' })
      .where('_id', '=', job._id)
      .where('state', '=', 'done')
      .returningAll()
      .executeTakeFirst();
    if (!taken) throw conflict('vf.import.error.reverted');
    const rows = await trx.selectFrom('import_row').selectAll().where('import', '=', job._id).execute();
    let undone = 0;
    for (const r of rows) {
      const current = await byName(trx)
        .selectFrom(def.table)
        .selectAll()
        .where('_id', '=', r.record)
        .forUpdate()
        .executeTakeFirst();
      const left = (key: string) => conflicts.push({ record: r.record, message: translate(lang, key) });
      if (!current || (def.remove && current[def.remove.field] === def.remove.value)) {
        left('vf.import.conflict.gone');
        continue;
      }
      if (Number(current[VERSION]) !== r.version || !inScope(def, ctx.user, current)) {
        left('vf.import.conflict.changed');
        continue;
      }
      await sql`SAVEPOINT undo_row`.execute(trx);
      try {
        if (r.kind === 'created') await removeCreated(trx, ctx, def, own, current);
        else await restore(trx, ctx, def, own, current, r.before ?? {});
        await sql`RELEASE SAVEPOINT undo_row`.execute(trx);
        undone++;
      } catch (e) {
        await sql`ROLLBACK TO SAVEPOINT undo_row`.execute(trx);
        const known = classify(e);
        if (!known) throw e;
        conflicts.push({ record: r.record, message: messageOf(lang, def.name, known).message });
      }
    }
    await writeLog(trx, ctx, {
      action: 'revert',
      resource: 'import',
      record: job._id,
      after: { list: def.name, file_name: job.file_name, undone, conflicts: conflicts.length },
      integrator: ctx.user.integrator ?? null,
      dealer: ctx.user.dealer ?? null,
    });
    return taken;
  });
  return { ...answerOf(saved), conflicts };
}

/** A row the import added, removed as a delete removes it (a soft delete where declared), its hooks asked. */
async function removeCreated(
  trx: DB,
  ctx: CallContext,
  def: NonNullable<ReturnType<typeof findResource>>,
  hooks: ReturnType<HookBook['of']>,
  existing: Row,
) {
  await hooks.beforeRemove?.({ trx, ctx, def, existing });
  if (def.remove)
    await byName(trx)
      .updateTable(def.table)
      .set({ [def.remove.field]: def.remove.value, [VERSION]: Number(existing[VERSION]) + 1 })
      .where('_id', '=', existing._id)
      .execute();
  else await byName(trx).deleteFrom(def.table).where('_id', '=', existing._id).execute();
  // as a delete does: a robot's key, an account's sessions are forgotten in every process
  await hooks.afterAction?.('delete', { trx, ctx, def, existing, body: {}, reply: {}, saved: existing });
  await logChange(trx, ctx, def, 'delete', { before: existing });
}

/** A row the import edited, given back the values it held before. */
async function restore(
  trx: DB,
  ctx: CallContext,
  def: NonNullable<ReturnType<typeof findResource>>,
  hooks: ReturnType<HookBook['of']>,
  existing: Row,
  before: Record<string, unknown>,
) {
  const set: Row = { ...before, [VERSION]: Number(existing[VERSION]) + 1 };
  for (const [k, v] of Object.entries(before))
    if (def.fields[k]?.type === 'json' && v !== null) set[k] = JSON.stringify(v);
  if ('update_time' in existing) set.update_time = new Date().toISOString();
  const saved = await byName(trx)
    .updateTable(def.table)
    .set(set)
    .where('_id', '=', existing._id)
    .returningAll()
    .executeTakeFirstOrThrow();
  // as an edit does after its write (a robot's cached row, an account's rights are forgotten everywhere)
  await hooks.afterWrite?.({ trx, ctx, def, mode: 'edit', values: before, existing, saved, reply: {} });
  await logChange(trx, ctx, def, 'edit', { before: existing, after: saved });
}
