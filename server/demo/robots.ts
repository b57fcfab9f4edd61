// The live demo: on the embedded demo database, `npm start` drives the demo robots inside the server process —
// heartbeats, sales, faults and recoveries with real codes, voucher write-offs — over HTTP to the server's own
// address, exactly as `npm run simulate` and real robots do. Their keys are the demo seed's (derived from
// each device id, server/db/seed/fleet.ts), so only robots still holding that key take part.
import type { DB } from '../db';
import { DEMO_DEVICES, demoDeviceKey } from '../db/seed';
import { driveFleet, DEFAULT_RATES, type Fleet } from '../../scripts/simulator/fleet';
import type { Console } from '../../scripts/simulator/vouchers';

export const DEMO_ROBOTS_VALUES = ['on', 'off'] as const;

/**
 * Whether `npm start` runs the demo robots: DEMO_ROBOTS=on or off decides; unset, they run on the embedded
 * database (the demo) and never on PostgreSQL (a real fleet). Anything else is refused, so a typo is not
 * silently the default.
 */
export function demoRobotsWanted(env: NodeJS.ProcessEnv): boolean {
  const v = env.DEMO_ROBOTS;
  if (v === undefined || v === '') return !env.DATABASE_URL;
  if (!(DEMO_ROBOTS_VALUES as readonly string[]).includes(v)) throw new Error(`DEMO_ROBOTS must be on or off, not "${v}"`);
  return v === 'on';
}

/** Seconds between a demo robot's beats (DEMO_BEAT_SECONDS, default 5). */
function beatMs(env: NodeJS.ProcessEnv): number {
  const v = Number(env.DEMO_BEAT_SECONDS);
  return (Number.isFinite(v) && v >= 0.2 && v <= 3600 ? v : 5) * 1000;
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

export async function startDemoRobots(db: DB, url: string, log: (line: string) => void): Promise<Fleet> {
  const present = new Set(
    (await db.selectFrom('device').select('device_id').where('device_id', 'in', DEMO_DEVICES.map((d) => d.device_id)).execute()).map((r) => r.device_id as string),
  );
  const identities = DEMO_DEVICES.filter((d) => present.has(d.device_id)).map((d) => ({ device_id: d.device_id, key: demoDeviceKey(d.device_id), name: d.name, type: d.type }));
  return driveFleet({ url, identities, beatMs: beatMs(process.env), rates: DEFAULT_RATES, log, console: voucherHolders(db) });
}
