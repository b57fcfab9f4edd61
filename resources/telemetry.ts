// What robots measure (docs/telemetry.md): every metric a heartbeat may carry in `telemetry`, declared once —
// its unit, the range a working sensor can report (a value outside is a broken reading, refused like an
// undeclared metric), and the robot types that report it. The gateway, the rules, the charts, the simulator and
// the food-safety record all read this table; the metric's words are in i18n/features/telemetry.ts.
import { ROBOT_TYPES } from './device';

type RobotType = (typeof ROBOT_TYPES)[number];

export interface MetricDef {
  unit: '°C' | '%' | '';
  /** the sane range: a reading outside it is refused (400) */
  min: number;
  max: number;
  /** the robot types that report it: another type's beat carrying it is refused */
  types: readonly RobotType[];
  /** where a healthy robot of that kind sits (the simulator's centre, the chart's usual band) */
  normal: readonly [number, number];
}

const COLD: readonly RobotType[] = ['icecream', 'coffee_icecream'];
const MILK: readonly RobotType[] = ['coffee', 'coffee_icecream', 'milktea'];
const HOT: readonly RobotType[] = ['coffee', 'coffee_icecream', 'milktea', 'noodle'];
const CUPS: readonly RobotType[] = ['icecream', 'coffee', 'coffee_icecream', 'milktea', 'noodle'];

export const METRICS = {
  freezer_temp: { unit: '°C', min: -50, max: 60, types: COLD, normal: [-20, -16] },
  fridge_temp: { unit: '°C', min: -20, max: 60, types: [...MILK, 'fastfood'], normal: [2, 5] },
  boiler_temp: { unit: '°C', min: -20, max: 150, types: HOT, normal: [88, 96] },
  milk_level: { unit: '%', min: 0, max: 100, types: MILK, normal: [20, 100] },
  bean_level: { unit: '%', min: 0, max: 100, types: ['coffee', 'coffee_icecream'], normal: [20, 100] },
  water_level: { unit: '%', min: 0, max: 100, types: [...HOT], normal: [30, 100] },
  waste_level: { unit: '%', min: 0, max: 100, types: ROBOT_TYPES, normal: [0, 70] },
  cups_left: { unit: '', min: 0, max: 10000, types: CUPS, normal: [50, 500] },
} as const satisfies Record<string, MetricDef>;

export type Metric = keyof typeof METRICS;
export const METRIC_NAMES = Object.keys(METRICS) as Metric[];

export function isMetric(name: string): name is Metric {
  return Object.hasOwn(METRICS, name);
}

/** The metrics a robot of this type reports. */
export function metricsOf(type: string): Metric[] {
  return METRIC_NAMES.filter((m) => (METRICS[m].types as readonly string[]).includes(type));
}

/** Raw points answer a series up to this span; hourly rollups beyond it. */
export const RAW_SERIES_HOURS = 48;
/** The most metrics one beat may carry (each is a row). */
export const MAX_METRICS_PER_BEAT = METRIC_NAMES.length;
