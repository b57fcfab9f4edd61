// Formatting helpers (SPEC §9): yuan from cents, time-ago, number suffixes, dates in the user's locale.
import { centsFromYuan, formatDate, formatDateTime, localeTag, numberSuffix, timeAgo, yuan } from '../../src/lib/format';

describe('yuan', () => {
  it('shows cents as yuan with two decimals', () => {
    expect(yuan(12345)).toBe('123.45');
    expect(yuan(5)).toBe('0.05');
    expect(yuan(0)).toBe('0.00');
    expect(yuan(-250)).toBe('-2.50');
    expect(yuan(100000000)).toBe('1000000.00');
  });
  it('shows nothing for a missing amount', () => {
    expect(yuan(null)).toBe('');
    expect(yuan(undefined)).toBe('');
    expect(yuan(Number.NaN)).toBe('');
  });
  it('reads typed yuan back into whole cents, and refuses what is not an amount', () => {
    expect(centsFromYuan('12.3')).toBe(1230);
    expect(centsFromYuan(' 7 ')).toBe(700);
    expect(centsFromYuan('0.07')).toBe(7);
    expect(centsFromYuan('-1.5')).toBe(-150);
    expect(centsFromYuan(19.99)).toBe(1999);
    for (const bad of ['1.234', 'abc', '', '1,5', '1e3', '.5']) expect(centsFromYuan(bad)).toBeNull();
  });
});

describe('timeAgo', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
  it('counts minutes under an hour, hours under a day, days beyond', () => {
    expect(timeAgo(ago(5 * 60), now, 'en')).toBe('5 minutes ago');
    expect(timeAgo(ago(59 * 60), now, 'en')).toBe('59 minutes ago');
    expect(timeAgo(ago(60 * 60), now, 'en')).toBe('1 hour ago');
    expect(timeAgo(ago(23 * 3600 + 59 * 60), now, 'en')).toBe('23 hours ago');
    expect(timeAgo(ago(24 * 3600), now, 'en')).toBe('yesterday');
    expect(timeAgo(ago(3 * 86400 + 5), now, 'en')).toBe('3 days ago');
  });
  it('speaks the user language', () => {
    expect(timeAgo(ago(3 * 60), now, 'zh-CN')).toBe('3分钟前');
    expect(timeAgo(ago(2 * 3600), now, 'ja-JP')).toBe('2 時間前');
    expect(timeAgo(ago(5 * 86400), now, 'es-ES')).toBe('hace 5 días');
  });
  it('accepts strings and numbers as times', () => {
    expect(timeAgo(ago(120).toISOString(), now.getTime(), 'en')).toBe('2 minutes ago');
  });
});

describe('numberSuffix', () => {
  it('uses k, M, G, T, P, E', () => {
    expect(numberSuffix(999)).toBe('999');
    expect(numberSuffix(1000)).toBe('1k');
    expect(numberSuffix(1500)).toBe('1.5k');
    expect(numberSuffix(2_340_000)).toBe('2.3M');
    expect(numberSuffix(7e9)).toBe('7G');
    expect(numberSuffix(1.25e12, 2)).toBe('1.25T');
    expect(numberSuffix(3e15)).toBe('3P');
    expect(numberSuffix(4e18)).toBe('4E');
    expect(numberSuffix(-1500)).toBe('-1.5k');
  });
});

describe('dates in the user locale', () => {
  const d = new Date(2026, 0, 31, 14, 5, 9);
  it('formats a date and a date with time in each of the four languages', () => {
    expect(formatDate(d, localeTag('zh'))).toBe('2026/01/31');
    expect(formatDate(d, localeTag('ja'))).toBe('2026/01/31');
    expect(formatDate(d, localeTag('en'))).toBe('01/31/2026');
    expect(formatDate(d, localeTag('es'))).toBe('31/01/2026');
    expect(formatDateTime(d, localeTag('zh'))).toBe('2026/01/31 14:05:09');
    expect(formatDateTime(d, localeTag('es'))).toBe('31/01/2026, 14:05:09');
    expect(formatDateTime(d, localeTag('en'))).toMatch(/^01\/31\/2026, 0?2:05:09\sPM$/);
  });
  it('shows nothing for a missing or broken date', () => {
    expect(formatDate(null, 'en-US')).toBe('');
    expect(formatDateTime('', 'en-US')).toBe('');
    expect(formatDateTime('not a date', 'en-US')).toBe('');
  });
});
