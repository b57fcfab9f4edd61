// The robot's side of an order, as a state machine: a sale (each item snapshotted, its stock taken in the same
// transaction: short stock refuses the order, 409), its payment, its making flow and its cancellation. Every
// move is one transaction on the locked order row and leaves an operation-log row, like every other write
// (the operator is the robot: no account, its device id in the entry). Routes: server/routes/orders.ts.
import { randomInt } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { DB, Tables } from '../db';
import type { GatewayDevice } from '../gateway/auth';
import { badRequest, conflict, notFound } from '../http/errors';
import { newId, writeLog } from '../log';
import { publish } from '../events/bus';
import * as webhookEvents from '../webhooks/events';
import { takeStock, returnStock } from './stock';
import { shareProfit, type PayDetails } from './order';
import { ORDER_CHANNELS, WORK_STATUSES } from '../../resources/order';

export const MAX_ITEMS = 20;
export const MAX_ITEM_QUANTITY = 99;

type Obj = Record<string, unknown>;
type Order = Selectable<Tables['orders']>;
type WorkStatus = (typeof WORK_STATUSES)[number];
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown, max = 100): string | null => (v === undefined || v === null ? null : typeof v === 'string' && v.length <= max ? v : badText());
function badText(): never {
  throw badRequest('vf.orders.error.body');
}
const cents = (v: unknown): number => {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0 || v > 100_000_000) throw badRequest('vf.orders.error.amount');
  return v;
};

export interface ItemSnapshot {
  item: number;
  product: string;
  code: string;
  name: string;
  /** unit price with the chosen options, cents */
  price: number;
  quantity: number;
  options: Array<{ property: string; code: string; name: string; price: number }>;
  work_status: string;
  end_type?: string | null;
  end_msg?: string | null;
}

/** The pay channel details a robot sends, checked and kept. */
function payOf(raw: unknown, amount: number): { pay: PayDetails; pay_type: string | null } | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!isObj(raw)) throw badRequest('vf.orders.error.body');
  const paid = cents(raw.amount);
  if (paid !== amount) throw badRequest('vf.orders.error.pay_amount', { amount: (amount / 100).toFixed(2) });
  const real = raw.real_amount === undefined || raw.real_amount === null ? paid : cents(raw.real_amount);
  if (real > paid) throw badRequest('vf.orders.error.amount');
  return {
    pay_type: str(raw.pay_type, 40),
    pay: {
      transaction_id: str(raw.transaction_id, 100),
      trade_type: str(raw.trade_type, 40),
      state: str(raw.state, 40) ?? 'SUCCESS',
      result: str(raw.result, 200) ?? 'SUCCESS',
      bank_type: str(raw.bank_type, 40),
      amount: paid,
      real_amount: real,
      account: str(raw.account, 100),
      account_type: str(raw.account_type, 40),
    },
  };
}

/** The items of a sale, priced from the store's products and their chosen options, stock taken. */
async function snapshotItems(trx: DB, device: GatewayDevice, raw: unknown): Promise<ItemSnapshot[]> {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > MAX_ITEMS) throw badRequest('vf.orders.error.items', { max: MAX_ITEMS });
  const items: ItemSnapshot[] = [];
  for (const [i, it] of raw.entries()) {
    if (!isObj(it) || typeof it.product !== 'string' || it.product.length > 100) throw badRequest('vf.orders.error.items', { max: MAX_ITEMS });
    const quantity = it.quantity === undefined ? 1 : it.quantity;
    if (typeof quantity !== 'number' || !Number.isSafeInteger(quantity) || quantity < 1 || quantity > MAX_ITEM_QUANTITY) {
      throw badRequest('vf.orders.error.quantity', { max: MAX_ITEM_QUANTITY });
    }
    const codes = it.options === undefined || it.options === null ? [] : it.options;
    if (!Array.isArray(codes) || codes.length > 20 || codes.some((c) => typeof c !== 'string')) throw badRequest('vf.orders.error.options');
    const product = await trx
      .selectFrom('product')
      .select(['_id', 'code', 'name', 'price', 'dealer', 'freeze', 'properties'])
      .where('_id', '=', it.product)
      .executeTakeFirst();
    if (!product || product.dealer !== device.dealer) throw notFound('vf.orders.error.product', { product: it.product });
    if (product.freeze) throw conflict('vf.orders.error.product_frozen', { name: product.name });
    const properties = product.properties;
    const options: ItemSnapshot['options'] = [];
    for (const code of codes as string[]) {
      const found = (properties ?? []).flatMap((p) => (p.options ?? []).map((o) => ({ p, o }))).find(({ o }) => o.code === code);
      if (!found) throw badRequest('vf.orders.error.option', { option: code.slice(0, 40) });
      options.push({ property: found.p.code, code: found.o.code, name: found.o.name, price: Number(found.o.price ?? 0) });
    }
    await takeStock(trx, { productId: product._id, quantity, device: device._id });
    items.push({
      item: i + 1,
      product: product._id,
      code: product.code,
      name: product.name,
      price: product.price + options.reduce((s, o) => s + o.price, 0),
      quantity,
      options,
      work_status: 'WAIT',
    });
  }
  return items;
}

const pickupCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export async function createOrder(db: DB, device: GatewayDevice, body: unknown, ip: string) {
  if (!isObj(body)) throw badRequest('vf.orders.error.body');
  const dealer = device.dealer;
  if (!dealer) throw conflict('vf.orders.error.unbound');
  // out of service (an acknowledged `lock`, docs/commands.md): no sale until it is unlocked
  if (device.locked) throw conflict('vf.commands.error.locked', { reason: device.lock_reason ?? '' });
  const channel = ORDER_CHANNELS.find((c) => c === body.channel);
  if (!channel) throw badRequest('vf.orders.error.channel', { choices: ORDER_CHANNELS.join(', ') });
  const pickup_point = str(body.pickup_point, 100) ?? device.name;
  const pickup_code = str(body.pickup_code, 20) ?? pickupCode();
  const forward_from = str(body.forward_from, 100);
  const saved = await db.transaction().execute(async (trx) => {
    const products = await snapshotItems(trx, device, body.items);
    const amount = products.reduce((s, p) => s + p.price * p.quantity, 0);
    const quantity = products.reduce((s, p) => s + p.quantity, 0);
    const paid = payOf(body.pay, amount);
    const pay_status = paid ? 'PAID' : amount === 0 ? 'FREE' : 'WAITPAY';
    const row = await trx
      .insertInto('orders')
      .values({
        _id: newId(),
        integrator: device.integrator,
        dealer,
        device: device._id,
        device_type: device.type,
        device_name: device.name,
        channel,
        pay_status,
        pay_time: paid ? sql`now()` : null,
        pay_type: paid?.pay_type ?? null,
        pay: paid ? JSON.stringify(paid.pay) : null,
        amount,
        quantity,
        products: JSON.stringify(products),
        pickup_point,
        pickup_code,
        forward: !!forward_from,
        forward_from,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (pay_status === 'PAID') await shareProfit(trx, row);
    await writeLog(trx, robotCtx(device, ip), { action: 'order', resource: 'order', record: String(row._id), after: { amount, quantity, pay_status, device: device.device_id }, integrator: device.integrator, dealer: device.dealer });
    await publish({ type: 'order.created', integrator: device.integrator, dealer: device.dealer, data: { _id: row._id, amount, quantity, pay_status, pickup_code, device: device._id } }, trx);
    await webhookEvents.orderCreated(trx, row);
    return row;
  });
  return saved;
}

/** The robot's own order, locked for the change; 404 for any other robot's. */
async function ownOrder(trx: DB, device: GatewayDevice, id: unknown) {
  if (typeof id !== 'string' || id.length > 100) throw badRequest('vf.orders.error.body');
  const row = await trx.selectFrom('orders').selectAll().where('_id', '=', id).where('device', '=', device._id).forUpdate().executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** Allowed moves of an item's making flow. */
const NEXT: Record<string, readonly WorkStatus[]> = { WAIT: ['START', 'FAILD'], START: ['DONE', 'FAILD'], DONE: ['END', 'FAILD'], END: [], FAILD: [] };

/** The order's work status from its items': failed if one failed, ended when all ended, else the least advanced. */
function workStatusOf(items: ItemSnapshot[]): WorkStatus {
  if (items.some((i) => i.work_status === 'FAILD')) return 'FAILD';
  const rank = ['WAIT', 'START', 'DONE', 'END'] as const;
  return rank[Math.min(...items.map((i) => rank.findIndex((r) => r === i.work_status)))];
}


/** Who writes when a robot calls, for the operation log: the robot itself (as server/routes/service.ts logs
 * its write-offs and reports), in its brand and store, from its address. */
export function robotCtx(device: GatewayDevice, ip: string) {
  const user = { _id: `device:${device.device_id}`, account_type: 'DEVICE', integrator: device.integrator, dealer: device.dealer };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a robot is no signed-in account; the log reads only these fields
  return { ip, user: user as any };
}

/** The order a robot's log entry is about, in the order's own brand and store. */
const robotEntry = (order: Order) => ({
  resource: 'order',
  record: order._id,
  integrator: order.integrator,
  dealer: order.dealer,
});

/** The robot's making flow of one item (or all): WAIT → START → DONE → END, or FAILD from any open step. */
export async function progressOrder(db: DB, device: GatewayDevice, body: unknown, ip: string) {
  if (!isObj(body)) throw badRequest('vf.orders.error.body');
  const ws = WORK_STATUSES.find((w) => w === body.work_status);
  if (!ws) throw badRequest('vf.orders.error.work_status', { choices: WORK_STATUSES.join(', ') });
  const end_type = str(body.end_type, 40);
  const end_msg = str(body.end_msg, 200);
  return db.transaction().execute(async (trx) => {
    const order = await ownOrder(trx, device, body.order);
    if (order.status !== 'CREATED') throw conflict('vf.error.state', { field: 'status', value: order.status });
    const items = order.products;
    const which = body.item === undefined || body.item === null ? items.map((i) => i.item) : [body.item];
    const targets = items.filter((i) => which.includes(i.item));
    if (targets.length === 0 || targets.length !== which.length) throw badRequest('vf.orders.error.item');
    const now = new Date().toISOString();
    const events = [];
    for (const t of targets) {
      if (!NEXT[t.work_status].includes(ws)) throw conflict('vf.error.state', { field: 'work_status', value: t.work_status });
      t.work_status = ws;
      if (end_type !== null) t.end_type = end_type;
      if (end_msg !== null) t.end_msg = end_msg;
      events.push({ item: t.item, work_status: ws, time: now, ...(end_type !== null ? { end_type } : {}), ...(end_msg !== null ? { end_msg } : {}) });
    }
    const work_status = workStatusOf(items);
    const finished = work_status === 'END' || work_status === 'FAILD';
    const saved = await trx
      .updateTable('orders')
      .set({
        products: JSON.stringify(items),
        flow: sql`flow || ${JSON.stringify(events)}::jsonb`,
        work_status,
        status: work_status === 'END' ? 'CLOSE' : work_status === 'FAILD' ? 'FAILD' : 'CREATED',
        end_type: finished ? (end_type ?? (work_status === 'END' ? 'NORMAL' : 'ERROR')) : sql`end_type`,
        end_msg: finished ? end_msg : sql`end_msg`,
        close_time: finished ? sql`now()` : null,
        update_time: sql`now()`,
      })
      .where('_id', '=', order._id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeLog(trx, robotCtx(device, ip), {
      action: 'progress',
      ...robotEntry(order),
      before: { status: order.status, work_status: order.work_status },
      after: { status: saved.status, work_status: saved.work_status, items: events, device: device.device_id },
    });
    return saved;
  });
}

/** A payment that completes after the order was placed (the customer paid on the robot's screen). */
export async function payOrder(db: DB, device: GatewayDevice, body: unknown, ip: string) {
  if (!isObj(body)) throw badRequest('vf.orders.error.body');
  return db.transaction().execute(async (trx) => {
    const order = await ownOrder(trx, device, body.order);
    if (!['UNPAY', 'WAITPAY', 'PAYERROR'].includes(order.pay_status)) throw conflict('vf.error.state', { field: 'pay_status', value: order.pay_status });
    const paid = payOf(body.pay, order.amount);
    if (!paid) throw badRequest('vf.orders.error.body');
    const row = await trx
      .updateTable('orders')
      .set({ pay_status: 'PAID', pay_time: sql`now()`, pay_type: paid.pay_type, pay: JSON.stringify(paid.pay), update_time: sql`now()` })
      .where('_id', '=', order._id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await shareProfit(trx, row);
    await webhookEvents.orderPaid(trx, row);
    await writeLog(trx, robotCtx(device, ip), {
      action: 'pay',
      ...robotEntry(order),
      before: { pay_status: order.pay_status },
      after: { pay_status: row.pay_status, pay_type: row.pay_type, amount: paid.pay.amount, device: device.device_id },
    });
    return row;
  });
}

/** The robot gives up on an order before making it: stock goes back, an unpaid order's payment is cancelled. */
export async function cancelOrder(db: DB, device: GatewayDevice, body: unknown, ip: string) {
  if (!isObj(body)) throw badRequest('vf.orders.error.body');
  const reason = str(body.reason, 200);
  return db.transaction().execute(async (trx) => {
    const order = await ownOrder(trx, device, body.order);
    if (order.status !== 'CREATED' || order.work_status !== 'WAIT') throw conflict('vf.error.state', { field: 'status', value: order.status });
    const items = order.products;
    for (const it of items) {
      const exists = await trx.selectFrom('product').select('_id').where('_id', '=', it.product).executeTakeFirst();
      if (exists) await returnStock(trx, { productId: it.product, quantity: it.quantity });
    }
    const saved = await trx
      .updateTable('orders')
      .set({
        status: 'CANCEL',
        pay_status: order.pay_status === 'PAID' ? 'PAID' : 'CANCEL',
        close_time: sql`now()`,
        close_reason: reason,
        update_time: sql`now()`,
      })
      .where('_id', '=', order._id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeLog(trx, robotCtx(device, ip), {
      action: 'cancel',
      ...robotEntry(order),
      before: { status: order.status, pay_status: order.pay_status },
      after: { status: saved.status, pay_status: saved.pay_status, reason, device: device.device_id },
    });
    return saved;
  });
}
