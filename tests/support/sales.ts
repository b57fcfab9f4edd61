// Sales history for the forecasts' tests (docs/replenishment.md): `perDay` units of one product a day over the
// `days` whole days before today, at 04:00 UTC (midday in the demo stores' zone), written as paid orders through
// the rollups' own triggers, as robots' sales are.
import type { DB } from '../../server/db';

const DAY = 86_400_000;

export async function sellHistory(db: DB, dealer: string, code: string, perDay: number, days = 21) {
  const p = await db
    .selectFrom('product')
    .select(['_id', 'name', 'price', 'integrator', 'type'])
    .where('dealer', '=', dealer)
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  const rows = [];
  for (let d = 1; d <= days; d++)
    for (let k = 0; k < perDay; k++) {
      const time = new Date(Math.floor(Date.now() / DAY - d) * DAY + 4 * 3_600_000 + k * 60_000).toISOString();
      rows.push({
        _id: `hist_${dealer}_${code}_${d}_${k}`,
        integrator: p.integrator,
        dealer,
        device: null,
        device_type: p.type,
        channel: 'APP' as const,
        status: 'CLOSE' as const,
        pay_status: 'PAID' as const,
        work_status: 'END' as const,
        amount: p.price,
        quantity: 1,
        products: JSON.stringify([{ item: 1, product: p._id, code, name: p.name, price: p.price, quantity: 1 }]),
        flow: '[]',
        pay_history: '[]',
        refund_amount: 0,
        forward: false,
        create_time: time,
        update_time: time,
      });
    }
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('orders')
      .values(rows.slice(i, i + 200))
      .execute();
}
