// Which notification codes are alarms, and which codes clear them — the data the alarm life cycle runs on
// (server/features/alarms/alarms.ts), kept beside the code catalogue (./notify_codes.ts) so that a new code is described once.
//
// - A code whose level is `warning` or `error` opens an alarm on its robot (one active alarm per robot and
//   code; repeats raise its count). `info` and `success` codes stay plain messages.
// - A recovery code clears the active alarms of the codes it recovers, listed below.
// - Stock (200000-200009, the last digit the remaining level): a stock code clears the stock alarms of the
//   levels below it (the stock is back above what they warned of). A lower level does not clear a higher
//   one: stock warnings name products, and another product may still be low. Raising a product's stock in
//   the console clears the stock alarms naming it too (server/features/alarms/alarms.ts stockRaised).
import { NOTIFY_CODES, type NotifyLevel } from './notify_codes';

export type AlarmLevel = Extract<NotifyLevel, 'warning' | 'error'>;
export const ALARM_LEVELS: readonly AlarmLevel[] = ['warning', 'error'];

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const MILK = range(200, 212);
/** Stock codes, sold out (200000) first: the index is the stock level the code reports. */
export const STOCK_CODES: readonly number[] = range(200000, 200009);

/** Recovery code → the fault and warning codes it clears. */
export const RECOVERS: Readonly<Record<number, readonly number[]>> = {
  3021: [21],
  3022: [22],
  3023: [23],
  3201: MILK, // milk level back to normal
  3202: MILK, // milk refilled
  3650: [650, 655], // coffee machine reconnected
  3651: [655], // coffee machine responding again
  3652: [650, 655], // coffee machine ready
  3750: [750], // ice level back to normal
  3751: [751], // ice maker's water supply restored
  3806: [806], // art printer's ink replaced
  3807: [807], // art printer back online
  100001: [100002], // connection back
  ...Object.fromEntries(STOCK_CODES.map((code) => [code, STOCK_CODES.filter((other) => other < code)])),
};

/** The code the service raises when a robot stops beating: its alarm is the "offline" alarm. */
export const OFFLINE_CODE = 100002;

/** The alarm level of a code, or undefined when the code is no alarm (info, success, unknown). */
export function alarmLevel(code: number): AlarmLevel | undefined {
  const level = NOTIFY_CODES[code]?.level;
  return level === 'warning' || level === 'error' ? level : undefined;
}

/** The codes a notification clears (none for most). */
export function recoveredBy(code: number): readonly number[] {
  return Object.hasOwn(RECOVERS, code) ? RECOVERS[code] : [];
}
