// Demo robots in stores A1, A2 and B1, of every type, with the brands' and stores' own details.
// Their keys are derived from the device id so that the simulator can sign in as any of them; a real
// robot's key is random and shown once (server/features/fleet/device.ts).
import { createHmac } from 'node:crypto';
import type { DB } from '../index';
import { hashDeviceKey } from '../../auth/robot';

/** Demo data only: anyone reading this file can compute a demo robot's key. */
const DEMO_KEY_SECRET = 'vendfleet-demo-robots';
export const demoDeviceKey = (deviceId: string) =>
  createHmac('sha256', DEMO_KEY_SECRET).update(deviceId).digest('base64url');

export interface DemoDevice {
  _id: string;
  device_id: string;
  name: string;
  sn: string;
  type: 'icecream' | 'coffee' | 'coffee_icecream' | 'noodle' | 'milktea' | 'fastfood';
  category: string;
  integrator: string;
  dealer: string;
}

const robot = (
  dealer: string,
  integrator: string,
  type: DemoDevice['type'],
  code: string,
  serial: number,
  name: string,
  category: string,
): DemoDevice => ({
  _id: `dev_${code.toLowerCase()}${serial}`,
  device_id: `VF-${code}-2406${serial}`,
  name,
  sn: `SN-${code}-24${String(serial * 7919).padStart(6, '0')}`,
  type,
  category,
  integrator,
  dealer,
});

export const DEMO_DEVICES: DemoDevice[] = [
  robot('store_a1', 'brand_a', 'icecream', 'IC', 1012, 'Cone Bot 01', 'dessert'),
  robot('store_a1', 'brand_a', 'icecream', 'IC', 1013, 'Cone Bot 02', 'dessert'),
  robot('store_a1', 'brand_a', 'coffee', 'CF', 2031, 'Barista 01', 'drinks'),
  robot('store_a1', 'brand_a', 'coffee_icecream', 'CI', 3007, 'Affogato 01', 'drinks'),
  robot('store_a1', 'brand_a', 'fastfood', 'FF', 6021, 'Burger Box 01', 'meals'),
  robot('store_a2', 'brand_a', 'icecream', 'IC', 1014, 'Mall Cone 01', 'dessert'),
  robot('store_a2', 'brand_a', 'coffee', 'CF', 2032, 'Mall Barista', 'drinks'),
  robot('store_a2', 'brand_a', 'coffee', 'CF', 2033, 'Mall Barista 2', 'drinks'),
  robot('store_a2', 'brand_a', 'coffee_icecream', 'CI', 3008, 'Affogato 02', 'drinks'),
  robot('store_a2', 'brand_a', 'milktea', 'MT', 5004, 'Boba Mall 01', 'drinks'),
  robot('store_b1', 'brand_b', 'noodle', 'ND', 4101, 'Ramen Bot 01', 'meals'),
  robot('store_b1', 'brand_b', 'noodle', 'ND', 4102, 'Ramen Bot 02', 'meals'),
  robot('store_b1', 'brand_b', 'milktea', 'MT', 5011, 'Boba Bot 01', 'drinks'),
  robot('store_b1', 'brand_b', 'milktea', 'MT', 5012, 'Boba Bot 02', 'drinks'),
  robot('store_b1', 'brand_b', 'fastfood', 'FF', 6022, 'Rice Box 01', 'meals'),
  robot('store_b1', 'brand_b', 'icecream', 'IC', 1015, 'Campus Cone', 'dessert'),
];

const BRAND_DETAILS = [
  {
    _id: 'brand_a',
    service_phone: '+86 21 5555 0101',
    location: 'Shanghai, Huangpu District',
    pickup_config: { mode: 'code', code_length: 4, pickup_minutes: 15 },
  },
  {
    _id: 'brand_b',
    service_phone: '+86 10 5555 0202',
    location: 'Beijing, Haidian District',
    pickup_config: { mode: 'screen', pickup_minutes: 20 },
  },
];
const STORE_LOCATIONS: Record<string, string> = {
  store_a1: 'Shanghai Railway Station, hall B',
  store_a2: 'Riverside Mall, level 2',
  store_b1: 'North canteen, ground floor',
};

export default async function seedFleet(db: DB) {
  for (const b of BRAND_DETAILS) {
    await db
      .updateTable('integrator')
      .set({ service_phone: b.service_phone, location: b.location, pickup_config: JSON.stringify(b.pickup_config) })
      .where('_id', '=', b._id)
      .execute();
  }
  for (const [id, location] of Object.entries(STORE_LOCATIONS)) {
    await db.updateTable('dealer').set({ location }).where('_id', '=', id).execute();
  }
  // Seen a while ago, so that the list shows real time-agos; the simulator brings them online.
  const now = Date.now();
  await db
    .insertInto('device')
    .values(
      DEMO_DEVICES.map((d, i) => ({
        ...d,
        key_hash: hashDeviceKey(demoDeviceKey(d.device_id)),
        last_heartbeat: i % 4 === 3 ? null : new Date(now - (i + 1) * 47 * 60_000).toISOString(),
        create_time: new Date(now - (30 - i) * 86_400_000).toISOString(),
      })),
    )
    .execute();
}
