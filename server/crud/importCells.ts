// An imported file's columns and cells read back into API values — the export's cells (exportCells.ts) inverted.
// A header is a field's name (its cells hold what the API takes: ids, enum values, money in cents) or the export's
// title of it in any of the four languages (its cells hold what the export writes: yuan with two decimals, choices
// and yes/no in words, a reference by its name, looked up within the caller's scope).
import type { DB } from '../db';
import { byName } from './table';
import type { CallContext } from '../auth/context';
import { isSecret, type FieldDef, type ResourceDef } from '../../resources/types';
import { LANGS, type Lang } from '../../resources/accounts';
import { findResource } from '../../resources';
import { translate } from '../../i18n';
import type { FieldError } from '../../resources/validate';
import { scopeConditions } from './scope';
import type { FileRow } from './importFile';

/** A column of the file that names a field: by its name (`api`) or by the export's title (`words`). */
export interface ImportColumn {
  index: number;
  header: string;
  name: string;
  field: FieldDef;
  words: boolean;
}

/** The fields a file may write: what an add or an edit takes, never a secret, a password or a JSON value; for an
 * action import (a stock file), the key that finds the row and the action's own inputs. */
export function importable(def: ResourceDef): Record<string, FieldDef> {
  const run = actionOf(def);
  if (run) {
    const key = Object.fromEntries(def.import!.key.map((k) => [k, { ...run.target.fields[k], readOnly: undefined }]));
    return { ...key, ...run.action.body };
  }
  const fields: Record<string, FieldDef> = def.idField ? { _id: def.idField } : {};
  for (const [n, f] of Object.entries(def.fields))
    if (!f.readOnly && !isSecret(f) && !f.derived && f.type !== 'json' && f.type !== 'image') fields[n] = f;
  return fields;
}

const norm = (s: string) => s.trim().toLowerCase();

/** The declared action an import runs on each row's match (ResourceDef.import.action), with its resource. */
export function actionOf(def: ResourceDef) {
  const a = def.import?.action;
  if (!a) return undefined;
  const target = findResource(a.resource)!;
  return { target, name: a.name, action: target.actions![a.name] };
}

/** The file's columns by their headers; headers naming no field are `ignored` (the export's read-only columns,
 * such as a robot's state, are known and skipped quietly). */
export function columnsOf(def: ResourceDef, headers: string[]) {
  const fields = importable(def);
  const titles = new Map<string, string>();
  for (const name of new Set(['_id', ...Object.keys(def.fields), ...Object.keys(fields)]))
    for (const lang of LANGS) {
      const t = translate(lang, `resources.${def.name}.fields.${name}`);
      if (!t.startsWith('resources.')) titles.set(norm(t), name);
    }
  const columns: ImportColumn[] = [];
  const ignored: string[] = [];
  const seen = new Set<string>();
  headers.forEach((header, index) => {
    if (header === '') return;
    const h = header.trim();
    const byField = h in def.fields || h in fields || h === '_id' ? h : undefined;
    const name = byField ?? titles.get(norm(header));
    if (!name) return void ignored.push(header);
    const field = fields[name];
    // a password or secret is never read from a file: said, as an unknown column is
    if (!field && def.fields[name] && isSecret(def.fields[name])) return void ignored.push(header);
    if (!field || seen.has(name)) return; // known, but no import writes it (or named twice: the first counts)
    seen.add(name);
    columns.push({ index, header, name, field, words: byField === undefined });
  });
  return { columns, ignored };
}

/** Words of each choice (and yes/no) in every language, to the stored value. */
function wordsOf(def: ResourceDef, col: ImportColumn): Map<string, unknown> {
  const words = new Map<string, unknown>();
  if (col.field.type === 'boolean') {
    for (const lang of LANGS) {
      words.set(norm(translate(lang, 'ra.boolean.true')), true);
      words.set(norm(translate(lang, 'ra.boolean.false')), false);
    }
    for (const [w, v] of [
      ['true', true],
      ['false', false],
      ['1', true],
      ['0', false],
    ] as const)
      words.set(w, v);
  }
  for (const c of col.field.choices ?? []) {
    words.set(norm(c), c);
    for (const lang of LANGS) {
      const key = `resources.${def.name}.choices.${col.name}.${c}`;
      const t = translate(lang, key);
      if (t !== key) words.set(norm(t), c);
    }
  }
  return words;
}

/** Yuan with at most two decimals as cents, in integers (no float rounding): "12.5" → 1250, 30 → 3000. */
export function centsOf(text: string): number | undefined {
  const m = /^(-?)(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/^[¥￥$]/, ''));
  if (!m) {
    // an .xlsx number cell read back as text: 12.499999999 is 12.50 as the sheet shows it
    const n = Number(text);
    return Number.isFinite(n) && Math.abs(n) < 1e9 ? Math.round(n * 100) : undefined;
  }
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

export type CellError = FieldError & { column: string; field: string };

export type ReadLine = { row: number; body: Record<string, unknown>; errors: CellError[] };

/** Reads rows' cells into bodies for the API, or errors naming the column, a batch at a time; references by name
 * are looked up for each batch's names not met before, within what the caller may see, through `db` — the
 * import's transaction (the embedded database's one connection is the transaction's until it ends). */
