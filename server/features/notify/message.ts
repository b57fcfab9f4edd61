// What people read (docs/notifications.md): an alarm's message, a digest of several, a channel's test — in the
// channel's language and time zone, naming the robot, store and brand (never ids), the local time, what a telemetry
// rule measured, and a link to the alarm page. E-mails carry the text and an HTML part; bots get the text.
// Nothing secret and no personal data: names of things, never of people.
import { translate } from '../../../i18n';
import { notifyText } from '../../../i18n/notify';
import { RULE_ALARM_CODE } from '../../../resources/alarm';
import type { Lang } from '../../../resources/accounts';
import { setting } from '../../config';
import { ruleAlarmText } from '../../../i18n/telemetry';

/** An alarm as a message names it: read with its robot's, store's and brand's names (./schedule.ts). */
export interface AlarmFacts {
  _id: string;
  level: string;
  code: number;
  detail: Record<string, unknown> | null;
  first_seen: Date | string;
  robot: string | null;
  store: string | null;
  brand: string | null;
  /** a policy event's row in a digest (server/features/notify/events.ts): named by its subject, the alarm's facts
   * null */
  row_kind?: 'alarm' | 'event';
  event_subject?: string | null;
}

export interface Reader {
  language: Lang;
  tz: string;
}

export interface Message {
  subject: string;
  text: string;
  html: string;
}

export const alarmLink = (alarm: string) =>
  `${String(setting('PUBLIC_URL')).replace(/\/+$/, '')}/alarm/${encodeURIComponent(alarm)}/show`;

/** "28 Nov 2026, 03:12 (Asia/Shanghai)": the reader's words for a moment on the channel's clock. */
export function localTime(at: Date | string, r: Reader): string {
  const when = new Date(at);
  const text = new Intl.DateTimeFormat(r.language === 'zh' ? 'zh-CN' : r.language, {
    timeZone: r.tz,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(when);
  return `${text} (${r.tz})`;
}

function title(a: AlarmFacts, lang: Lang): string {
  if (a.code === RULE_ALARM_CODE) return String(a.detail?.name ?? '');
  return notifyText(a.code, lang)?.title ?? String(a.code);
}

/** For a telemetry rule's alarm: "Freezer temperature -8.5°C: above -12°C for 17 min". */
function measured(a: AlarmFacts, lang: Lang): string | null {
  return a.code === RULE_ALARM_CODE && a.detail ? ruleAlarmText(a.detail, lang) : null;
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function lines(a: AlarmFacts, r: Reader): Array<[string, string]> {
  const t = (k: string) => translate(r.language, `vf.notify.${k}`);
  const out: Array<[string, string]> = [
    [t('robot'), a.robot ?? '—'],
    [t('store'), a.store ?? '—'],
    [t('time'), localTime(a.first_seen, r)],
  ];
  const m = measured(a, r.language);
  if (m) out.push([t('measured'), m]);
  else if (a.code !== RULE_ALARM_CODE) out.push([t('detail'), notifyText(a.code, r.language)?.content ?? '']);
  return out;
}

const levelWord = (level: string, lang: Lang) => translate(lang, `vf.notify.level.${level}`);

/** One alarm's message; `tier` > 0 says how long it has waited unacknowledged. */
export function alarmMessage(a: AlarmFacts, r: Reader, tier = 0, afterMinutes = 0): Message {
  const lang = r.language;
  const subject = translate(lang, 'vf.notify.subject', {
    level: levelWord(a.level, lang),
    title: title(a, lang),
    robot: a.robot ?? '—',
  });
  const escalation = tier > 0 ? translate(lang, 'vf.notify.tier', { minutes: afterMinutes, tier }) : null;
  const facts = lines(a, r);
  const link = alarmLink(a._id);
  const linkWord = translate(lang, 'vf.notify.link');
  const text = [
    subject,
    ...(escalation ? [escalation] : []),
    '',
    ...facts.map(([k, v]) => `${k}: ${v}`),
    '',
    `${linkWord}: ${link}`,
  ].join('\n');
  const html = [
    `<h2 style="margin:0 0 8px">${escapeHtml(subject)}</h2>`,
    escalation ? `<p><strong>${escapeHtml(escalation)}</strong></p>` : '',
    '<table cellpadding="4">',
    ...facts.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`),
    '</table>',
    `<p><a href="${escapeHtml(link)}">${escapeHtml(linkWord)}</a></p>`,
  ].join('\n');
  return { subject, text, html };
}

/** Several alarms (and policy events, by their subjects) in one message: a channel's burst, or the warnings held
 * through quiet hours. */
export function digestMessage(alarms: AlarmFacts[], r: Reader, brand: string): Message {
  const lang = r.language;
  const subject = translate(lang, 'vf.notify.digest_subject', { count: alarms.length, brand });
  const intro = translate(lang, 'vf.notify.digest_intro');
  const one = (a: AlarmFacts) =>
    `[${levelWord(a.level, lang)}] ${title(a, lang)} — ${a.robot ?? '—'}, ${a.store ?? '—'}, ${localTime(a.first_seen, r)}` +
    (measured(a, lang) ? ` — ${measured(a, lang)}` : '');
  const isEvent = (a: AlarmFacts) => a.row_kind === 'event';
  const text = [
    subject,
    '',
    intro,
    '',
    ...alarms.map((a) => (isEvent(a) ? `- ${a.event_subject ?? ''}` : `- ${one(a)}\n  ${alarmLink(a._id)}`)),
  ].join('\n');
  const html = [
    `<h2 style="margin:0 0 8px">${escapeHtml(subject)}</h2>`,
    `<p>${escapeHtml(intro)}</p>`,
    '<ul>',
    ...alarms.map((a) =>
      isEvent(a)
        ? `<li>${escapeHtml(a.event_subject ?? '')}</li>`
        : `<li><a href="${escapeHtml(alarmLink(a._id))}">${escapeHtml(one(a))}</a></li>`,
    ),
    '</ul>',
  ].join('\n');
  return { subject, text, html };
}

export function testMessage(r: Reader, brand: string): Message {
  const subject = translate(r.language, 'vf.notify.test_subject');
  const text = translate(r.language, 'vf.notify.test_text', { brand });
  return { subject, text: `${subject}\n\n${text}`, html: `<p>${escapeHtml(text)}</p>` };
}
