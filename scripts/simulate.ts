// `npm run simulate -- --robots N`: virtual robots of the demo stores beat, break down and recover with real
// notification codes, sell from their menus and write vouchers off, against a running server. Ctrl-C stops.
import { parseArgs } from 'node:util';
import { DEMO_DEVICES, demoDeviceKey, DEMO_PASSWORD } from '../server/db/seed';
import type { Rates } from '../server/demo/simulator/robot';
import { driveFleet, DEFAULT_RATES } from '../server/demo/simulator/fleet';
import { signInConsole } from '../server/demo/simulator/vouchers';
import type { RobotIdentity } from '../server/demo/simulator/gateway';

const HELP = `npm run simulate -- [options]

  --robots N         drive the first N demo robots (default: all ${DEMO_DEVICES.length}); their keys are derived
                     from their device ids, as the demo data made them
  --robot ID:KEY     drive this robot too, with the key the console showed when it was created or rotated;
                     ID:KEY:TYPE (icecream, coffee …) also reports the telemetry of that robot type
                     (repeatable)
  --url URL          the server (default http://localhost:\${PORT:-8080})
  --beat S           seconds between heartbeats (default 5)
  --fault-rate P     chance per beat that a working robot breaks down (default 0.02)
  --recover-rate P   chance per beat that a broken robot is fixed (default 0.2)
  --sell-rate P      chance per beat that a working robot sells (default 0.2)
  --writeoff-rate P  chance per beat that a working robot writes a voucher off (default 0.02)
  --excursion-rate P chance per beat that a temperature leaves its band for a while (default 0.002)
  --brick-rate P     chance that a firmware update leaves a robot dead, never beating again (default 0;
                     a campaign's abort in the demo, docs/campaigns.md)
  --user U --password P
                     a console account that may list vouchers, to find codes to write off
                     (default admin / the demo password; write-offs are off if sign-in fails)
  --duration S       stop after S seconds (default: run until Ctrl-C)
  --quiet            print only the summary`;

const { values } = parseArgs({
  options: {
    robots: { type: 'string' },
    robot: { type: 'string', multiple: true },
    url: { type: 'string' },
    beat: { type: 'string', default: '5' },
    'fault-rate': { type: 'string', default: String(DEFAULT_RATES.fault) },
    'recover-rate': { type: 'string', default: String(DEFAULT_RATES.recover) },
    'sell-rate': { type: 'string', default: String(DEFAULT_RATES.sell) },
    'writeoff-rate': { type: 'string', default: String(DEFAULT_RATES.writeoff) },
    'excursion-rate': { type: 'string', default: '0.002' },
    'brick-rate': { type: 'string', default: '0' },
    user: { type: 'string', default: 'admin' },
    password: { type: 'string', default: DEMO_PASSWORD },
    duration: { type: 'string' },
    quiet: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(HELP);
  process.exit(0);
}

function number(name: string, v: string | undefined, min: number, max: number): number {
  const n = Number(v);
  if (v === undefined || !Number.isFinite(n) || n < min || n > max) {
    console.error(`--${name} must be a number from ${min} to ${max}\n\n${HELP}`);
    process.exit(2);
  }
  return n;
}

const url = (values.url ?? `http://localhost:${process.env.PORT ?? 8080}`).replace(/\/+$/, '');
const beatMs = number('beat', values.beat, 0.05, 3600) * 1000;
const rates: Rates = {
  fault: number('fault-rate', values['fault-rate'], 0, 1),
  recover: number('recover-rate', values['recover-rate'], 0, 1),
  sell: number('sell-rate', values['sell-rate'], 0, 1),
  writeoff: number('writeoff-rate', values['writeoff-rate'], 0, 1),
  excursion: number('excursion-rate', values['excursion-rate'], 0, 1),
  brick: number('brick-rate', values['brick-rate'], 0, 1),
};
const demoCount =
  values.robots === undefined
    ? values.robot?.length
      ? 0
      : DEMO_DEVICES.length
    : number('robots', values.robots, 0, DEMO_DEVICES.length);
const identities: Array<RobotIdentity & { type?: string }> = [
  ...DEMO_DEVICES.slice(0, demoCount).map((d) => ({
    device_id: d.device_id,
    key: demoDeviceKey(d.device_id),
    name: d.name,
    type: d.type,
  })),
  ...(values.robot ?? []).map((s) => {
    const i = s.indexOf(':');
    if (i < 1) {
      console.error(`--robot wants DEVICE_ID:KEY, got "${s}"`);
      process.exit(2);
    }
    const [key, type] = s.slice(i + 1).split(':');
    return { device_id: s.slice(0, i), key, name: s.slice(0, i), ...(type ? { type } : {}) };
  }),
];
if (identities.length === 0) {
  console.error(`No robots to drive.\n\n${HELP}`);
  process.exit(2);
}

const log = values.quiet
  ? () => undefined
  : (line: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${line}`);
const consoleAccount =
  rates.writeoff > 0 ? await signInConsole(url, values.user!, values.password!).catch(() => undefined) : undefined;
if (rates.writeoff > 0 && !consoleAccount) log('no console account: voucher write-offs are off');

const started = Date.now();
log(`driving ${identities.length} robot(s) against ${url}, a beat every ${beatMs / 1000} s; Ctrl-C stops`);
const fleet = driveFleet({ url, identities, beatMs, rates, log, console: consoleAccount });
const { tally } = fleet;

let stopping = false;
let requestStop!: () => void;
const stopRequested = new Promise<void>((r) => (requestStop = r));
const stop = () => {
  if (stopping) process.exit(130); // a second Ctrl-C does not wait
  stopping = true;
  requestStop();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
if (values.duration !== undefined) setTimeout(stop, number('duration', values.duration, 0.1, 86400) * 1000).unref();

await stopRequested;
await fleet.stop();
const seconds = (Date.now() - started) / 1000;
console.log(
  `simulated ${identities.length} robot(s) for ${seconds.toFixed(1)} s: ${tally.beats} heartbeats (${(tally.beats / seconds).toFixed(1)}/s), ` +
    `${tally.faults} faults, ${tally.recoveries} recoveries, ${tally.sales} sales (${(tally.revenue / 100).toFixed(2)} yuan), ${tally.writeoffs} voucher write-offs, ${tally.errors} errors`,
);
process.exit(tally.errors && !tally.beats ? 1 : 0);
