// Drives a set of virtual robots until stopped: each beats every `beatMs` on its own loop, started at a random
// point of the first beat so they do not beat in step (or, with `spread`, evenly over the first beat: a large
// fleet then sends a steady stream of beats, not bursts). Used by `npm run simulate` and by the live demo that
// `npm start` runs inside the server process (server/demo/robots.ts).
import { VirtualRobot, emptyTally, type Rates, type Tally } from './robot';
import type { CallRecord, RobotIdentity } from './gateway';
import type { Console } from './vouchers';

export const DEFAULT_RATES: Rates = { fault: 0.02, recover: 0.2, sell: 0.2, writeoff: 0.02, commandFail: 0.05 };

export interface Fleet {
  tally: Tally;
  /** ends every loop after its current beat; resolves when all have ended */
  stop(): Promise<void>;
}

export function driveFleet(o: {
  /** a function: a server per call (round-robin over processes) */
  url: string | (() => string);
  identities: Array<RobotIdentity & { type?: string }>;
  beatMs: number;
  rates: Rates;
  /** what the robots do (faults, recoveries) and, as `failed`, the calls that did not go through */
  log: (line: string, failed?: boolean) => void;
  console?: Console;
  /** start the robots evenly over the first beat instead of at random within its first second */
  spread?: boolean;
  /** told of every gateway call */
  observe?: (call: CallRecord) => void;
}): Fleet {
  const tally = emptyTally();
  const robots = o.identities.map((id) => new VirtualRobot(id, o.url, o.rates, tally, o.log, o.console, o.observe));
  let running = true;
  let wake: Array<() => void> = [];
  const sleep = (ms: number) =>
    new Promise<void>((r) => {
      const t = setTimeout(done, ms);
      function done() {
        clearTimeout(t);
        wake = wake.filter((w) => w !== done);
        r();
      }
      wake.push(done);
    });
  const loops = robots.map(async (robot, i) => {
    await sleep(o.spread ? (i * o.beatMs) / robots.length : Math.random() * Math.min(o.beatMs, 1000));
    while (running) {
      const t = Date.now();
      await robot.tick();
      const wait = o.beatMs - (Date.now() - t);
      if (wait > 0 && running) await sleep(wait);
    }
  });
  const all = Promise.all(loops).then(() => undefined);
  return {
    tally,
    stop() {
      running = false;
      for (const w of [...wake]) w();
      return all;
    },
  };
}
