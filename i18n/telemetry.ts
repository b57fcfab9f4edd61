// The words of telemetry a server answer carries: a metric's name and a rule alarm's content, in the reader's language
// (the telemetry report, an alarm's text, a notification's).
import type { Lang } from '../resources/accounts';
import { translate } from './index';
import { METRICS, isMetric } from '../resources/telemetry';

export const metricName = (metric: string, lang: Lang) => translate(lang, `vf.telemetry.metric.${metric}`);

/** "Freezer temperature -6°C: above -15°C for 10 min" from a rule alarm's detail (server/features/alarms/alarms.ts openRuleAlarm). */
export function ruleAlarmText(d: Record<string, unknown>, lang: Lang): string {
  const metric = String(d.metric ?? '');
  return translate(lang, 'vf.telemetry.alarm', {
    metric: isMetric(metric) ? metricName(metric, lang) : metric,
    value: Number(d.value),
    unit: isMetric(metric) ? METRICS[metric].unit : '',
    op: translate(lang, `vf.telemetry.op.${d.op === 'lt' ? 'lt' : 'gt'}`),
    threshold: Number(d.threshold),
    minutes: Number(d.for_minutes ?? 0),
  });
}
