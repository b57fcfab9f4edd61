// A robot's arrival and departure as messages (docs/rules.md, Codes): the gateway records beats and sweeps silent
// robots offline; this feature writes the message each change calls for, and the alarms follow the message.
import type { Subscriptions } from '../../events/domain';
import { raiseMessage } from './raise';

/** Notification codes the service itself raises when a robot connects or drops (docs/rules.md, Codes). */
export const CODE_ONLINE = 100001;
export const CODE_OFFLINE = 100002;

export const presenceMessages: Subscriptions = {
  // a robot back online: its own transaction, once the beat's statement committed (as before the events)
  'robot.beats': async (db, beats) => {
    for (const b of beats)
      if (b.cameOnline)
        await raiseMessage(db, { code: CODE_ONLINE, device: b.device, integrator: b.integrator, dealer: b.dealer });
  },
  // in the sweep's transaction: the robot is offline, with its message and alarm, or not at all
  'robot.offline': async (trx, robots) => {
    for (const r of robots)
      await raiseMessage(trx, {
        code: CODE_OFFLINE,
        device: r._id,
        integrator: r.integrator,
        dealer: r.dealer ?? null,
      });
  },
};
