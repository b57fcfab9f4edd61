// A spreadsheet into a declared resource (`POST /api/<R>/import`, docs/import.md): each row is matched by the
// declaration's `import.key` and edited when the match is in the caller's scope, else added — through the very
// steps an edit and an add take (write.ts updateRow / insertRow: tenant, cross-row rules, hooks, the operation
// log), after the declaration's own validation (resources/validate.ts), each refusal naming the spreadsheet's row
// and column. The whole file is one transaction: a dry run rolls it back, an apply commits it only when every row
// passed — unless `partial`, which keeps the good rows. Rows go BATCH_ROWS at a time (importBatch: a few
// statements for the batch, a refused row never written); a batch the database refuses, or one whose resource or
// rows need each write alone, goes row by row, each row a savepoint, so that error is still its row's refusal
// (docs/import.md, "Figures"). The import is recorded
// (import_job, import_row: what each row held before) so it can be undone (importUndo.ts). Past IMPORT_JOB_ROWS
// rows it runs on after the answer, its progress in this process's memory and live (importProgress.ts).
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../db';
import type { CallContext } from '../auth/context';
import { byName } from './table';
import { isLocked, VERSION, type ResourceDef } from '../../resources/types';
import type { Lang } from '../../resources/accounts';
import { validateFields, type FieldErrors } from '../../resources/validate';
import {
  IMPORT_JOB_ROWS,
  IMPORT_MAX_ERRORS,
  type ImportAnswer,
  type ImportError,
  type ImportState,
} from '../../resources/limits';
import { translate } from '../../i18n';
import { holds, isPlatformStaff, requirePermission } from '../auth/permissions';
import { ApiError, badRequest, conflict, invalid, notFound } from '../http/errors';
import { messageOf } from '../http/envelope';
import { newId, writeLog, writeLogs, type LogEntry } from '../log';
import { inScope } from './scope';
import {
  changesOf,
  checkSameAs,
  encode,
  insertRow,
  same,
  sameAsGiven,
  settleTenantWith,
  storeOf,
  updateRow,
} from './write';
import { changeEntry } from './audit';
import type { Row, Served, WriteContext } from './hooks';
import { readSpreadsheet, type FileRow, type ReadFile } from './importFile';
import {
  actionOf,
  columnsOf,
  importable,
  rowReader,
  type CellError,
  type ImportColumn,
  type ReadLine,
} from './importCells';
import { actOn } from './actions';
import { advance, announce, track, untrack, runningImport, runningFor } from './importProgress';

/** Rows of the preview the answer carries (the dialog shows them). */
const PREVIEW_ROWS = 20;
/** Rows between turns of the event loop. */
const YIELD_EVERY = 20;
/** Rows judged and written together (importBatch): a few statements for the batch instead of ~7 a row. */
const BATCH_ROWS = 500;
/** A running import older than this was left by a process that stopped: it no longer blocks the next one. */
const STALE_MINUTES = 60;

export interface ImportOptions {
  fileName: string;
  mode: 'dry_run' | 'apply';
  partial: boolean;
  lang: Lang;
  /** an error the caller's input caused, as an ApiError (PostgreSQL's and ours); undefined for a bug */
  classify: (e: unknown) => ApiError | undefined;
  onBug: (e: unknown) => void;
  /** the resource whose rows an action import acts on (ResourceDef.import.action), with its hooks */
  target?: Served;
}

type Outcome = 'created' | 'updated' | 'unchanged';
interface Done {
  outcome: Outcome;
  record: string;
  values: Row;
  /** the changed fields' values before (an update) */
  before?: Row;
  version?: number;
  secrets: Array<{ field: string; value: string }>;
}

/** A row refused for its cells (before any database work), with what the declaration's rules say of the others. */
class CellRefusal extends Error {
  constructor(
    public cells: CellError[],
    public fields: FieldErrors,
  ) {
    super('cells');
  }
}
/** Ends the import's transaction without committing it (a dry run, or an apply with refusals). */
class RolledBack extends Error {
  constructor(public state: ImportState) {
    super(state);
  }
}

