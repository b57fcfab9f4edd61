// A list export's cells: stored values turned into what a reader of the file expects — choices and yes/no in the
// caller's language, times in the caller's time zone, money in yuan, references by their titles.
import type { DB } from '../db';
import { byName } from './table';
import type { ResourceDef } from '../../resources/types';
import type { Lang } from '../../resources/accounts';
import { findResource } from '../../resources';
import { translate } from '../../i18n';
import { localeTag } from '../../i18n/locale';
import type { Cell, Column, ExportFormat } from './exportWriters';
import type { Row } from './hooks';

/** reference titles remembered across batches (stores, robots: few); past this the memory is dropped */
const TITLE_CACHE = 20_000;

/** Reference titles by column, then by id: a store's name rather than its id. */
export type Titles = Map<string, Map<string, string>>;

/**
 * Turns stored values into what a reader of the file expects, for one export: one function per column, chosen
 * once, so the per-cell work is the conversion itself (a CPU profile of 200,000 orders showed the per-cell
 * type switch and key building among the export's own costs).
 */
export function formatters(
  def: ResourceDef,
  columns: Column[],
  lang: Lang,
  timeZone: string,
  titles: Titles,
  format: ExportFormat,
): Array<(v: unknown) => Cell> {
  const dates = new Intl.DateTimeFormat(localeTag(lang), {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const yes = translate(lang, 'ra.boolean.true');
  const no = translate(lang, 'ra.boolean.false');
  const choiceOf = (field: string) => {
    const cache = new Map<string, string>();
    return (v: string) => {
      let s = cache.get(v);
      if (s === undefined) {
        const key = `resources.${def.name}.choices.${field}.${v}`;
        s = translate(lang, key);
        if (s === key) s = v;
        cache.set(v, s);
      }
      return s;
    };
  };
  const empty = (v: unknown) => v === null || v === undefined || v === '';
  return columns.map((c): ((v: unknown) => Cell) => {
    switch (c.field.type) {
      case 'money':
        // yuan: a number the .xlsx shows with two decimals (its column's format), the text `12.50` in a CSV
        return format === 'csv'
          ? (v) => (empty(v) ? null : yuan(Number(v)))
          : (v) => (empty(v) ? null : Number(v) / 100);
      case 'number':
      case 'decimal':
        return (v) => (empty(v) ? null : Number(v));
      case 'boolean':
        return (v) => (empty(v) ? null : v ? yes : no);
      case 'datetime':
        return (v) => (empty(v) ? null : dates.format(v instanceof Date ? v : new Date(v as string)));
      case 'choice': {
        const choice = choiceOf(c.name);
        return (v) => (empty(v) ? null : choice(String(v)));
      }
      case 'choices': {
        const choice = choiceOf(c.name);
        return (v) => (empty(v) ? null : (v as string[]).map(choice).join(', '));
      }
      case 'reference':
      case 'references': {
        const own = new Map<string, string>();
        titles.set(c.name, own);
        return c.field.type === 'reference'
          ? (v) => (empty(v) ? null : (own.get(v as string) ?? String(v)))
          : (v) => (empty(v) ? null : (v as string[]).map((x) => own.get(x) ?? x).join(', '));
      }
      default:
        return (v) => (empty(v) ? null : String(v));
    }
  });
}

/** The names of the rows a batch refers to, looked up once per id (a column's map is dropped past TITLE_CACHE). */
export async function loadTitles(db: DB, columns: Column[], rows: Row[], titles: Titles) {
  for (const c of columns) {
    const own = titles.get(c.name);
    if (!own) continue;
    const target = findResource(c.field.reference ?? '');
    if (!target?.title || target.title === '_id') continue;
    if (own.size > TITLE_CACHE) own.clear();
    const ids = new Set<string>();
    for (const r of rows) {
      const v = r[c.name];
      if (v === null || v === undefined) continue;
      if (Array.isArray(v)) {
        for (const id of v) if (!own.has(id)) ids.add(String(id));
      } else if (!own.has(v as string)) ids.add(String(v));
    }
    if (!ids.size) continue;
    const found = await byName(db)
      .selectFrom(target.table)
      .select(['_id', target.title])
      .where('_id', 'in', [...ids])
      .execute();
    for (const f of found) own.set(String(f._id), String(f[target.title] ?? f._id));
  }
}

/** Cents as yuan with two decimals, in integers (no float rounding): 1250 → "12.50", -5 → "-0.05". */
const yuan = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
