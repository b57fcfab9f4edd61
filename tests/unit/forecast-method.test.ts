// The forecast method (server/features/forecast/method.ts, docs/replenishment.md "The method"): what an operator
// relies on — Saturday is not Tuesday, a sold-out afternoon is not a day without demand, a new product leans on
// its store's figures, unlimited stock never runs empty.
import {
  backtest,
  blendLevel,
  emptying,
  ownLevel,
  perDay,
  seasonal,
  weeklyRhythm,
  FLAT_SHAPE,
  type Day,
} from '../../server/features/forecast/method';
import { generator, hourlyDemand } from '../../server/demo/demand';

/** `weeks` weeks of a shop selling `weekday[w]` units on weekday w, Monday first. */
const history = (weeks: number, perWeekday: number[]): Day[] =>
  Array.from({ length: weeks * 7 }, (_, i) => {
    const weekday = (1 + i) % 7;
    return { weekday, sold: perWeekday[weekday] };
  });

describe('the forecast method', () => {
  it('learns the weekly rhythm: a shop busy on Saturdays is forecast busy on Saturday', () => {
    const days = history(4, [10, 10, 10, 10, 10, 10, 30]); // Sunday … Saturday
    const rhythm = weeklyRhythm(days);
    expect(rhythm[6]).toBeGreaterThan(rhythm[2] * 2);
    const next = seasonal()(days, 1, 7); // Monday to Sunday
    expect(next[5]).toBeGreaterThan(25); // Saturday
    expect(next[1]).toBeLessThan(13); // Tuesday
  });

  it('does not read a sold-out afternoon as no demand', () => {
    const days = history(3, [12, 12, 12, 12, 12, 12, 12]);
    // yesterday it sold 4 by noon, then was sold out: its demand was still about 12
    const onSale = Array.from({ length: 24 }, (_, h) => h < 8);
    days[days.length - 1] = { ...days[days.length - 1], sold: 4, onSale };
    const seen = ownLevel(days, undefined, FLAT_SHAPE);
    expect(seen.perDay).toBeCloseTo(12, 0);
    // read naively (4 units, on sale all day) the level would drop
    const naive = ownLevel(days.map((d) => ({ weekday: d.weekday, sold: d.sold })));
    expect(naive.perDay).toBeLessThan(11.5);
    // a day sold out from the start says nothing of demand
    days[days.length - 2] = { ...days[days.length - 2], sold: 0, onSale: new Array<boolean>(24).fill(false) };
    expect(ownLevel(days).perDay).toBeCloseTo(12, 0);
  });

  it('forecasts a new product from its store until it has history of its own', () => {
    expect(blendLevel({ perDay: 0, days: 0 }, 20)).toBe(20); // nothing of its own: the store's level
    expect(blendLevel({ perDay: 10, days: 7 }, 20)).toBe(15); // a week: half and half
    expect(blendLevel({ perDay: 10, days: 56 }, 20)).toBeLessThan(11.2); // eight weeks: nearly its own
    expect(blendLevel({ perDay: 10, days: 3 }, null)).toBe(10); // no fallback either: what it has
    const fresh = seasonal({ level: 9 })([], 1, 3);
    expect(fresh).toEqual([9, 9, 9]);
  });

  it('never empties unlimited stock, and times an emptying with its interval', () => {
    const rhythm = weeklyRhythm(history(4, [10, 10, 10, 10, 10, 10, 10]));
    expect(emptying(-1, 10, rhythm, FLAT_SHAPE, { weekday: 1, hour: 0 })).toBeNull();
    expect(emptying(50, 0, rhythm, FLAT_SHAPE, { weekday: 1, hour: 0 })).toBeNull();
    const e = emptying(20, 10, rhythm, FLAT_SHAPE, { weekday: 1, hour: 0 }, 1)!;
    expect(e.hours).toBeCloseTo(48, 0); // 10 a day, 20 left
    expect(e.low).toBeLessThan(e.hours);
    expect(e.high).toBeGreaterThan(e.hours);
    expect(emptying(0, 10, rhythm, FLAT_SHAPE, { weekday: 1, hour: 0 })).toEqual({ hours: 0, low: 0, high: 0 });
    expect(perDay(10, rhythm, 0, 7)).toHaveLength(7);
  });

  it('beats the 28-day average on a weekly rhythm and is no worse on flat demand', () => {
    const run = (place: 'mall' | 'flat') => {
      const rnd = generator(11);
      const items = Array.from({ length: 8 }, () =>
        hourlyDemand(rnd, place, 1, 70, 8 + 10 * rnd()).map((hours, d) => ({
          weekday: (1 + d) % 7,
          sold: hours.reduce((a, b) => a + b, 0),
        })),
      );
      return backtest(items, 28, 62, 7, () => seasonal());
    };
    const mall = run('mall');
    expect(mall.wape!).toBeLessThan(mall.baseline_wape! * 0.8);
    const flat = run('flat');
    expect(flat.wape!).toBeLessThanOrEqual(flat.baseline_wape! * 1.02);
  });
});

describe('the visit plan parts', () => {
  it('routes from the start along the shortest path, and counts its great-circle km', async () => {
    const { route, pathKm, distanceKm } = await import('../../server/features/forecast/route');
    // Shanghai to Beijing is about 1,070 km as the crow flies
    expect(distanceKm({ lat: 31.23, lng: 121.47 }, { lat: 39.9, lng: 116.4 })).toBeGreaterThan(1000);
    expect(distanceKm({ lat: 31.23, lng: 121.47 }, { lat: 39.9, lng: 116.4 })).toBeLessThan(1100);
    // five stops along a road east of the start, given shuffled: visited west to east
    const stops = [3, 1, 4, 0, 2].map((k) => ({ lat: 31, lng: 121 + 0.01 * (k + 1) }));
    const order = route({ lat: 31, lng: 121 }, stops);
    expect(order.map((i) => stops[i].lng)).toEqual([...stops.map((s) => s.lng)].sort((a, b) => a - b));
    expect(pathKm({ lat: 31, lng: 121 }, stops, order)).toBeCloseTo(
      distanceKm({ lat: 31, lng: 121 }, { lat: 31, lng: 121.05 }),
      5,
    );
  });

  it("fills for the cover: a forecast's use between two moments, and a consumable's pace", async () => {
    const { useBetween } = await import('../../server/features/forecast/plan');
    const { consumable } = await import('../../server/features/forecast/refresh');
    const day = 86_400_000;
    const perDay = [10, 20, 30, 40, 50, 60, 70];
    expect(useBetween(perDay, 0, 0, day)).toBeCloseTo(10);
    expect(useBetween(perDay, 0, day / 2, 2 * day)).toBeCloseTo(5 + 20);
    expect(useBetween(perDay, 0, 6 * day, 9 * day)).toBeCloseTo(70 + 10 + 20); // past the week it repeats
    // milk falling 2 % an hour, refilled once (the refill's hour is no use): 39 hours of use in 40
    const levels = Array.from({ length: 49 }, (_, h) => (h < 20 ? 80 - 2 * h : 100 - 2 * (h - 20)));
    const c = consumable(levels.slice(0, 41))!;
    expect(c.perDay).toBeCloseTo(((39 * 2) / 40) * 24);
    expect(c.hours).toBeCloseTo((c.level / c.perDay) * 24);
    expect(consumable([50, 50, 50])).toMatchObject({ perDay: 0, hours: null });
  });
});