const tenantOf = (ctx: CallContext) => ({ integrator: ctx.user.integrator ?? null, dealer: ctx.user.dealer ?? null });

/** The caller's own brand or store for a tenant column the file leaves empty (a store's products). */
function callerTenant(def: ResourceDef, ctx: CallContext, name: string): string | undefined {
  const t = def.tenant;
  if (t?.dealer === name && t.dealer !== '_id' && ctx.user.dealer) return ctx.user.dealer;
  if (t?.integrator === name && ctx.user.integrator) return ctx.user.integrator;
  return undefined;
}

/** A first password for an account added by a file (files carry no passwords): shown once in the result. */
const firstPassword = () =>
  `Vf${randomBytes(9)
    .toString('base64url')
    .replace(/[^A-Za-z0-9]/g, 'x')}7a`;

/** Checks the request and the file, then runs the import: answered when done, or at once past IMPORT_JOB_ROWS. */
export async function importFile(
  db: DB,
  ctx: CallContext,
  served: Served,
  bytes: Buffer,
  opts: ImportOptions,
): Promise<ImportAnswer> {
  const { def } = served;
  if (!def.import) throw notFound();
  const acting = actionOf(def);
  if (acting) requirePermission(ctx.user, acting.action.permission);
  else if (!holds(ctx.user, def.permissions.add) && !holds(ctx.user, def.permissions.edit))
    requirePermission(ctx.user, def.permissions.add);
  const file = await readSpreadsheet(bytes);
  const { columns, ignored } = columnsOf(def, file.headers);
  const label = (n: string) => translate(opts.lang, `resources.${def.name}.fields.${n}`);
  const missing = def.import.key.filter(
    (k) => !columns.some((c) => c.name === k) && callerTenant(def, ctx, k) === undefined,
  );
  if (missing.length) throw badRequest('vf.import.error.key', { columns: missing.map(label).join(', ') });

  const tenant = tenantOf(ctx);
  if (runningFor(def.name, tenant.integrator, tenant.dealer)) throw conflict('vf.import.error.running');
  const job = await openJob(db, ctx, def.name, opts, file.encoding, file.count);
  const progress = track({ _id: job._id, resource: def.name, ...tenant, account: ctx.user._id, total: job.total, job });
  const run = async () => {
    try {
      return await runImport(db, ctx, served, columns, file, job, ignored, opts);
    } finally {
      untrack(job._id);
    }
  };
  if (file.count > IMPORT_JOB_ROWS) {
    run().catch(opts.onBug);
    return { ...answerOf(job), ignored, state: 'running', done: progress.done };
  }
  return run();
}

type Job = Awaited<ReturnType<typeof openJob>>;

/** The import's record, `running` — which only one import of a resource and tenant may be at a time. */
async function openJob(
  db: DB,
  ctx: CallContext,
  resource: string,
  opts: ImportOptions,
  encoding: string,
  total: number,
) {
  const tenant = tenantOf(ctx);
  const stale = new Date(Date.now() - STALE_MINUTES * 60_000);
  // left running by a process that stopped mid-import: its transaction was never committed
  await db
    .updateTable('import_job')
    .set({ state: 'failed', finish_time: new Date() })
    .where('resource', '=', resource)
    .where('state', '=', 'running')
    .where('create_time', '<', stale)
    .where(sql<boolean>`coalesce(integrator, '') = ${tenant.integrator ?? ''}`)
    .where(sql<boolean>`coalesce(dealer, '') = ${tenant.dealer ?? ''}`)
    .execute();
  const row = await db
    .insertInto('import_job')
    .values({
      _id: newId(),
      resource,
      account: ctx.user._id,
      ...tenant,
      file_name: opts.fileName.slice(0, 200),
      encoding,
      mode: opts.mode,
      partial: opts.partial,
      state: 'running',
      total,
    })
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) throw conflict('vf.import.error.running');
  return row;
}

