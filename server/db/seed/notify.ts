// Each demo brand's alarm e-mails: one channel and one policy, so a demo robot's fault shows a message in the outbox
// (Fleet › Notifications) within seconds of `npm start` — no SMTP_URL is set, so nothing leaves the machine.
import type { DB } from '../index';

const BRANDS = [
  { brand: 'brand_a', to: 'oncall@brand-a.example', language: 'en', tz: 'Asia/Shanghai' },
  { brand: 'brand_b', to: 'oncall@brand-b.example', language: 'zh', tz: 'Asia/Shanghai' },
] as const;

export default async function seedNotify(db: DB) {
  for (const b of BRANDS) {
    await db
      .insertInto('notify_channel')
      .values({
        _id: `notify_channel_${b.brand}`,
        name: 'On-call e-mail',
        kind: 'email',
        target: b.to,
        language: b.language,
        tz: b.tz,
        integrator: b.brand,
        dealer: null,
      })
      .execute();
    await db
      .insertInto('notify_policy')
      .values({
        _id: `notify_policy_${b.brand}`,
        name: 'Robot faults to on-call',
        levels: ['error'],
        tiers: JSON.stringify([{ after_minutes: 0, channels: [`notify_channel_${b.brand}`] }]),
        integrator: b.brand,
        dealer: null,
      })
      .execute();
  }
}
