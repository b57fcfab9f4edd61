// A virtual customer buys from the robot's menu: an order (stock is taken by the server), the payment,
// then the making flow item by item (WAIT → START → DONE → END), as a real robot reports it.
import type { Gateway } from './gateway';
import { pick } from './faults';

export interface Sale {
  order: string;
  amount: number;
  items: number;
}

/** One sale; undefined when the robot has nothing on its menu. */
export async function sell(
  call: Gateway,
  channel: 'APP' | 'MINIPROGRAM' = Math.random() < 0.5 ? 'APP' : 'MINIPROGRAM',
): Promise<Sale | undefined> {
  const menu = await call('GET', 'menu');
  const products = menu.groups.flatMap((g) => g.products);
  if (products.length === 0) return undefined;
  const items = Array.from({ length: Math.random() < 0.8 ? 1 : 2 }, () => {
    const p = pick(products);
    // One option of each property, as a customer picks on the robot's screen.
    const options = (p.properties ?? []).flatMap((prop) => (prop.options?.length ? [pick(prop.options).code] : []));
    return { product: p._id, quantity: 1, options };
  });
  const pickup_code = String(Math.floor(1000 + Math.random() * 9000));
  const order = await call('POST', 'order', {
    channel,
    items,
    pickup_code,
    pickup_point: 'Robot window',
  });
  await call('POST', 'order/pay', {
    order: order._id,
    pay: {
      pay_type: channel === 'APP' ? 'ALIPAY' : 'WECHAT',
      transaction_id: `SIM${Date.now()}${Math.floor(Math.random() * 1e6)}`,
      amount: order.amount,
      trade_type: 'NATIVE',
      bank_type: 'OTHERS',
    },
  });
  for (const work_status of ['START', 'DONE', 'END'] as const) {
    await call('POST', 'order/progress', { order: order._id, work_status });
  }
  return { order: order._id, amount: order.amount, items: items.length };
}
