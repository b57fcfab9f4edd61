// A demo food-safety rule: Mall Cone 01's freezer above -12 °C for 15 minutes raises an error alarm (the demo
// robots' freezers now and then leave their band: server/demo/simulator/telemetry.ts). It shows the rules screen filled
// in and the rule's line on that robot's freezer chart; it locks nothing, so the demo keeps selling.
import type { DB } from '../index';
import { newId } from '../../log';

export default async function seedTelemetry(db: DB) {
  await db
    .insertInto('telemetry_rule')
    .values({
      _id: newId(),
      name: 'Freezer too warm',
      metric: 'freezer_temp',
      op: 'gt',
      threshold: -12,
      for_minutes: 15,
      level: 'error',
      lock: false,
      integrator: 'brand_a',
      dealer: 'store_a2',
      device: 'dev_ic1014',
    })
    .execute();
}
