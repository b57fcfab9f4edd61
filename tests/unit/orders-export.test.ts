// The order and refund exports' CSV text and the dashboard's time ranges, as a spreadsheet and an
// operator would read them.
import { toCsv } from '../../src/lib/exportList';
import { rangeOf } from '../../src/dashboard/period';

describe('CSV export', () => {
  it('starts with a BOM so Excel reads UTF-8, quotes commas, quotes and line breaks, and leaves empty cells empty', () => {
    const columns = [
      { header: 'Order id', value: (r: Record<string, unknown>) => String(r._id) },
      { header: 'Reason', value: (r: Record<string, unknown>) => (r.reason as string) ?? null },
      { header: 'Amount', value: (r: Record<string, unknown>) => r.amount as number },
    ];
    const csv = toCsv(columns, [
      { _id: 'o1', reason: 'Melted, "soft"\nagain', amount: 12.5 },
      { _id: 'o2', amount: 0 },
      { _id: 'o3', reason: '退款', amount: 3 },
    ]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1).split('\r\n')).toEqual(['Order id,Reason,Amount', 'o1,"Melted, ""soft""\nagain",12.5', 'o2,,0', 'o3,退款,3', '']);
  });
});

describe('dashboard ranges', () => {
  const now = new Date(2026, 10, 23, 15, 30);
  it('counts today from local midnight, and 7 or 30 days including today', () => {
    expect(rangeOf('today', now)).toEqual({ from: new Date(2026, 10, 23), to: now });
    expect(rangeOf('d7', now)?.from).toEqual(new Date(2026, 10, 17));
    expect(rangeOf('d30', now)?.from).toEqual(new Date(2026, 9, 25));
  });
  it('takes both chosen days whole, and refuses a range that ends before it starts', () => {
    expect(rangeOf('range', now, '2026-11-01', '2026-11-02')).toEqual({ from: new Date(2026, 10, 1), to: new Date(2026, 10, 2, 23, 59, 59, 999) });
    expect(rangeOf('range', now, '2026-11-03', '2026-11-02')).toBeNull();
    expect(rangeOf('range', now, '', '2026-11-02')).toBeNull();
  });
});
