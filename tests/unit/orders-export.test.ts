// The dashboard's time ranges, as an operator would read them (the exports' files are the server's now:
// tests/api/export.test.ts).
import { rangeOf } from '../../src/dashboard/period';

describe('dashboard ranges', () => {
  const now = new Date(2026, 10, 23, 15, 30);
  it('counts today from local midnight, and 7 or 30 days including today', () => {
    expect(rangeOf('today', now)).toEqual({ from: new Date(2026, 10, 23), to: now });
    expect(rangeOf('d7', now)?.from).toEqual(new Date(2026, 10, 17));
    expect(rangeOf('d30', now)?.from).toEqual(new Date(2026, 9, 25));
  });
  it('takes both chosen days whole, and refuses a range that ends before it starts', () => {
    expect(rangeOf('range', now, '2026-11-01', '2026-11-02')).toEqual({
      from: new Date(2026, 10, 1),
      to: new Date(2026, 10, 2, 23, 59, 59, 999),
    });
    expect(rangeOf('range', now, '2026-11-03', '2026-11-02')).toBeNull();
    expect(rangeOf('range', now, '', '2026-11-02')).toBeNull();
  });
});