async function runImport(
  db: DB,
  ctx: CallContext,
  served: Served,
  columns: ImportColumn[],
  file: ReadFile,
  job: Job,
  ignored: string[],
  opts: ImportOptions,
): Promise<ImportAnswer> {
  const { def } = served;
  const progress = runningImport(job._id)!;
  const counts = { created: 0, updated: 0, unchanged: 0, refused: 0 };
  const errors: ImportError[] = [];
  const preview: ImportAnswer['preview'] = [];
  const secrets: NonNullable<ImportAnswer['secrets']> = [];
  // the rows written by the batch at hand, recorded (import_row) before the next: only an apply keeps them
  let changes: Array<{ record: string; kind: 'created' | 'updated'; before: Row | null; version: number }> = [];
  const read = rowReader(ctx, def, columns, opts.lang);
  let rows = 0;
  let state: ImportState = 'done';
  try {
    await db.transaction().execute(async (trx) => {
      const tally = (row: number, d: Done) => {
        counts[d.outcome]++;
        if (d.outcome !== 'unchanged' && opts.mode === 'apply')
          changes.push({ record: d.record, kind: d.outcome, before: d.before ?? null, version: d.version! });
        for (const s of d.secrets) secrets.push({ row, key: d.record, ...s });
        if (preview.length < PREVIEW_ROWS) preview.push({ row, outcome: d.outcome, values: d.values });
      };
      const refuse = (line: ReadLine, e: unknown) => {
        counts.refused++;
        if (errors.length < IMPORT_MAX_ERRORS)
          errors.push(...refusals(e, line.row, def.name, columns, opts).slice(0, IMPORT_MAX_ERRORS - errors.length));
        if (preview.length < PREVIEW_ROWS) preview.push({ row: line.row, outcome: 'refused', values: line.body });
      };
      const inBatches = batchable(served, opts.target);
      // the file a batch at a time, read again from its bytes (importFile.ts): no more of it is held than the batch
      for await (const fileBatch of batchesOf(file.rows(), BATCH_ROWS)) {
        if (progress.cancelled) throw new RolledBack('cancelled');
        const start = rows;
        rows += fileBatch.length;
        const batch = await read(trx, fileBatch);
        let results: Result[] | undefined;
        if (inBatches) {
          await sql`SAVEPOINT import_batch`.execute(trx);
          try {
            results = await importBatch(trx, ctx, served, batch);
          } catch {
            // a database error: undone, and the batch goes row by row, which tells the row it came from
            await sql`ROLLBACK TO SAVEPOINT import_batch`.execute(trx);
          }
          await sql`RELEASE SAVEPOINT import_batch`.execute(trx);
        }
        for (const [j, line] of batch.entries()) {
          const i = start + j;
          if (progress.cancelled) throw new RolledBack('cancelled');
          const r = results?.[j];
          if (r && 'done' in r) tally(line.row, r.done);
          else if (r) refuse(line, r.error);
          else {
            await sql`SAVEPOINT import_row`.execute(trx);
            try {
              const d = await importRow(trx, ctx, served, line.body, line.errors, opts.target);
              await sql`RELEASE SAVEPOINT import_row`.execute(trx);
              tally(line.row, d);
            } catch (e) {
              await sql`ROLLBACK TO SAVEPOINT import_row`.execute(trx);
              refuse(line, e);
            }
          }
          await advance(progress, i + 1);
          // the embedded database runs in this thread: without a turn of the event loop now and then, no other
          // call (a progress read, a cancel, a second import told to wait) would even be read until the file ends
          if (i % YIELD_EVERY === 0) await new Promise((r) => setImmediate(r));
        }
        // what each written row held before, for the undo: in the transaction, so it goes if the import does
        // (none once a row is refused and the file is all or nothing: it will not commit)
        if (changes.length && (opts.partial || !counts.refused))
          await trx
            .insertInto('import_row')
            .values(
              changes.map((c) => ({
                import: job._id,
                record: c.record,
                kind: c.kind,
                before: c.before && JSON.stringify(c.before),
                version: c.version,
              })),
            )
            .execute();
        changes = [];
      }
      if (progress.cancelled) throw new RolledBack('cancelled');
      if (opts.mode === 'dry_run') throw new RolledBack('dry_run');
      if (counts.refused && !opts.partial) throw new RolledBack('failed');
      await writeLog(trx, ctx, {
        action: 'import',
        resource: 'import',
        record: job._id,
        after: {
          list: def.name,
          file_name: job.file_name,
          rows,
          created: counts.created,
          updated: counts.updated,
          unchanged: counts.unchanged,
          refused: counts.refused,
        },
        ...tenantOf(ctx),
      });
    });
  } catch (e) {
    if (!(e instanceof RolledBack)) {
      opts.onBug(e);
      errors.unshift({ row: 0, message: translate(opts.lang, 'vf.error.server') });
    }
    state = e instanceof RolledBack ? e.state : 'failed';
  }
  const finished = await db
    .updateTable('import_job')
    .set({
      state,
      done: rows,
      ...counts,
      errors: JSON.stringify(errors),
      ignored: JSON.stringify(ignored),
      preview: JSON.stringify(preview),
      finish_time: new Date(),
    })
    .where('_id', '=', job._id)
    .returningAll()
    .executeTakeFirstOrThrow();
  progress.done = rows;
  await announce(progress, state);
  // one-time secrets (a robot's key, a first password) only when what they belong to was written
  return { ...answerOf(finished), ...(state === 'done' && secrets.length ? { secrets } : {}) };
}

