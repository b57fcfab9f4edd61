// A share of `npm run bench:fleet`'s robots, driven in a worker thread of its own: one thread's fetch calls could
// not keep 10,000 robots' pace on this machine (the bench measured itself), so the robots are spread over
// threads. It runs until told `stop`, then answers what its robots saw. Times are absolute (timeOrigin + now),
// comparable with the browsers' in the main thread.
import { parentPort, workerData } from 'node:worker_threads';
import { Agent, setGlobalDispatcher } from 'undici';
import { driveFleet } from '../server/demo/simulator/fleet';
import type { CallRecord, RobotIdentity } from '../server/demo/simulator/gateway';
import type { Rates, Tally } from '../server/demo/simulator/robot';

export interface RobotsJob {
  urls: string[];
  identities: Array<RobotIdentity & { type: string }>;
  beatMs: number;
  rates: Rates;
}

export interface RobotsResult {
  /** heartbeat acknowledgements, ms */
  acks: number[];
  /** what caused an event (its key) and when it was sent */
  causes: Array<[string, number]>;
  /** each robot's last acknowledged heartbeat time, as the server answered it */
  lastBeat: Array<[string, string]>;
  calls: { beats: number; acked: number; beatErrors: number; other: number; otherErrors: number };
  tally: Tally;
  /** the first few failures, to say what went wrong */
  firstErrors: string[];
}

const job = workerData as RobotsJob;

/**
 * This thread's calls share at most this many connections per server, as behind a load balancer. fetch's default
 * opens one per call in flight: once calls queued, ~10,000 sockets, and a 10,000-robot run sent half as many
 * calls, with thousands timing out, as with this pool (measured on the loaded machine: 241 against 479 beats/s).
 */
setGlobalDispatcher(new Agent({ connections: 128 }));
const acks: number[] = [];
const causes: Array<[string, number]> = [];
const lastStatus = new Map<string, string>();
const lastBeat = new Map<string, string>();
const calls = { beats: 0, acked: 0, beatErrors: 0, other: 0, otherErrors: 0 };
const firstErrors: string[] = [];

function observe(c: CallRecord) {
  const sentAt = performance.timeOrigin + c.sentAt;
  // a status call is a heartbeat too (it also marks the robot online); the steady beats are the acks measured
  const beat = c.path === 'heartbeat' || c.path === 'status';
  if (c.path === 'heartbeat') acks.push(c.ms);
  if (beat) {
    calls.beats++;
    if (!c.ok) calls.beatErrors++;
  } else {
    calls.other++;
    if (!c.ok) calls.otherErrors++;
  }
  if (!c.ok || !c.data) return;
  if (beat) {
    calls.acked++;
    const id = c.robot.device_id;
    lastBeat.set(id, String(c.data.last_heartbeat));
    // only a change of state or work status is announced: remember the calls that made one
    const status = `${c.data.state}|${c.data.work_status}`;
    if (lastStatus.get(id) !== status) causes.push([`s:${id}:${c.data.last_heartbeat}`, sentAt]);
    lastStatus.set(id, status);
  } else if (c.path === 'order') causes.push([`o:${c.data._id}`, sentAt]);
  else if (c.path === 'notify') causes.push([`m:${c.data._id}`, sentAt]);
}

let turn = 0;
const fleet = driveFleet({
  url: () => job.urls[turn++ % job.urls.length],
  identities: job.identities,
  beatMs: job.beatMs,
  rates: job.rates,
  spread: true,
  observe,
  log: (line) => {
    if (!/fault|recovered/.test(line) && firstErrors.length < 5) firstErrors.push(line);
  },
});

async function report() {
  await fleet.stop();
  const result: RobotsResult = { acks, causes, lastBeat: [...lastBeat], calls, tally: fleet.tally, firstErrors };
  parentPort!.postMessage(result);
}
parentPort!.once('message', () => void report());
