// What a virtual robot measures (the metrics declared for its type, resources/telemetry.ts): each value wanders
// slowly around the healthy band, levels run down as the robot sells and are refilled, and now and then a
// temperature leaves its band for a while (a door left open, a failing compressor) and comes back — enough for the
// charts to show a shape and for a rule to catch an excursion.
import { METRICS, metricsOf, type Metric } from '../../../resources/telemetry';

const round = (v: number) => Math.round(v * 10) / 10;
const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

export class Sensors {
  private readonly values = new Map<Metric, number>();
  /** beats left of the current excursion, and which metric it drives */
  private excursion: { metric: Metric; beats: number; step: number } | undefined;

  constructor(
    type: string,
    private readonly excursionChance = 0.002,
  ) {
    for (const m of metricsOf(type)) {
      const [lo, hi] = METRICS[m].normal;
      this.values.set(m, lo + Math.random() * (hi - lo));
    }
  }

  /** One beat's readings. */
  read(): Record<string, number> | undefined {
    if (this.values.size === 0) return undefined;
    this.move();
    return Object.fromEntries([...this.values].map(([m, v]) => [m, m === 'cups_left' ? Math.round(v) : round(v)]));
  }

  /** A sale used a cup and some of what the robot holds. */
  sold() {
    for (const [m, v] of this.values) {
      if (m === 'cups_left') this.values.set(m, v - 1);
      else if (m === 'waste_level') this.values.set(m, v + 0.3);
      else if (m.endsWith('_level')) this.values.set(m, v - 0.4);
    }
  }

  private move() {
    const temps = [...this.values.keys()].filter((m) => METRICS[m].unit === '°C');
    if (!this.excursion && temps.length && Math.random() < this.excursionChance) {
      const metric = temps[Math.floor(Math.random() * temps.length)];
      this.excursion = {
        metric,
        beats: 60 + Math.floor(Math.random() * 120),
        step: metric === 'boiler_temp' ? -0.4 : 0.25,
      };
    }
    for (const [m, v] of this.values) {
      const { min, max, normal } = METRICS[m];
      const [lo, hi] = normal;
      let next = v;
      if (METRICS[m].unit === '°C') {
        const centre = (lo + hi) / 2;
        // drawn back to the band's centre, with a little noise
        next = v + (centre - v) * 0.05 + (Math.random() - 0.5) * (hi - lo) * 0.1;
        if (this.excursion?.metric === m) next = v + this.excursion.step + (Math.random() - 0.5) * 0.1;
      } else if (m === 'cups_left' && v < lo)
        next = 500; // restocked
      else if (m === 'waste_level' && v > hi + 20)
        next = 0; // emptied
      else if (m !== 'waste_level' && m !== 'cups_left' && v < lo - 10) next = 100; // refilled
      this.values.set(m, clamp(next, min, max));
    }
    if (this.excursion && --this.excursion.beats <= 0) this.excursion = undefined;
  }
}
