// Demo sales: a few hundred orders over the last 30 days on the demo robots, most paid, some refunded,
// a few waiting for approval, one refused by the channel — so the dashboard and lists show something.
// Deterministic (a seeded generator), written in a few bulk statements.
import type { Insertable, NotNull } from 'kysely';
import type { DB, Tables } from '../index';

/** A small deterministic generator (mulberry32), so every demo database holds the same sales. */
function generator(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Sellable {
  product: string;
  code: string;
  name: string;
  price: number;
}

/** What a robot type sells when its store has no products of that type yet. */
const FALLBACK: Record<string, Array<[string, string, number]>> = {
  icecream: [
    ['IC-VAN', 'Vanilla cone', 800],
    ['IC-CHO', 'Chocolate cone', 900],
    ['IC-SUN', 'Strawberry sundae', 1200],
  ],
  coffee: [
    ['CF-AME', 'Americano', 1200],
    ['CF-LAT', 'Latte', 1500],
    ['CF-CAP', 'Cappuccino', 1500],
  ],
  coffee_icecream: [
    ['CI-AFF', 'Affogato', 1800],
    ['CF-LAT', 'Latte', 1500],
  ],
  noodle: [
    ['ND-BEE', 'Beef noodles', 2200],
    ['ND-RAM', 'Shoyu ramen', 2500],
  ],
  milktea: [
    ['MT-BOB', 'Boba milk tea', 1400],
    ['MT-TAR', 'Taro milk tea', 1500],
  ],
  fastfood: [
    ['FF-BUR', 'Chicken burger', 2000],
    ['FF-RIC', 'Curry rice', 2300],
  ],
};

export const DEMO_ORDER_COUNT = 420;

export default async function seedOrders(db: DB) {
  const devices = await db
    .selectFrom('device')
    .select(['_id', 'name', 'type', 'integrator', 'dealer'])
    .where('dealer', 'is not', null)
    .$narrowType<{ dealer: NotNull }>()
    .orderBy('_id')
    .execute();
  if (devices.length === 0) return;
  const products = await db.selectFrom('product').select(['_id', 'code', 'name', 'price', 'type', 'dealer']).execute();
  // A refund is asked for by an account of the order's own store and decided by one of its brand, as in a real
  // fleet: not store-a1 or store-b1 for the orders of every store.
  const accounts = await db
    .selectFrom('account')
    .select(['_id', 'account_type', 'integrator', 'dealer'])
    .where('account_type', 'in', ['INTEGRATOR', 'DEALER'])
    .orderBy('_id')
    .execute();
  const storeAccount = new Map<string, string>();
  const brandAccount = new Map<string, string>();
  for (const a of accounts) {
    if (a.account_type === 'DEALER' && a.dealer && !storeAccount.has(a.dealer)) storeAccount.set(a.dealer, a._id);
    if (a.account_type === 'INTEGRATOR' && a.integrator && !brandAccount.has(a.integrator))
      brandAccount.set(a.integrator, a._id);
  }
  const menu = (dealer: string, type: string): Sellable[] => {
    const own = products
      .filter((p) => p.dealer === dealer && p.type === type)
      .map((p) => ({ product: p._id, code: p.code, name: p.name, price: p.price }));
    if (own.length) return own;
    return (FALLBACK[type] ?? FALLBACK.icecream).map(([code, name, price]) => ({
      product: `demo_${dealer}_${code}`,
      code,
      name,
      price,
    }));
  };

  const rnd = generator(20240601);
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)];
  const now = Date.now();
  const orders: Insertable<Tables['orders']>[] = [];
  const refunds: Insertable<Tables['refund']>[] = [];
  const shares: Insertable<Tables['profit_share']>[] = [];
  for (let i = 0; i < DEMO_ORDER_COUNT; i++) {
    const d = pick(devices);
    // more sales lately, and none in the future
    const age = Math.floor(Math.pow(rnd(), 1.4) * 30 * 86_400_000) + 5 * 60_000;
    const time = new Date(now - age);
    const lines = 1 + Math.floor(rnd() * rnd() * 3);
    const items = Array.from({ length: lines }, (_, n) => {
      const p = pick(menu(d.dealer, d.type));
      return {
        item: n + 1,
        product: p.product,
        code: p.code,
        name: p.name,
        price: p.price,
        quantity: 1 + Math.floor(rnd() * rnd() * 3),
        options: [],
        work_status: 'END',
      };
    });
    const amount = items.reduce((t, x) => t + x.price * x.quantity, 0);
    const quantity = items.reduce((t, x) => t + x.quantity, 0);
    const roll = rnd();
    const failed = roll > 0.97;
    const waiting = !failed && roll > 0.93;
    const id = `demo_order_${String(i).padStart(4, '0')}`;
    const paid = !waiting;
    const payType = rnd() < 0.7 ? 'WECHAT' : 'ALIPAY';
    const stamp = (ms: number) => new Date(time.getTime() + ms).toISOString();
    const flow = failed
      ? [
          { item: 1, work_status: 'START', time: stamp(20_000) },
          { item: 1, work_status: 'FAILD', time: stamp(90_000), end_type: 'MACHINE', end_msg: 'Dispenser jammed' },
        ]
      : waiting
        ? []
        : items.flatMap((x, n) =>
            ['START', 'DONE', 'END'].map((w, k) => ({
              item: x.item,
              work_status: w,
              time: stamp(30_000 + n * 120_000 + k * 50_000),
            })),
          );
    const order: Insertable<Tables['orders']> = {
      _id: id,
      integrator: d.integrator,
      dealer: d.dealer,
      device: d._id,
      device_type: d.type,
      device_name: d.name,
      channel: rnd() < 0.6 ? 'MINIPROGRAM' : 'APP',
      status: failed ? 'FAILD' : waiting ? 'CREATED' : 'CLOSE',
      pay_status: paid ? 'PAID' : 'WAITPAY',
      pay_time: paid ? stamp(8_000) : null,
      pay_type: paid ? payType : null,
      work_status: failed ? 'FAILD' : waiting ? 'WAIT' : 'END',
      amount,
      quantity,
      products: JSON.stringify(items.map((x) => ({ ...x, work_status: failed ? 'FAILD' : waiting ? 'WAIT' : 'END' }))),
      flow: JSON.stringify(flow),
      pickup_point: d.name,
      pickup_code: String(1000 + Math.floor(rnd() * 9000)),
      end_type: failed ? 'MACHINE' : waiting ? null : 'NORMAL',
      end_msg: failed ? 'Dispenser jammed' : null,
      pay: paid
        ? JSON.stringify({
            transaction_id: `${payType === 'WECHAT' ? 'WX' : 'AP'}${time.getTime()}${i}`,
            trade_type: payType === 'WECHAT' ? 'JSAPI' : 'FACE_TO_FACE',
            state: 'SUCCESS',
            result: 'SUCCESS',
            bank_type: pick(['CMB', 'ICBC', 'CCB', 'OTHERS']),
            amount,
            real_amount: amount,
            account: `payer-${i % 97}`,
            account_type: payType,
          })
        : null,
      close_time: failed || !waiting ? stamp(400_000) : null,
      close_reason: failed ? 'Making failed' : null,
      forward: i % 23 === 5,
      forward_from: i % 23 === 5 ? pick(['Meituan', 'Eleme']) : null,
      refund_status: null,
      refund_amount: 0,
      create_time: time.toISOString(),
      update_time: time.toISOString(),
    };
    if (paid) {
      const platform = Math.floor((amount * 6) / 1000);
      const brand = Math.floor((amount * 94) / 1000);
      shares.push({
        _id: `demo_share_${i}`,
        order: id,
        integrator: d.integrator,
        dealer: d.dealer,
        status: 'success',
        amount,
        detail: JSON.stringify([
          { receiver: 'platform', type: 'platform', amount: platform },
          { receiver: d.integrator, type: 'integrator', amount: brand },
          { receiver: d.dealer, type: 'dealer', amount: amount - platform - brand },
        ]),
        time: stamp(60_000),
      });
      // failed makes are refunded; a few others are refunded, pending or refused by the channel
      const r = rnd();
      const status = failed
        ? 'SUCCESS'
        : r < 0.06
          ? 'SUCCESS'
          : r < 0.085
            ? 'CREATED'
            : r < 0.09
              ? 'CHANGE'
              : r < 0.1
                ? 'REFUNDCLOSE'
                : null;
      if (status) {
        const refundAmount = failed || r < 0.03 ? amount : Math.max(1, Math.round(amount / 2));
        order.refund_status = status;
        order.refund_amount = status === 'SUCCESS' ? refundAmount : 0;
        refunds.push({
          _id: `demo_refund_${i}`,
          order: id,
          integrator: d.integrator,
          dealer: d.dealer,
          status,
          amount: refundAmount,
          real_amount: status === 'SUCCESS' ? refundAmount : null,
          request_time: stamp(600_000),
          refund_time: status === 'SUCCESS' ? stamp(900_000) : null,
          channel: payType,
          channel_id: status === 'SUCCESS' ? `sbx_rf_demo${i}` : null,
          account: `payer-${i % 97}`,
          account_type: payType,
          funds_source: 'UNSETTLED_FUNDS',
          source: failed ? 'robot' : 'console',
          reason: failed
            ? 'Making failed'
            : pick(['Melted before pickup', 'Wrong flavour', 'Cup was not full', 'Customer changed their mind']),
          reject_reason: status === 'REFUNDCLOSE' ? 'Product was picked up and eaten' : null,
          requester: storeAccount.get(d.dealer) ?? null,
          operator: status === 'CREATED' ? null : (brandAccount.get(d.integrator) ?? null),
          error: status === 'CHANGE' ? 'SANDBOX_REFUND_FAILED' : null,
          pickup_code: order.pickup_code,
        });
      }
    }
    orders.push(order);
  }
  for (let i = 0; i < orders.length; i += 200)
    await db
      .insertInto('orders')
      .values(orders.slice(i, i + 200))
      .execute();
  for (let i = 0; i < shares.length; i += 200)
    await db
      .insertInto('profit_share')
      .values(shares.slice(i, i + 200))
      .execute();
  if (refunds.length) await db.insertInto('refund').values(refunds).execute();
}
