// Formatting helpers (docs/rules.md): yuan from cents, time-ago, number suffixes, dates in the user's locale.
import {
  centsFromYuan,
  formatDate,
  formatDateTime,
  formatFor,
  formatPeriod,
  localeTag,
  numberSuffix,
  timeAgo,
  yuan,
  zoneLabel,
} from '../../src/lib/format';

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
    expect(formatDateTime(d, localeTag('es'))).toBe('31/01/2026 14:05:09');
    expect(formatDateTime(d, localeTag('en'))).toBe('01/31/2026 02:05:09 PM');
  });
  it('shows nothing for a missing or broken date', () => {
    expect(formatDate(null, 'en-US')).toBe('');
    expect(formatDateTime('', 'en-US')).toBe('');
    expect(formatDateTime('not a date', 'en-US')).toBe('');
  });
});

// One locale source: what an operator reads in each console language, whatever the browser's own locale.
describe('each console language pins its date-time, amount in yuan and large count', () => {
  const at = new Date(2026, 10, 23, 18, 44, 35);
  const cases = {
    zh: {
      dateTime: '2026/11/23 18:44:35',
      money: '12,345.50',
      count: '1,234,567',
      suffix: '2.3M',
      day: '11月23日',
      hour: '18:00',
      ago: '3小时前',
    },
    en: {
      dateTime: '11/23/2026 06:44:35 PM',
      money: '12,345.50',
      count: '1,234,567',
      suffix: '2.3M',
      day: 'Nov 23',
      hour: '06:00 PM',
      ago: '3 hours ago',
    },
    es: {
      dateTime: '23/11/2026 18:44:35',
      money: '12.345,50',
      count: '1.234.567',
      suffix: '2,3M',
      day: '23 nov',
      hour: '18:00',
      ago: 'hace 3 horas',
    },
    ja: {
      dateTime: '2026/11/23 18:44:35',
      money: '12,345.50',
      count: '1,234,567',
      suffix: '2.3M',
      day: '11月23日',
      hour: '18:00',
      ago: '3 時間前',
    },
  } as const;
  for (const [lang, want] of Object.entries(cases)) {
    it(lang, () => {
      const fmt = formatFor(lang as keyof typeof cases);
      expect(fmt.dateTime(at)).toBe(want.dateTime);
      expect(fmt.dateTime(at.toISOString())).toBe(want.dateTime);
      expect(fmt.money(1234550)).toBe(want.money);
      expect(fmt.number(1234567)).toBe(want.count);
      expect(fmt.suffix(2_340_000)).toBe(want.suffix);
      expect(fmt.period('2026-11-23', { day: true })).toBe(want.day);
      expect(fmt.period('2026-11-23 18:00', { hour: true })).toBe(want.hour);
      expect(fmt.ago(new Date(at.getTime() - 3 * 3600_000), at)).toBe(want.ago);
    });
  }
  it('keeps amounts to two decimals and leaves a missing one empty', () => {
    const es = formatFor('es');
    expect(es.money(5)).toBe('0,05');
    expect(es.money('250')).toBe('2,50');
    expect(es.money(null)).toBe('');
    expect(formatFor('zh').money(-250)).toBe('-2.50');
  });
  it("names percentages the language's way", () => {
    expect(formatFor('es').percent(0.125)).toBe('12,5\u00a0%');
    expect(formatFor('zh').percent(0.125)).toBe('12.5%');
  });
  it('reads a chart key over two days as its day and hour', () => {
    expect(formatPeriod('2026-11-23 08:00', 'ja-JP', { day: true, hour: true })).toBe('11月23日 08:00');
    expect(formatPeriod('garbage', 'en', { day: true })).toBe('garbage');
  });
});

describe('the viewer time zone', () => {
  it('is written as an offset from UTC, the one Intl knows for this machine', () => {
    for (const at of [new Date(2026, 0, 15), new Date(2026, 6, 15)]) {
      const gmt = new Intl.DateTimeFormat('en', { timeZoneName: 'longOffset' })
        .formatToParts(at)
        .find((p) => p.type === 'timeZoneName')!.value;
      expect(zoneLabel(at)).toBe(`UTC${gmt.replace('GMT', '') || '+00:00'}`);
    }
  });
});
