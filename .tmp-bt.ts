import { generator, hourlyDemand, type Place } from '/work/wt/plan/server/demo/demand';
import { backtest, seasonal, type Day } from '/work/wt/plan/server/features/forecast/method';
for (const place of ['station','mall','campus','flat'] as Place[]) {
  const rnd = generator(7);
  const items: Day[][] = [];
  for (let k = 0; k < 20; k++) {
    const h = hourlyDemand(rnd, place, 1, 84, 3 + 20 * rnd());
    items.push(h.map((hours, d) => ({ weekday: (1 + d) % 7, sold: hours.reduce((a, b) => a + b, 0) })));
  }
  for (const hl of [7, 14, 28, 1000]) {
    const r = backtest(items, 28, 84 - 8, 7, () => seasonal({ level: null }, hl));
    console.log(place, hl, r.wape?.toFixed(3), r.baseline_wape?.toFixed(3));
  }
}
