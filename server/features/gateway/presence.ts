// Online / offline. A robot is online while its last heartbeat is recent: a heartbeat sets it online,
// and a sweeper in every server process sets offline the robots whose heartbeats stopped. Both are single
// UPDATE statements that return the rows they changed (the robot's row is the fleet's: ../fleet/robotState.ts), so
// with several processes on one database each change happens — and is announced — exactly once. What follows a
// beat or a robot gone silent (its message, its rules, its webhook) is the subscribers' (`robot.beats`,
// `robot.offline`: server/events/domain.ts); the gateway names none of them.
import type { DB } from '../../db';
import { publishAll } from '../../events/bus';
import { publishAfterCommit, publishInTransaction, type RobotBeat, type RobotOffline } from '../../events/domain';
import { statusEvent } from '../../events/status';
import { groupCommit } from '../../db/groupCommit';
import { unauthorized } from '../../http/errors';
import { setting } from '../../config';
import { pointsCtes, type Telemetry } from '../telemetry/ingest';
import { recordBeats as recordBeatRows, setOfflineChunk, type BeatRow } from '../fleet/robotState';

/** Seconds without a heartbeat after which a robot counts as offline (OFFLINE_AFTER_SECONDS, default 90). */
export function offlineAfterSeconds(): number {
  return setting('OFFLINE_AFTER_SECONDS');
}

/** How often the sweeper looks: a quarter of the window, between 0.25 and 5 seconds. */
export function sweepEveryMs(window = offlineAfterSeconds()): number {
  return Math.min(5000, Math.max(250, Math.round((window * 1000) / 4)));
}

export interface Beat {
  /** the device row's _id */
  id: string;
  state?: string;
  work_status?: string;
  /** the menu version it runs (docs/commands.md, menu sync) */
  menu_version?: string;
  /** the firmware version it runs (docs/campaigns.md) */
  firmware_version?: string;
  /** checked measurements (server/features/telemetry/ingest.ts), stored with the beat */
  telemetry?: Telemetry;
  /** the robot's type, for the telemetry rules that name one */
  type?: string;
}

/**
 * Records heartbeats (and, if given, the robot's state and work status). Beats that arrive together go to
 * the database as one statement (group commit, server/db/groupCommit.ts) that also returns what each row held
 * before, so that only real changes are announced. `npm run bench` measured why: one UPDATE and one commit per
 * beat kept ingest near 1,300 beats/s on PostgreSQL.
 */
export function heartbeats(db: DB): (beat: Beat) => Promise<BeatRow> {
  const record = groupCommit((beats: Beat[]) => recordBeats(db, beats), { name: 'heartbeat' });
  return async (beat) => {
    const r = await record(beat);
    // deleted between its key check and its beat: the robot no longer exists for the service
    if (!r) throw unauthorized();
    return r;
  };
}

async function recordBeats(db: DB, beats: Beat[]): Promise<Array<BeatRow | undefined>> {
  // one row per robot: later beats of the same robot in the batch win, as if they had come one by one
  const merged = new Map<string, Beat>();
  for (const b of beats) {
    const m = merged.get(b.id);
    merged.set(
      b.id,
      m
        ? {
            id: b.id,
            state: b.state ?? m.state,
            work_status: b.work_status ?? m.work_status,
            menu_version: b.menu_version ?? m.menu_version,
            firmware_version: b.firmware_version ?? m.firmware_version,
          }
        : b,
    );
  }
  const v = [...merged.values()];
  // the batch's measurements go in the same statement (server/features/telemetry/ingest.ts)
  const points = beats.flatMap((b) =>
    b.telemetry ? Object.entries(b.telemetry).map(([metric, value]) => ({ device: b.id, metric, value })) : [],
  );
  const res = await recordBeatRows(db, v, points.length ? pointsCtes(points) : undefined);
  const byId = new Map(res.rows.map((r) => [r._id as string, r]));
  // the batch is committed (one statement): its subscribers judge its measurements and greet the robots back
  await publishAfterCommit(db, 'robot.beats', recorded(beats, byId));
  // the batch's changes go out together: one statement, not one per changed robot
  await publishAll(
    res.rows
      .filter((r) => !r.was_online || r.was_state !== r.state || r.was_work_status !== r.work_status)
      .map(statusEvent),
    db,
  );
  return beats.map((b) => byId.get(b.id));
}

/** The batch's beats of robots that still exist, each as its subscribers see it; a robot beating twice in the
 * batch came online with its first beat. */
function recorded(beats: Beat[], byId: Map<string, BeatRow>): RobotBeat[] {
  const greeted = new Set<string>();
  const out: RobotBeat[] = [];
  for (const b of beats) {
    const r = byId.get(b.id);
    if (!r) continue;
    const cameOnline = !r.was_online && !greeted.has(b.id);
    if (cameOnline) greeted.add(b.id);
    out.push({
      device: b.id,
      type: b.type ?? '',
      integrator: (r.integrator as string) ?? null,
      dealer: (r.dealer as string) ?? null,
      cameOnline,
      telemetry: b.telemetry,
    });
  }
  return out;
}

/**
 * Robots set offline per transaction. A sweep once took every silent robot in one transaction, holding their rows
 * while it raised each one's message, alarm and webhook in turn: after a stall of the fleet (10,000 robots in
 * `npm run bench:fleet`) every heartbeat batch waited behind the whole sweep, for minutes. Now a chunk holds its
 * rows only while its own robots are announced, and skips rows a heartbeat holds (that robot is beating anyway).
 */
export const SWEEP_CHUNK = 100;

/** Sets offline every robot silent for longer than the window; announces each, and tells the subscribers of
 * `robot.offline` (its message and alarm, its webhook) in the chunk's transaction. */
export async function sweepOffline(db: DB, windowSeconds = offlineAfterSeconds()): Promise<number> {
  let total = 0;
  for (;;) {
    const swept = await db.transaction().execute(async (trx) => {
      const gone = await setOfflineChunk(trx, windowSeconds, SWEEP_CHUNK);
      if (gone.rows.length) {
        await publishInTransaction(trx, 'robot.offline', gone.rows as RobotOffline[]);
        await publishAll(gone.rows.map(statusEvent), trx);
      }
      return gone.rows.length;
    });
    total += swept;
    if (swept < SWEEP_CHUNK) return total;
  }
}

/** Runs the sweeper until the returned function is called (which also waits for a sweep under way). */
export function startSweeper(db: DB, onError: (e: unknown) => void): () => Promise<void> {
  const window = offlineAfterSeconds();
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    if (stopped) return;
    running = running.then(() => (stopped ? 0 : sweepOffline(db, window))).catch(onError);
  }, sweepEveryMs(window));
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
