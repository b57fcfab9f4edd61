// Demo vouchers, customer-service Q&A and fault reports, so the marketing and service screens show
// something: per store one batch of vouchers for its first product (some sold, written off or voided),
// questions customers asked the demo robots in four languages, and fault reports in every state.
// Products and robots are read from what the earlier seeders made, so this follows their changes.
import type { Insertable, NotNull } from 'kysely';
import type { DB, Tables } from '../index';
import { newId } from '../../log';
import { newLecode } from '../../secrets';

const DAY = 24 * 3600_000;
const HOUR = 3600_000;

const QA: Array<[string, string, string]> = [
  ['en', 'Do you have chocolate cones today?', 'Yes: vanilla, chocolate and strawberry are all available.'],
  ['en', 'How long does a latte take?', 'About 90 seconds from payment to pickup.'],
  ['zh', '可以用乐码换冰淇淋吗？', '可以，在屏幕上点击“乐码”并输入券码即可。'],
  ['zh', '咖啡可以少糖吗？', '可以，下单时选择“少糖”。'],
  ['es', '¿Hay opciones sin azúcar?', 'Sí, elija «sin azúcar» al personalizar su bebida.'],
  ['ja', '営業時間は何時までですか？', '毎日22時まで営業しています。'],
  ['en', 'Where do I pick up my order?', 'At the window on the right of the robot; your pickup code is on the screen.'],
  ['zh', '面条可以加辣吗？', '可以，辣度有微辣、中辣和特辣。'],
];

export default async function seedService(db: DB) {
  const now = Date.now();
  const devices = await db
    .selectFrom('device')
    .select(['_id', 'device_id', 'integrator', 'dealer'])
    .where('dealer', 'is not', null)
    .$narrowType<{ dealer: NotNull }>()
    .orderBy('_id')
    .execute();
  const dealers = [...new Set(devices.map((d) => d.dealer))];

  const codes = new Set<string>();
  const vouchers: Insertable<Tables['lecode']>[] = [];
  for (const dealer of dealers) {
    const product = await db
      .selectFrom('product')
      .select(['_id', 'integrator', 'dealer'])
      .where('dealer', '=', dealer)
      .orderBy('code')
      .executeTakeFirst();
    if (!product) continue;
    const robot = devices.find((d) => d.dealer === dealer)!;
    const batch = `DEMO-${dealer.toUpperCase().replace(/_/g, '')}`;
    for (let i = 0; i < 20; i++) {
      let code = newLecode();
      while (codes.has(code)) code = newLecode();
      codes.add(code);
      // a few written off by the store's robot, a few sold, one voided; the rest still to hand out
      const status = i < 4 ? 'WRITEOFF' : i < 8 ? 'SOLD' : i === 8 ? 'DELETE' : 'CREATED';
      vouchers.push({
        _id: newId(),
        batch,
        code,
        status,
        product: product._id,
        quantity: 1,
        valid_from: new Date(now - 7 * DAY).toISOString(),
        valid_to: new Date(now + 60 * DAY).toISOString(),
        details: 'Opening week: one free item',
        integrator: product.integrator,
        dealer: product.dealer,
        writeofftimestamp: status === 'WRITEOFF' ? new Date(now - (i + 1) * 5 * HOUR).toISOString() : null,
        writeoff_device: status === 'WRITEOFF' ? robot._id : null,
        // a second apart, so the list's newest-first order is stable and keeps a batch together
        create_time: new Date(now - 7 * DAY + vouchers.length * 1000).toISOString(),
      });
    }
  }
  if (vouchers.length) await db.insertInto('lecode').values(vouchers).execute();

  if (devices.length === 0) return;
  await db
    .insertInto('chatchat')
    .values(
      QA.map(([language, question, answer], i) => {
        const d = devices[i % devices.length];
        return {
          _id: newId(),
          device: d._id,
          integrator: d.integrator,
          dealer: d.dealer,
          question,
          answer,
          language,
          create_time: new Date(now - (i + 1) * 3 * HOUR).toISOString(),
        };
      }),
    )
    .execute();

  const first = devices[0];
  const inA1 = devices.find((d) => d.dealer === 'store_a1');
  const inB1 = devices.find((d) => d.dealer === 'store_b1');
  await db
    .insertInto('report')
    .values([
      {
        _id: newId(),
        device: first._id,
        integrator: first.integrator,
        dealer: first.dealer,
        code: '21',
        fault: 'Robot arm fault',
        description: 'The arm stopped halfway to the pickup window.',
        source: 'robot',
        reporter: `device:${first.device_id}`,
        status: 'open',
        create_time: new Date(now - 2 * HOUR).toISOString(),
      },
      ...(inA1
        ? [
            {
              _id: newId(),
              device: inA1._id,
              integrator: inA1.integrator,
              dealer: inA1.dealer,
              code: '300',
              fault: 'Out of cups',
              description: 'The cup tube is empty; orders wait for cups.',
              source: 'console' as const,
              reporter: 'store-a1',
              status: 'in_progress' as const,
              handler: 'store-a1',
              create_time: new Date(now - 20 * HOUR).toISOString(),
            },
          ]
        : []),
      ...(inB1
        ? [
            {
              _id: newId(),
              device: inB1._id,
              integrator: inB1.integrator,
              dealer: inB1.dealer,
              code: null,
              fault: 'Screen flickers',
              description: 'The touch screen flickers in the evening.',
              source: 'console' as const,
              reporter: 'brand-b',
              status: 'resolved' as const,
              handler: 'brand-b',
              resolution: 'Replaced the display cable.',
              resolve_time: new Date(now - 30 * HOUR).toISOString(),
              create_time: new Date(now - 3 * DAY).toISOString(),
            },
          ]
        : []),
    ])
    .execute();
}
