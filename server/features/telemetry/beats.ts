// Where the beat arrives, the rules judge it (docs/telemetry.md "Rules"): the gateway stores a batch of beats with
// their measurements in one statement and publishes `robot.beats`; this subscriber judges the measured ones.
import type { AfterCommit } from '../../events/domain';
import { judgeBeats, type JudgedBeat } from './rules';
import { lockByRule } from './lock';

/**
 * The beats and their points are stored: a rule that fails to be judged (one deleted in between) must not turn the
 * whole batch's beats into errors — it is judged again on the next beat. A rule with `lock` queues the robot's
 * lock through the command ledger (./lock.ts).
 */
export const judgeRecorded: AfterCommit<'robot.beats'> = async (db, beats) => {
  const measured: JudgedBeat[] = [];
  for (const b of beats)
    if (b.telemetry)
      measured.push({
        device: b.device,
        type: b.type,
        integrator: b.integrator,
        dealer: b.dealer,
        telemetry: b.telemetry,
      });
  if (measured.length === 0) return;
  await judgeBeats(db, measured, lockByRule).catch((e: unknown) =>
    console.warn(`telemetry rules not judged: ${(e as Error).message}`),
  );
};
