// The telemetry's words live with the others (i18n/telemetry.ts), where alarms and notifications read them too.
export { metricName, ruleAlarmText } from '../../../i18n/telemetry';

/** A lock's reason is at most this long (the `lock` command's parameter, resources/command.ts). */
export const LOCK_REASON_MAX = 100;
