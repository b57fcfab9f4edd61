// A firmware record and a draft campaign for the demo (docs/campaigns.md), so both screens open on something: the
// record names an image not uploaded (a robot asking for it gets a 404; upload a real one to install it), and the
// campaign waits in draft for an operator to start it.
import type { DB } from '../index';

export default async function seedCampaigns(db: DB) {
  await db
    .insertInto('firmware')
    .values({
      _id: 'firmware_coffee_1_1_0',
      type: 'coffee',
      firmware_version: '1.1.0',
      file: 'fw/202601/00000000000000000000000000000000.bin',
      sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      size: 1,
      notes: 'Demo record: upload a real image to install it',
    })
    .execute();
  await db
    .insertInto('campaign')
    .values({
      _id: 'campaign_brand_a_menu',
      name: 'Night menu sync, coffee robots',
      command: 'sync_menu',
      params: JSON.stringify({}),
      target: JSON.stringify({ filter: { type: 'coffee' } }),
      rate_per_minute: 60,
      phases: JSON.stringify([10, 100]),
      phase_wait_minutes: 5,
      window: JSON.stringify({ from: '02:00', to: '05:00' }),
      abort: JSON.stringify({ failed_percent: 10, min_outcomes: 5, offline_minutes: 10 }),
      state: 'draft',
      phase: 0,
      created_by: 'brand-a',
      integrator: 'brand_a',
      dealer: null,
    })
    .execute();
}
