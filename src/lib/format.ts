// Formatting helpers (SPEC §9): yuan from cents, time-ago, number suffixes, dates in the user's locale.
import type { Lang } from '../../resources/accounts';

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

export function timeAgo(date: Date | string | number, now: Date | number = Date.now(), locale = 'en'): string {
  const diff = (new Date(date).getTime() - new Date(now).getTime()) / 1000;
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const abs = Math.abs(diff);
  if (abs < 3600) return rtf.format(Math.trunc(diff / 60), 'minute');
  if (abs < 86400) return rtf.format(Math.trunc(diff / 3600), 'hour');
  return rtf.format(Math.trunc(diff / 86400), 'day');
}

const SUFFIXES = ['k', 'M', 'G', 'T', 'P', 'E'];
export function numberSuffix(n: number, digits = 1): string {
  for (let i = SUFFIXES.length - 1; i >= 0; i--) {
    const size = 1000 ** (i + 1);
    if (Math.abs(n) >= size) return `${(n / size).toFixed(digits).replace(/\.0+$/, '')}${SUFFIXES[i]}`;
  }
  return String(n);
}

function valid(value: Date | string | number | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

export function formatDateTime(value: Date | string | number | null | undefined, locale: string): string {
  const d = valid(value);
  return d ? new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(d) : '';
}

export function formatDate(value: Date | string | number | null | undefined, locale: string): string {
  const d = valid(value);
  return d ? new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(d) : '';
}

export function localeTag(lang: Lang): string {
  return { zh: 'zh-CN', en: 'en-US', es: 'es-ES', ja: 'ja-JP' }[lang];
}
