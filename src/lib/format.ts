// Formatting helpers (docs/rules.md): yuan from cents, time-ago, number suffixes, dates, numbers and percentages.
// One locale source: every renderer passes the tag of the console's chosen language (localeTag, or the
// useFormat hook which reads it), never the browser's own locale, so an operator who picked 中文 in an
// English browser still reads 2026/11/23 18:44:35. Times are shown in the viewer's own time zone.
import { useMemo } from 'react';
import { useLocaleState } from 'react-admin';
import type { Lang } from '../../resources/accounts';
import { localeTag } from '../../i18n/locale';

export { localeTag };

/** Cents as plain yuan with two decimals ("1234.50"): the form a person types back into an amount input. */
export function yuan(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || Number.isNaN(cents)) return '';
  return (cents / 100).toFixed(2);
}

export function centsFromYuan(value: string | number): number | null {
  const s = String(value).trim();
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

// Intl formatters are costly to build and a list renders hundreds of cells: one per locale and kind.
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
  key: string,
  make: () => T,
): T {
  let f = cache.get(key);
  if (!f) cache.set(key, (f = make()));
  return f as T;
}
const dateFormat = (locale: string) =>
  cached(`d|${locale}`, () => new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit' }));
const timeFormat = (locale: string) =>
  cached(
    `t|${locale}`,
    () => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' }),
  );
/** `digits` fixed, or (undefined) as many as needed up to two: an axis tick 2.5 stays 2.5, 1000 stays whole. */
const numberFormat = (locale: string, digits?: number) =>
  cached(
    `n|${locale}|${digits}`,
    () => new Intl.NumberFormat(locale, { minimumFractionDigits: digits ?? 0, maximumFractionDigits: digits ?? 2 }),
  );

/** Cents as yuan in the language's digits ("12,345.50", es "12.345,50"). */
export function formatMoney(cents: number | string | null | undefined, locale: string): string {
  const n = Number(cents);
  if (cents === null || cents === undefined || cents === '' || Number.isNaN(n)) return '';
  return numberFormat(locale, 2).format(n / 100);
}

/** A count, quantity or amount with the language's grouping and decimal sign ("1,234,567", es "1.234.567"). */
export function formatNumber(n: number | string | null | undefined, locale: string, digits?: number): string {
  const v = Number(n);
  if (n === null || n === undefined || n === '' || Number.isNaN(v)) return '';
  return numberFormat(locale, digits).format(v);
}

/** A share (0.125) as a percentage in the language ("12.5%", es "12,5 %"). */
export function formatPercent(share: number, locale: string, digits = 1): string {
  return cached(
    `p|${locale}|${digits}`,
    () => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: digits }),
  ).format(share);
}

/** Minutes under an hour, hours under a day, else days — in the language. */
export function timeAgo(date: Date | string | number, now: Date | number = Date.now(), locale = 'en'): string {
  const diff = (new Date(date).getTime() - new Date(now).getTime()) / 1000;
  const rtf = cached(`r|${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
  const abs = Math.abs(diff);
  if (abs < 3600) return rtf.format(Math.trunc(diff / 60), 'minute');
  if (abs < 86400) return rtf.format(Math.trunc(diff / 3600), 'hour');
  return rtf.format(Math.trunc(diff / 86400), 'day');
}

/** The suffixes k, M, G, T, P, E (docs/rules.md) after a number in the language's digits ("2.3M", es "2,3M"). */
const SUFFIXES = ['k', 'M', 'G', 'T', 'P', 'E'];
export function numberSuffix(n: number, digits = 1, locale = 'en'): string {
  const short = cached(
    `s|${locale}|${digits}`,
    () => new Intl.NumberFormat(locale, { maximumFractionDigits: digits, useGrouping: false }),
  );
  for (let i = SUFFIXES.length - 1; i >= 0; i--) {
    const size = 1000 ** (i + 1);
    if (Math.abs(n) >= size) return `${short.format(n / size)}${SUFFIXES[i]}`;
  }
  return short.format(n);
}

function valid(value: Date | string | number | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** The language's date, then its time, with a space (Intl puts a comma between them in es and en). */
export function formatDateTime(value: Date | string | number | null | undefined, locale: string): string {
  const d = valid(value);
  return d ? `${dateFormat(locale).format(d)} ${timeFormat(locale).format(d)}` : '';
}

export function formatDate(value: Date | string | number | null | undefined, locale: string): string {
  const d = valid(value);
  return d ? dateFormat(locale).format(d) : '';
}

/** A chart's day ("11月23日", "Nov 23", "23 nov") or hour ("18:00", "06:00 PM") from the server's local
 * 'YYYY-MM-DD' / 'YYYY-MM-DD HH:00' keys, which are already in the viewer's time zone. */
export function formatPeriod(key: string, locale: string, parts: { day?: boolean; hour?: boolean }): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}))?/.exec(key);
  if (!m) return key;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0));
  const options: Intl.DateTimeFormatOptions = {
    ...(parts.day ? { month: 'short', day: 'numeric' } : {}),
    ...(parts.hour ? { hour: '2-digit', minute: '2-digit' } : {}),
  };
  return cached(
    `c|${locale}|${parts.day ? 1 : 0}${parts.hour ? 1 : 0}`,
    () => new Intl.DateTimeFormat(locale, options),
  ).format(d);
}

/** The viewer's UTC offset ("UTC+08:00"), shown where a time range is chosen. */
export function zoneLabel(at: Date = new Date()): string {
  const offset = -at.getTimezoneOffset();
  const abs = Math.abs(offset);
  return `UTC${offset < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export interface Format {
  lang: Lang;
  locale: string;
  dateTime: (v: Date | string | number | null | undefined) => string;
  date: (v: Date | string | number | null | undefined) => string;
  money: (cents: number | string | null | undefined) => string;
  number: (n: number | string | null | undefined, digits?: number) => string;
  percent: (share: number, digits?: number) => string;
  ago: (v: Date | string | number, now?: Date | number) => string;
  suffix: (n: number, digits?: number) => string;
  period: (key: string, parts: { day?: boolean; hour?: boolean }) => string;
}

export function formatFor(lang: Lang): Format {
  const locale = localeTag(lang);
  return {
    lang,
    locale,
    dateTime: (v) => formatDateTime(v, locale),
    date: (v) => formatDate(v, locale),
    money: (c) => formatMoney(c, locale),
    number: (n, digits) => formatNumber(n, locale, digits),
    percent: (s, digits) => formatPercent(s, locale, digits),
    ago: (v, now) => timeAgo(v, now, locale),
    suffix: (n, digits) => numberSuffix(n, digits, locale),
    period: (key, parts) => formatPeriod(key, locale, parts),
  };
}

/** The formatters of the console's chosen language: what every screen renders dates and numbers with. */
export function useFormat(): Format {
  const [lang] = useLocaleState();
  return useMemo(() => formatFor(lang as Lang), [lang]);
}
