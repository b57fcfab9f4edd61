// A demo brand's webhook endpoint, disabled: it shows the screen filled in, and sends nothing until a brand
// points it at a receiver of its own and enables it (its secret is then best renewed: "New signing secret").
import type { DB } from '../index';
import { newWebhookSecret } from '../../secrets';

export default async function seedWebhooks(db: DB) {
  await db
    .insertInto('webhook')
    .values({
      _id: 'webhook_demo_a',
      url: 'https://hooks.example.com/vendfleet',
      events: ['order_paid', 'alarm_opened', 'robot_offline'],
      description: 'Demo endpoint: point it at your own receiver, then enable it',
      enabled: false,
      secret: newWebhookSecret(),
      integrator: 'brand_a',
      dealer: null,
    })
    .execute();
}
