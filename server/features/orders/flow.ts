// The robot's side of an order, as a state machine: a sale (each item snapshotted, its stock taken in the same
// transaction: short stock refuses the order, 409), its payment, its making flow and its cancellation. Every
// move is one transaction on the locked order row and leaves an operation-log row, like every other write
// (the operator is the robot: no account, its device id in the entry). Routes: server/features/gateway/orders.ts.
import { randomInt } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { DB, Tables } from '../../db';
import { robotActor, type GatewayDevice } from '../../auth/robot';
import { badRequest, conflict, notFound } from '../../http/errors';
import { newId, writeLog } from '../../log';
import { publish } from '../../events/bus';
import { publishInTransaction, type SaleReported } from '../../events/domain';
import { obj, str as text, int, list, choice, type ValueOf } from '../../http/schema';
import * as webhookEvents from '../webhooks/events';
import { takeStock, returnStock } from '../catalog/stock';
import { shareProfit } from './order';
import type { ItemSnapshot, PayDetails } from '../../db/schema/json';
import { ORDER_CHANNELS, WORK_STATUSES } from '../../../resources/order';
import { ORDER_TRANSITIONS, WORK_STEPS } from '../../../resources/orderStates';
import { refusalOf, type Transition } from '../../../resources/types';

export const MAX_ITEMS = 20;
export const MAX_ITEM_QUANTITY = 99;

type Order = Selectable<Tables['orders']>;
type WorkStatus = (typeof WORK_STATUSES)[number];

// What a robot sends, checked once at the edge (server/http/schema.ts): types, presence, lengths, ranges and
// choices. The code below takes what the schemas let through, typed by them, and judges only what no schema can
// say: the store's products and options, the stock, the amount against the items, the order's state.
const MAX_CENTS = 100_000_000;
const cents = (what: string) => int(what, { minimum: 0, maximum: MAX_CENTS });
const pay = obj(
  {
    amount: cents("cents paid: must equal the order's amount"),
    real_amount: cents('cents the customer really paid (at most `amount`)'),
    pay_type: text(undefined, { maxLength: 40 }),
    transaction_id: text(undefined, { maxLength: 100 }),
    trade_type: text(undefined, { maxLength: 40 }),
    state: text(undefined, { maxLength: 40 }),
    result: text(undefined, { maxLength: 200 }),
    bank_type: text(undefined, { maxLength: 40 }),
    account: text(undefined, { maxLength: 100 }),
    account_type: text(undefined, { maxLength: 40 }),
  },
  ['amount'],
);
const orderRef = text("the order's _id (one this robot made)", { maxLength: 100 });
type Pay = ValueOf<typeof pay>;

/** A sale: POST /api/device-gateway/order. */
export const saleBody = obj(
  {
    channel: choice(ORDER_CHANNELS),
    items: list(
      obj(
        {
          product: text("a product _id of the robot's store", { maxLength: 100 }),
          quantity: int(undefined, { minimum: 1, maximum: MAX_ITEM_QUANTITY }),
          options: list(text('an option code'), { maxItems: 20 }),
        },
        ['product'],
      ),
      { minItems: 1, maxItems: MAX_ITEMS },
    ),
    pay,
    pickup_point: text(undefined, { maxLength: 100 }),
    pickup_code: text(undefined, { maxLength: 20 }),
    forward_from: text('the order this one was transferred from', { maxLength: 100 }),
  },
  ['channel', 'items'],
);
/** The making flow of one item, or of all. */
export const progressBody = obj(
  {
    order: orderRef,
    item: int('the item number (default: every item)'),
    work_status: choice(WORK_STATUSES),
    end_type: text(undefined, { maxLength: 40 }),
    end_msg: text(undefined, { maxLength: 200 }),
  },
  ['order', 'work_status'],
);
/** A payment completed after the order was placed. */
export const payBody = obj({ order: orderRef, pay }, ['order', 'pay']);
/** The robot gives up on an order before making it. */
export const cancelBody = obj({ order: orderRef, reason: text(undefined, { maxLength: 200 }) }, ['order']);

