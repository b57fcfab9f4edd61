// The live demo: on the embedded demo database, `npm start` drives the demo robots inside the server process —
// heartbeats, sales, faults and recoveries with real codes, voucher write-offs — over HTTP to the server's own
// address, exactly as `npm run simulate` and real robots do. Their keys are the demo seed's (derived from
// each device id, server/db/seed/fleet.ts), so only robots still holding that key take part.
import type { DB } from '../db';
import { setting } from '../config';
import { DEMO_DEVICES, demoDeviceKey } from '../db/seed';
import { driveFleet, DEFAULT_RATES, type Fleet } from './simulator/fleet';
import type { Console } from './simulator/vouchers';

/**
 * Whether `npm start` runs the demo robots: DEMO_ROBOTS=on or off decides; unset, they run on the embedded
 * database (the demo) and never on PostgreSQL (a real fleet). Anything else is refused by the configuration
 * check, so a typo is not silently the default.
 */
export function demoRobotsWanted(env?: NodeJS.ProcessEnv): boolean {
  const v = setting('DEMO_ROBOTS', env);
  return v === undefined ? !setting('DATABASE_URL', env) : v === 'on';
}

/**
 * The customers who bring vouchers to the demo robots: they know the store's open codes. (A robot cannot list
 * vouchers; `npm run simulate` asks the console for them, the in-process demo reads them directly.)
 */
function voucherHolders(db: DB): Console {
  return {
    async openVouchers(dealer) {
      const rows = await db
        .selectFrom('lecode')
        .select('code')
        .where('dealer', '=', dealer)
        .where('status', 'in', ['CREATED', 'SOLD'])
        .where('valid_to', '>', new Date())
        .limit(20)
        .execute();
      return rows.map((r) => r.code as string);
    },
  };
}

export async function startDemoRobots(
  db: DB,
  url: string,
  log: (line: string, failed?: boolean) => void,
): Promise<Fleet> {
  const present = new Set(
    (
      await db
        .selectFrom('device')
        .select('device_id')
        .where(
          'device_id',
          'in',
          DEMO_DEVICES.map((d) => d.device_id),
        )
        .execute()
    ).map((r) => r.device_id),
  );
  const identities = DEMO_DEVICES.filter((d) => present.has(d.device_id)).map((d) => ({
    device_id: d.device_id,
    key: demoDeviceKey(d.device_id),
    name: d.name,
    type: d.type,
  }));
  return driveFleet({
    url,
    identities,
    beatMs: setting('DEMO_BEAT_SECONDS') * 1000,
    rates: DEFAULT_RATES,
    log,
    console: voucherHolders(db),
  });
}