/** Rows in batches of `size`. */
async function* batchesOf(rows: AsyncIterable<FileRow>, size: number): AsyncGenerator<FileRow[]> {
  let batch: FileRow[] = [];
  for await (const r of rows) {
    batch.push(r);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/** One row: matched by its key and edited, or added; refused with an error otherwise (the caller's savepoint
 * undoes whatever it began). */
async function importRow(
  trx: DB,
  ctx: CallContext,
  served: Served,
  cells: Row,
  cellErrors: CellError[],
  target?: Served,
): Promise<Done> {
  const { def } = served;
  const { body, key } = prepare(def, ctx, cells, cellErrors);
  const table = target?.def ?? def;
  let q = byName(trx).selectFrom(table.table).selectAll();
  for (const [i, k] of def.import!.key.entries()) q = q.where(k, '=', key[i]);
  if (table.remove) q = q.where(table.remove.field, '<>', table.remove.value);
  const found = await q.limit(2).forUpdate().execute();
  if (found.length > 1) throw conflict('vf.import.error.ambiguous');
  const existing = found[0];
  if (target) return actionRow(trx, ctx, def, target, existing, body);
  if (existing) {
    const edit = judgeEdit(def, ctx, existing, body);
    if ('outcome' in edit) return edit;
    const { values, changed, record } = edit;
    const saved = await updateRow(trx, ctx, served, existing, values);
    if (!saved) return { outcome: 'unchanged', record, values, secrets: [] };
    const before = Object.fromEntries(changed.map((k) => [k, existing[k]]));
    return { outcome: 'updated', record, values, before, version: Number(saved[VERSION]), secrets: [] };
  }
  const { values, secrets, passwordField } = judgeAdd(def, ctx, body);
  const reply: Row = {};
  const saved = await insertRow(trx, ctx, served, values, reply);
  if (def.reveal && typeof reply[def.reveal] === 'string')
    secrets.push({ field: def.reveal, value: String(reply[def.reveal]) });
  const shown = { ...values };
  if (passwordField) delete shown[passwordField];
  return { outcome: 'created', record: String(saved._id), values: shown, version: Number(saved[VERSION]), secrets };
}

/** Whether a resource's rows may be judged and written a batch at a time (importBatch): hooks that must see each
 * write alone (after-write, an edit guard, a before-write check with no batch form), an action import, an
 * account's first password and a one-time key keep the row-by-row path. */
function batchable({ def, hooks }: Served, target?: Served) {
  if (target || hooks.afterWrite || hooks.guard || (hooks.beforeWrite && !hooks.beforeWriteMany)) return false;
  return !def.reveal && !Object.values(def.fields).some((f) => f.type === 'password');
}

type Result = { done: Done } | { error: unknown };

/**
 * The rows of one batch judged and written together, as importRow would one by one: one statement finds (and
 * locks) every key, one the stores' brands, one the before-write checks, one INSERT adds the new rows, one UPDATE
 * per set of changed columns edits the others, one INSERT logs them. Answers each row's result, or undefined when
 * the batch must go row by row (two rows with one key: the second would find the first). A database error is
 * thrown for the caller to undo the batch and go row by row, which names the row it came from.
 */
async function importBatch(
  trx: DB,
  ctx: CallContext,
  { def, hooks }: Served,
  lines: Array<{ body: Row; errors: CellError[] }>,
): Promise<Result[] | undefined> {
  const results: Result[] = new Array(lines.length);
  const refuse = (i: number) => (error: unknown) => (results[i] = { error });
  const keyed: Array<{ i: number; body: Row; key: string }> = [];
  const keys = new Set<string>();
  const keyValues: unknown[][] = [];
  for (const [i, line] of lines.entries()) {
    try {
      const { body, key } = prepare(def, ctx, line.body, line.errors);
      const k = JSON.stringify(key.map(String));
      if (keys.has(k)) return undefined;
      keys.add(k);
      keyValues.push(key);
      keyed.push({ i, body, key: k });
    } catch (e) {
      refuse(i)(e);
    }
  }
  const keyColumns = def.import!.key;
  const found = new Map<string, Row[]>();
  if (keyed.length) {
    // the keys as rows of the table (typed as its columns) joined in one statement: a list of `a = $1 and b = $2`
    // alternatives costs the planner ~0.3 ms an alternative, longer than the rows' own work
    const keyRows = keyValues.map((v) => Object.fromEntries(keyColumns.map((k, j) => [k, v[j]])));
    const columns = sql.join(keyColumns.map((k) => sql.ref(k)));
    const removed = def.remove ? sql`AND ${sql.ref(def.remove.field)} <> ${def.remove.value}` : sql``;
    const q = sql<Row>`SELECT * FROM ${sql.table(def.table)} WHERE (${columns}) IN (SELECT ${columns}
      FROM jsonb_populate_recordset(NULL::${sql.table(def.table)}, ${JSON.stringify(keyRows)}::jsonb)) ${removed}
      FOR UPDATE`;
    for (const row of (await q.execute(trx)).rows) {
      const k = JSON.stringify(keyColumns.map((c) => String(row[c])));
      found.set(k, [...(found.get(k) ?? []), row]);
    }
  }

  // each row through importRow's checks in importRow's order, those needing the database kept for one statement
  type Write = { i: number; existing?: Row; values: Row; row: Row; changed?: string[]; secrets?: Done['secrets'] };
  const writes: Write[] = [];
  for (const { i, body, key } of keyed) {
    try {
      const rows = found.get(key) ?? [];
      if (rows.length > 1) throw conflict('vf.import.error.ambiguous');
      const existing = rows[0];
      if (existing) {
        const edit = judgeEdit(def, ctx, existing, body);
        if ('outcome' in edit) {
          results[i] = { done: edit };
          continue;
        }
        // updateRow's checks before the tenant (no expected version, no guard: batchable)
        if (isLocked(def, existing))
          throw conflict('vf.error.state', {
            field: def.lockedWhen!.field,
            value: String(existing[def.lockedWhen!.field] ?? '—'),
          });
        const fieldErrors: FieldErrors = {};
        for (const [name, f] of Object.entries(def.fields))
          if (f.createOnly && name in edit.values && !same(edit.values[name], existing[name]))
            fieldErrors[name] = { key: f.createOnlyMessage ?? 'vf.validation.create_only' };
        if (Object.keys(fieldErrors).length) throw invalid(fieldErrors);
        writes.push({ i, existing, values: edit.values, row: { ...existing, ...edit.values }, changed: edit.changed });
      } else {
        const { values, secrets } = judgeAdd(def, ctx, body);
        writes.push({ i, values, row: { ...values, _id: def.idField ? values._id : newId() }, secrets });
      }
    } catch (e) {
      refuse(i)(e);
    }
  }
  const stores = [...new Set(writes.map((w) => storeOf(def, ctx, w.row)).filter((d) => d !== undefined))];
  const brands = new Map(
    stores.length
      ? (await trx.selectFrom('dealer').select(['_id', 'integrator']).where('_id', 'in', stores).execute()).map(
          (d) => [d._id, d.integrator] as const,
        )
      : [],
  );
  const settled: Array<Write & { ctx: WriteContext }> = [];
  for (const w of writes) {
    try {
      const store = storeOf(def, ctx, w.row);
      settleTenantWith(def, ctx, w.row, store === undefined ? null : brands.get(store));
      // only a row that names sameAs references costs a statement of its own
      await checkSameAs(trx, def, w.existing ? sameAsGiven(def, w.values, w.row) : w.row, w.row);
      const values = w.existing ? changesOf(def, w.existing, w.values, w.row) : w.row;
      settled.push({
        ...w,
        ctx: { trx, ctx, def, mode: w.existing ? 'edit' : 'create', values, existing: w.existing, reply: {} },
      });
    } catch (e) {
      refuse(w.i)(e);
    }
  }
  const checked = hooks.beforeWriteMany ? await hooks.beforeWriteMany(settled.map((w) => w.ctx)) : [];
  const adds: Array<Write & { ctx: WriteContext }> = [];
  const edits: typeof adds = [];
  for (const [j, w] of settled.entries()) {
    if (checked[j] !== undefined) refuse(w.i)(checked[j]);
    else if (!w.existing) adds.push(w);
    else if (Object.keys(w.ctx.values).length === 0)
      results[w.i] = { done: { outcome: 'unchanged', record: String(w.existing._id), values: w.values, secrets: [] } };
    else edits.push(w);
  }

  const saved = new Map<string, Row>();
  if (adds.length)
    for (const r of await byName(trx)
      .insertInto(def.table)
      .values(adds.map((w) => encode(def, w.ctx.values)))
      .returningAll()
      .execute())
      saved.set(String(r._id), r);
  // one UPDATE per set of changed columns, the new values read from one JSON parameter as rows of the table
  const bySet = new Map<string, typeof edits>();
  for (const w of edits) {
    if ('update_time' in w.existing!) w.ctx.values.update_time = new Date().toISOString();
    const set = JSON.stringify(Object.keys(w.ctx.values).sort());
    bySet.set(set, [...(bySet.get(set) ?? []), w]);
  }
  for (const [set, group] of bySet) {
    const columns = JSON.parse(set) as string[];
    const versioned = VERSION in group[0].existing!;
    const rows = group.map((w) => ({ ...w.ctx.values, _id: w.existing!._id }));
    const assignments = sql.join([
      ...columns.map((c) => sql`${sql.id(c)} = v.${sql.id(c)}`),
      ...(versioned ? [sql`${sql.id(VERSION)} = t.${sql.id(VERSION)} + 1`] : []),
    ]);
    const { rows: updated } = await sql<Row>`UPDATE ${sql.table(def.table)} AS t SET ${assignments}
      FROM jsonb_populate_recordset(NULL::${sql.table(def.table)}, ${JSON.stringify(rows)}::jsonb) AS v
      WHERE t._id = v._id RETURNING t.*`.execute(trx);
    for (const r of updated) saved.set(String(r._id), r);
  }
  const logged: LogEntry[] = [];
  for (const w of [...adds, ...edits].sort((a, b) => a.i - b.i)) {
    const row = saved.get(String(w.ctx.values._id ?? w.existing!._id))!;
    const version = Number(row[VERSION]);
    if (w.existing) {
      logged.push(changeEntry(def, 'edit', { before: w.existing, after: row }));
      const before = Object.fromEntries(w.changed!.map((k) => [k, w.existing![k]]));
      results[w.i] = {
        done: { outcome: 'updated', record: String(row._id), values: w.values, before, version, secrets: [] },
      };
    } else {
      logged.push(changeEntry(def, 'add', { after: row }));
      results[w.i] = {
        done: { outcome: 'created', record: String(row._id), values: { ...w.values }, version, secrets: w.secrets! },
      };
    }
  }
  await writeLogs(trx, ctx, logged);
  return results;
}

/** A row's cells as the body of its write, with its key's values: refused for its cells, or a key left empty,
 * before any database work. */
function prepare(def: ResourceDef, ctx: CallContext, cells: Row, cellErrors: CellError[]) {
  if (cellErrors.length) {
    const bad = new Set(cellErrors.map((c) => c.field));
    const rest = Object.fromEntries(Object.entries(cells).filter(([k]) => !bad.has(k)));
    const { errors } = validateFields(importable(def), rest, 'edit');
    throw new CellRefusal(cellErrors, errors);
  }
  const body: Row = { ...cells };
  for (const name of Object.keys(def.tenant ?? {}).map((k) => def.tenant![k as 'integrator' | 'dealer']!)) {
    const own = callerTenant(def, ctx, name);
    if (own !== undefined && (body[name] === undefined || body[name] === null) && !def.fields[name]?.readOnly)
      body[name] = own;
  }
  const keyErrors: FieldErrors = {};
  const key = def.import!.key.map((k) => body[k] ?? callerTenant(def, ctx, k));
  for (const [i, k] of def.import!.key.entries())
    if (key[i] === undefined || key[i] === null || key[i] === '') keyErrors[k] = { key: 'vf.validation.required' };
  if (Object.keys(keyErrors).length) throw invalid(keyErrors);
  return { body, key };
}

/** A row whose key found `existing`: its checked values and the fields they change, or `unchanged`. */
function judgeEdit(
  def: ResourceDef,
  ctx: CallContext,
  existing: Row,
  body: Row,
): Done | { values: Row; changed: string[]; record: string } {
  const key = def.import!.key;
  // another tenant's row: refused as a taken value is, saying nothing of it (server/http/envelope.ts, 23505)
  if (!inScope(def, ctx.user, existing))
    throw new ApiError(409, 'vf.securityData.unavailable', { field: key[key.length - 1] });
  requirePermission(ctx.user, def.permissions.edit);
  const { values, errors } = validateFields(importable(def), body, 'edit');
  if (Object.keys(errors).length) throw invalid(errors);
  delete values._id;
  const changed = Object.keys(values).filter((k) => !same(values[k], existing[k]));
  const record = String(existing._id);
  if (changed.length === 0) return { outcome: 'unchanged', record, values, secrets: [] };
  return { values, changed, record };
}

/** A row whose key found nothing: its checked values (a first password for an account). */
function judgeAdd(def: ResourceDef, ctx: CallContext, body: Row) {
  requirePermission(ctx.user, def.permissions.add);
  const secrets: Done['secrets'] = [];
  const passwordField = Object.entries(def.fields).find(([, f]) => f.type === 'password')?.[0];
  if (passwordField) {
    body[passwordField] = firstPassword();
    secrets.push({ field: passwordField, value: String(body[passwordField]) });
  }
  const fields = def.idField ? { _id: def.idField, ...def.fields } : def.fields;
  const { values, errors } = validateFields(fields, body, 'create');
  if (Object.keys(errors).length) throw invalid(errors);
  return { values, secrets, passwordField };
}

/** A row of an action import (a stock file): the declared action on the row its key found, with the row's inputs;
 * a row outside the caller's scope is as absent as one that does not exist. */
async function actionRow(
  trx: DB,
  ctx: CallContext,
  def: ResourceDef,
  target: Served,
  existing: Row | undefined,
  body: Row,
) {
  const { name, action } = actionOf(def)!;
  requirePermission(ctx.user, action.permission);
  if (!existing || !inScope(target.def, ctx.user, existing)) throw notFound();
  const { values, errors } = validateFields(action.body ?? {}, body, 'create');
  if (Object.keys(errors).length) throw invalid(errors);
  const saved = await actOn(trx, ctx, target, name, existing, values, {});
  const changed = Object.keys(saved).filter(
    (k) => k !== VERSION && !same(saved[k], existing[k]) && k in target.def.fields,
  );
  const before = Object.fromEntries(changed.map((k) => [k, existing[k]]));
  return {
    outcome: 'updated' as const,
    record: String(existing._id),
    values: { ...values, ...Object.fromEntries(changed.map((k) => [k, saved[k]])) },
    before,
    version: Number(saved[VERSION]),
    secrets: [],
  };
}

/** Why a row was refused, as the spreadsheet says it: its row, the column of each bad field, the message. */
function refusals(e: unknown, row: number, resource: string, columns: ImportColumn[], opts: ImportOptions) {
  const { lang } = opts;
  if (e instanceof CellRefusal)
    return [
      ...e.cells.map((c) => ({
        row,
        column: c.column,
        message: translate(lang, c.key, { ...c.args, field: c.column }),
      })),
      ...fieldRefusals(e.fields, row, resource, columns, lang),
    ];
  const known = opts.classify(e);
  if (!known) opts.onBug(e);
  const err = known ?? new ApiError(500, 'vf.error.server');
  if (err.fieldErrors && Object.keys(err.fieldErrors).length)
    return fieldRefusals(err.fieldErrors, row, resource, columns, lang);
  return [{ row, message: messageOf(lang, resource, err).message }];
}

/** Field errors under the file's own column titles (a field the file has no column of, under its label). */
function fieldRefusals(errors: FieldErrors, row: number, resource: string, columns: ImportColumn[], lang: Lang) {
  return Object.entries(errors).map(([field, fe]) => {
    const column =
      columns.find((c) => c.name === field)?.header ?? translate(lang, `resources.${resource}.fields.${field}`);
    return { row, column, message: translate(lang, fe.key, { ...fe.args, field: column }) };
  });
}

type JobRow = Awaited<ReturnType<typeof openJob>>;

/** The answer of an import as its record says it. */
export function answerOf(job: JobRow): ImportAnswer {
  const live = job.state === 'running' ? runningImport(job._id) : undefined;
  return {
    import_id: job._id,
    resource: job.resource,
    state: job.state,
    mode: job.mode,
    file_name: job.file_name,
    encoding: job.encoding,
    rows: job.total,
    total: job.total,
    done: live?.done ?? job.done,
    created: job.created,
    updated: job.updated,
    unchanged: job.unchanged,
    refused: job.refused,
    errors: job.errors as ImportError[],
    ignored: job.ignored,
    preview: job.preview as ImportAnswer['preview'],
    create_time: new Date(job.create_time).toISOString(),
  };
}

/** An import the caller may read: its own, or any for platform staff. One running in this process is answered from
 * memory: on the embedded database a read would wait for the import's transaction. */
export async function loadImport(db: DB, ctx: CallContext, id: unknown): Promise<JobRow> {
  if (typeof id !== 'string' || id.length > 64) throw notFound();
  const job =
    (runningImport(id)?.job as JobRow | undefined) ??
    (await db.selectFrom('import_job').selectAll().where('_id', '=', id).executeTakeFirst());
  if (!job || (job.account !== ctx.user._id && !isPlatformStaff(ctx.user))) throw notFound();
  return job;
}

/** Asks a running import to stop before it commits (`POST /api/import/{id}/cancel`). */
export async function cancelImport(db: DB, ctx: CallContext, id: unknown) {
  const job = await loadImport(db, ctx, id);
  const live = runningImport(job._id);
  if (job.state !== 'running' || !live) throw conflict('vf.import.error.not_running');
  live.cancelled = true;
  return answerOf(job);
}