/** The pay channel details a robot sends, checked and kept. */
function payOf(raw: Pay | undefined, amount: number): { pay: PayDetails; pay_type: string | null } | undefined {
  if (raw === undefined) return undefined;
  const paid = raw.amount;
  if (paid !== amount) throw badRequest('vf.orders.error.pay_amount', { amount: (amount / 100).toFixed(2) });
  const real = raw.real_amount ?? paid;
  if (real > paid) throw badRequest('vf.orders.error.amount');
  return {
    pay_type: raw.pay_type ?? null,
    pay: {
      transaction_id: raw.transaction_id ?? null,
      trade_type: raw.trade_type ?? null,
      state: raw.state ?? 'SUCCESS',
      result: raw.result ?? 'SUCCESS',
      bank_type: raw.bank_type ?? null,
      amount: paid,
      real_amount: real,
      account: raw.account ?? null,
      account_type: raw.account_type ?? null,
    },
  };
}

/** The items of a sale, priced from the store's products and their chosen options, stock taken. */
async function snapshotItems(
  trx: DB,
  device: GatewayDevice,
  raw: ValueOf<typeof saleBody>['items'],
): Promise<ItemSnapshot[]> {
  const items: ItemSnapshot[] = [];
  for (const [i, it] of raw.entries()) {
    const quantity = it.quantity ?? 1;
    const codes = it.options ?? [];
    const product = await trx
      .selectFrom('product')
      .select(['_id', 'code', 'name', 'price', 'dealer', 'freeze', 'properties'])
      .where('_id', '=', it.product)
      .executeTakeFirst();
    if (!product || product.dealer !== device.dealer)
      throw notFound('vf.orders.error.product', { product: it.product });
    if (product.freeze) throw conflict('vf.orders.error.product_frozen', { name: product.name });
    const properties = product.properties;
    const options: ItemSnapshot['options'] = [];
    for (const code of codes) {
      const found = (properties ?? [])
        .flatMap((p) => (p.options ?? []).map((o) => ({ p, o })))
        .find(({ o }) => o.code === code);
      if (!found) throw badRequest('vf.orders.error.option', { option: code.slice(0, 40) });
      options.push({
        property: found.p.code,
        code: found.o.code,
        name: found.o.name,
        price: Number(found.o.price ?? 0),
      });
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

export async function createOrder(db: DB, device: GatewayDevice, body: ValueOf<typeof saleBody>, ip: string) {
  const dealer = device.dealer;
  if (!dealer) throw conflict('vf.orders.error.unbound');
  // out of service (an acknowledged `lock`, docs/commands.md): no sale until it is unlocked
  if (device.locked) throw conflict('vf.commands.error.locked', { reason: device.lock_reason ?? '' });
  const channel = body.channel;
  const pickup_point = body.pickup_point ?? device.name;
  const pickup_code = body.pickup_code ?? pickupCode();
  const forward_from = body.forward_from ?? null;
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
    await writeLog(trx, robotActor(device, ip), {
      action: 'order',
      resource: 'order',
      record: String(row._id),
      after: { amount, quantity, pay_status, device: device.device_id },
      integrator: device.integrator,
      dealer: device.dealer,
    });
    await publish(
      {
        type: 'order.created',
        integrator: device.integrator,
        dealer: device.dealer,
        data: { _id: row._id, amount, quantity, pay_status, pickup_code, device: device._id },
      },
      trx,
    );
    await publishInTransaction(trx, 'sale.reported', row as SaleReported);
    return row;
  });
  return saved;
}

/** The robot's own order, locked for the change; 404 for any other robot's. */
async function ownOrder(trx: DB, device: GatewayDevice, id: string) {
  const row = await trx
    .selectFrom('orders')
    .selectAll()
    .where('_id', '=', id)
    .where('device', '=', device._id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** Refuses (409) a move the order's state machine does not allow from the order's state. */
function mayTake(t: Transition, order: Order) {
  const refused = refusalOf(t.from, order);
  if (refused) throw conflict(refused.key, refused.args);
}

/** The order's work status from its items': failed if one failed, ended when all ended, else the least advanced. */
function workStatusOf(items: ItemSnapshot[]): WorkStatus {
  if (items.some((i) => i.work_status === 'FAILD')) return 'FAILD';
  const rank = ['WAIT', 'START', 'DONE', 'END'] as const;
  return rank[Math.min(...items.map((i) => rank.findIndex((r) => r === i.work_status)))];
}

/** The order a robot's log entry is about, in the order's own brand and store. */
const robotEntry = (order: Order) => ({
  resource: 'order',
  record: order._id,
  integrator: order.integrator,
  dealer: order.dealer,
});

/** The robot's making flow of one item (or all): WAIT → START → DONE → END, or FAILD from any open step. */
export async function progressOrder(db: DB, device: GatewayDevice, body: ValueOf<typeof progressBody>, ip: string) {
  const ws = body.work_status;
  const end_type = body.end_type ?? null;
  const end_msg = body.end_msg ?? null;
  return db.transaction().execute(async (trx) => {
    const order = await ownOrder(trx, device, body.order);
    mayTake(ORDER_TRANSITIONS.progress, order);
    const items = order.products;
    const which = body.item === undefined || body.item === null ? items.map((i) => i.item) : [body.item];
    const targets = items.filter((i) => which.includes(i.item));
    if (targets.length === 0 || targets.length !== which.length) throw badRequest('vf.orders.error.item');
    const now = new Date().toISOString();
    const events = [];
    for (const t of targets) {
      if (!WORK_STEPS[t.work_status as WorkStatus]?.includes(ws))
        throw conflict('vf.error.state', { field: 'work_status', value: t.work_status });
      t.work_status = ws;
      if (end_type !== null) t.end_type = end_type;
      if (end_msg !== null) t.end_msg = end_msg;
      events.push({
        item: t.item,
        work_status: ws,
        time: now,
        ...(end_type !== null ? { end_type } : {}),
        ...(end_msg !== null ? { end_msg } : {}),
      });
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
    await writeLog(trx, robotActor(device, ip), {
      action: 'progress',
      ...robotEntry(order),
      before: { status: order.status, work_status: order.work_status },
      after: { status: saved.status, work_status: saved.work_status, items: events, device: device.device_id },
    });
    return saved;
  });
}

/** A payment that completes after the order was placed (the customer paid on the robot's screen). */
export async function payOrder(db: DB, device: GatewayDevice, body: ValueOf<typeof payBody>, ip: string) {
  return db.transaction().execute(async (trx) => {
    const order = await ownOrder(trx, device, body.order);
    mayTake(ORDER_TRANSITIONS.pay, order);
    const paid = payOf(body.pay, order.amount)!;
    const row = await trx
      .updateTable('orders')
      .set({
        pay_status: 'PAID',
        pay_time: sql`now()`,
        pay_type: paid.pay_type,
        pay: JSON.stringify(paid.pay),
        update_time: sql`now()`,
      })
      .where('_id', '=', order._id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await shareProfit(trx, row);
    await webhookEvents.orderPaid(trx, row);
    await writeLog(trx, robotActor(device, ip), {
      action: 'pay',
      ...robotEntry(order),
      before: { pay_status: order.pay_status },
      after: { pay_status: row.pay_status, pay_type: row.pay_type, amount: paid.pay.amount, device: device.device_id },
    });
    return row;
  });
}

/** The robot gives up on an order before making it: stock goes back, an unpaid order's payment is cancelled. */
export async function cancelOrder(db: DB, device: GatewayDevice, body: ValueOf<typeof cancelBody>, ip: string) {
  const reason = body.reason ?? null;
  return db.transaction().execute(async (trx) => {
    const order = await ownOrder(trx, device, body.order);
    mayTake(ORDER_TRANSITIONS.cancel, order);
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
    await writeLog(trx, robotActor(device, ip), {
      action: 'cancel',
      ...robotEntry(order),
      before: { status: order.status, pay_status: order.pay_status },
      after: { status: saved.status, pay_status: saved.pay_status, reason, device: device.device_id },
    });
    return saved;
  });
}