export function rowReader(ctx: CallContext, def: ResourceDef, columns: ImportColumn[], lang: Lang) {
  const words = new Map(columns.map((c) => [c.name, wordsOf(def, c)]));
  const names = referenceNames(ctx, columns);
  return async (db: DB, rows: FileRow[]): Promise<ReadLine[]> => {
    const known = await names(db, rows);
    return rows.map(({ row, cells }) => {
      const body: Record<string, unknown> = {};
      const errors: CellError[] = [];
      for (const col of columns) {
        const text = (cells[col.index] ?? '').trim();
        if (text === '') {
          body[col.name] = col.field.type === 'choices' || col.field.type === 'references' ? [] : null;
          continue;
        }
        const value = cellValue(col, text, words.get(col.name)!, known.get(col.name));
        if (value === undefined) errors.push({ column: col.header, field: col.name, ...cellError(def, col, lang) });
        else body[col.name] = value;
      }
      return { row, body, errors };
    });
  };
}

function cellError(def: ResourceDef, col: ImportColumn, lang: Lang): FieldError {
  // under the export's title the choices are offered in the reader's words, as the export wrote them
  const choice = (c: string) => {
    const key = `resources.${def.name}.choices.${col.name}.${c}`;
    const t = translate(lang, key);
    return col.words && t !== key ? t : c;
  };
  switch (col.field.type) {
    case 'money':
      return { key: col.words ? 'vf.import.error.yuan' : 'vf.validation.integer' };
    case 'number':
      return { key: 'vf.validation.integer' };
    case 'boolean':
      return { key: 'vf.validation.type_boolean' };
    case 'choice':
    case 'choices':
      return { key: 'vf.validation.choice', args: { choices: (col.field.choices ?? []).map(choice).join(', ') } };
    case 'reference':
    case 'references':
      return { key: 'vf.import.error.reference' };
    default:
      return { key: 'vf.validation.type_text' };
  }
}

const list = (text: string) =>
  text
    .split(/[,，、]/)
    .map((s) => s.trim())
    .filter(Boolean);

/** One cell's API value, or undefined when it cannot be one. */
function cellValue(
  col: ImportColumn,
  text: string,
  words: Map<string, unknown>,
  names: Map<string, string | null> | undefined,
): unknown {
  const ref = (s: string) => {
    const id = names?.get(norm(s));
    return id === null ? undefined : (id ?? s); // null: two rows of that name, which one is not said
  };
  switch (col.field.type) {
    case 'money':
      return col.words ? centsOf(text) : /^-?\d{1,15}$/.test(text) ? Number(text) : undefined;
    case 'number':
      return /^-?\d{1,15}(\.0+)?$/.test(text) ? Math.trunc(Number(text)) : undefined;
    case 'boolean':
    case 'choice':
      return words.get(norm(text));
    case 'choices': {
      const values = list(text).map((w) => words.get(norm(w)));
      return values.some((v) => v === undefined) ? undefined : values;
    }
    case 'reference':
      return ref(text);
    case 'references': {
      const ids = list(text).map(ref);
      return ids.some((v) => v === undefined) ? undefined : ids;
    }
    default:
      return text;
  }
}

/**
 * For each reference column, its cells' names to ids among the rows the caller may see (a store of one's own
 * brand, by its name): a name two such rows share maps to null (ambiguous). Under a field's name the cells are
 * ids already; under the title, a cell that names no row is kept as it is (it may be an id: the export writes a
 * row without a title by its id). Each batch asks for the names no batch before it asked for.
 */
function referenceNames(ctx: CallContext, columns: ImportColumn[]) {
  const out = new Map<string, Map<string, string | null>>();
  const asked = new Map<string, Set<string>>();
  return async (db: DB, rows: FileRow[]) => {
    for (const col of columns) {
      if (!col.words || (col.field.type !== 'reference' && col.field.type !== 'references')) continue;
      const target = findResource(col.field.reference ?? '');
      if (!target?.title || target.title === '_id') continue;
      const seen = asked.get(col.name) ?? new Set<string>();
      asked.set(col.name, seen);
      const map = out.get(col.name) ?? new Map<string, string | null>();
      out.set(col.name, map);
      const wanted = new Set<string>();
      for (const r of rows) {
        const t = (r.cells[col.index] ?? '').trim();
        if (!t) continue;
        for (const n of col.field.type === 'references' ? list(t) : [t]) if (!seen.has(n)) wanted.add(n);
      }
      if (!wanted.size) continue;
      for (const n of wanted) seen.add(n);
      const scope = scopeConditions(target, ctx.user);
      if (scope === 'none') continue;
      let q = byName(db)
        .selectFrom(target.table)
        .select(['_id', target.title])
        .where(target.title, 'in', [...wanted]);
      for (const [column, value] of scope) q = q.where(column, '=', value);
      if (target.list.hide) q = q.where(target.list.hide.field, '<>', target.list.hide.value);
      for (const found of await q.execute()) {
        const key = norm(String(found[target.title]));
        map.set(key, map.has(key) && map.get(key) !== found._id ? null : String(found._id));
      }
    }
    return out;
  };
}
