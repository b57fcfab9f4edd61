// How a virtual robot obeys the console's commands (docs/commands.md, "Robot side"): each command its heartbeat
// answer carries is done once (ids are idempotent: a resend of one already done is acknowledged again with the
// same outcome), then acknowledged in the robot's next beat (`acks`), as a vendor's robot should: a call of its own
// per outcome cost the server a request and a transaction each (docs/performance.md, "The heartbeat"). A small
// share fails with a reason, so the failed path shows in the demo.
import { createHash } from 'node:crypto';
import type { Gateway, GatewayData } from './gateway';

/** A command as a heartbeat's answer hands it over (the published document's shape). */
export type Command = NonNullable<GatewayData<'heartbeat'>['commands']>[number];

/** What a robot's commands change about it, read by its beat loop. */
export interface Obedience {
  /** out of service: no sales */
  locked: boolean;
  /** open, closed or pause: sells only when open */
  business: string;
  /** offline (rebooting) until this time (ms) */
  offlineUntil: number;
  /** cleaning (busy) until this time (ms) */
  busyUntil: number;
  /** outcomes owed: reported in the next beat's `acks` (a reboot's once back) */
  owed: Outcome[];
  /** outcomes of commands already done, by id */
  done: Map<string, { status: 'ok' | 'failed'; result?: Record<string, unknown> }>;
  /** the firmware version it runs, reported on every beat */
  firmware: string;
  /** an update left it dead: it never beats again (the demo's abort, docs/campaigns.md) */
  bricked: boolean;
}

/** An outcome as a beat's `acks` carries it (a type, not an interface: the body's items take any further key). */
export type Outcome = {
  id: string;
  status: 'ok' | 'failed';
  result?: Record<string, unknown>;
};

/** Most outcomes one beat carries (the gateway's MAX_BEAT_ACKS): the rest wait for the beat after. */
const BEAT_ACKS = 50;

export const obedience = (): Obedience => ({
  locked: false,
  business: 'open',
  offlineUntil: 0,
  busyUntil: 0,
  owed: [],
  done: new Map(),
  firmware: '1.0.0',
  bricked: false,
});

const REBOOT_MS = 4000;
const CLEAN_MS = 8000;
const REASONS = ['door open', 'busy making an order', 'sensor not ready'];

/** Does each command once; its outcome is owed to the next beat (`acks`, beatAcks). */
export async function obey(
  call: Gateway,
  me: Obedience,
  commands: readonly Command[],
  failRate: number,
  brickRate = 0,
): Promise<void> {
  for (const c of commands) {
    const before = me.done.get(c.id);
    if (before) {
      owe(me, c.id, before);
      continue;
    }
    const outcome: { status: 'ok' | 'failed'; result?: Record<string, unknown> } =
      Math.random() < failRate
        ? { status: 'failed', result: { reason: REASONS[Math.floor(Math.random() * REASONS.length)] } }
        : await perform(call, me, c, brickRate);
    me.done.set(c.id, outcome);
    // bricked: it says "done" at once, by a call of its own, and is never heard from again — the failure a
    // campaign's offline rule watches for
    if (me.bricked) return ack(call, c.id, outcome);
    // the rest (a reboot's, an update's too, once back: it beats no sooner) in the next beat
    owe(me, c.id, outcome);
  }
}

/** An outcome for the next beat; a resend's outcome owed already is owed once. */
function owe(me: Obedience, id: string, o: Omit<Outcome, 'id'>) {
  if (!me.owed.some((x) => x.id === id)) me.owed.push({ id, ...o });
}

/**
 * The outcomes a beat about to be sent carries (`acks`, at most the gateway's limit), taken from what is owed; put
 * them back with `unsent` when the beat fails, so the next one carries them.
 */
export function beatAcks(me: Obedience): Outcome[] | undefined {
  const acks = me.owed.splice(0, BEAT_ACKS);
  return acks.length ? acks : undefined;
}

/** A beat that carried these outcomes failed: they are owed still. */
export function unsent(me: Obedience, acks: Outcome[] | undefined) {
  if (acks) me.owed.unshift(...acks);
}

async function perform(
  call: Gateway,
  me: Obedience,
  c: Command,
  brickRate: number,
): Promise<{ status: 'ok' | 'failed'; result?: Record<string, unknown> }> {
  switch (c.command) {
    case 'update_firmware': {
      // fetch the image, check it, install, reboot; a share never come back
      const p = c.params as { url?: string; sha256?: string; version?: string };
      const image = await call.file(String(p.url)).catch(() => undefined);
      if (!image) return { status: 'failed', result: { reason: 'download failed' } };
      if (createHash('sha256').update(image).digest('hex') !== p.sha256)
        return { status: 'failed', result: { reason: 'checksum mismatch' } };
      if (Math.random() < brickRate) {
        me.bricked = true;
        return { status: 'ok', result: { firmware_version: String(p.version) } };
      }
      me.firmware = String(p.version);
      me.offlineUntil = Date.now() + REBOOT_MS;
      return { status: 'ok', result: { firmware_version: me.firmware } };
    }
    case 'reboot':
      me.offlineUntil = Date.now() + REBOOT_MS;
      return { status: 'ok' };
    case 'lock':
      me.locked = true;
      return { status: 'ok' };
    case 'unlock':
      me.locked = false;
      return { status: 'ok' };
    case 'clean':
      me.busyUntil = Date.now() + CLEAN_MS;
      return { status: 'ok' };
    case 'sync_menu': {
      const menu = await call('GET', 'menu');
      return { status: 'ok', result: { menu_version: menu.version ?? null } };
    }
    case 'set_business_state':
      me.business = String(c.params.state ?? 'open');
      return { status: 'ok' };
    default:
      return { status: 'ok' };
  }
}

async function ack(call: Gateway, id: string, o: { status: 'ok' | 'failed'; result?: Record<string, unknown> }) {
  // a 409 (expired or cancelled meanwhile) is the console's word on it: nothing more to do
  await call('POST', 'command/ack', { id, ...o }).catch(() => undefined);
}

/** A beat carrying the outcomes it owes (one back from a reboot), as the robot's loop beats (./robot.ts). */
export async function settle(call: Gateway, me: Obedience) {
  const acks = beatAcks(me);
  try {
    await call('POST', 'heartbeat', { firmware_version: me.firmware, ...(acks ? { acks } : {}) });
  } catch (e) {
    unsent(me, acks);
    throw e;
  }
}
