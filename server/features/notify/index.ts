// Notifications: alarms reach people (docs/notifications.md). Channels and policies are declared resources served
// by the engine (./hooks.ts); the delivery log is `notification`. The feature SUBSCRIBES to the live event bus
// (alarm.opened: ./plan.ts) and adds no call to the gateway's or the alarms' code; its scheduler (./schedule.ts) and
// delivery queue (./deliver.ts) are started by server/main.ts beside the webhooks', with `startNotify`.
import type { Feature } from '../feature';
import type { Database } from '../../db';
import { subscribe } from '../../events/bus';
import { channelHooks, policyHooks } from './hooks';
import { planAlarm } from './plan';
import { schedulePass } from './schedule';
import { enqueueNotification, startDelivery } from './deliver';

export const notify: Feature = { name: 'notify', hooks: [channelHooks, policyHooks] };

/** How often a process's scheduler looks for rows come due (a plan of this process wakes it at once). */
const SCHEDULE_MS = 1000;

/** Starts this process's planner, scheduler and delivery loop; the function it returns stops them. */
export async function startNotify(
  database: Database,
  onError: (e: unknown) => void,
  graceMs = 10_000,
): Promise<() => Promise<void>> {
  const db = database.db;
  let stopping = false;
  let wake = () => {};
  const unsubscribe = subscribe((e) => {
    if (e.type !== 'alarm.opened' || stopping) return;
    // on the embedded database the event comes inside the alarm's transaction: this query waits for its commit
    planAlarm(db, String(e.data._id)).then((n) => n > 0 && wake(), onError);
  });
  const stopDelivery = await startDelivery(database, onError, graceMs);
  const loop = (async () => {
    while (!stopping) {
      try {
        await schedulePass(db, enqueueNotification);
      } catch (e) {
        onError(e);
      }
      if (stopping) break;
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, SCHEDULE_MS);
        wake = () => (clearTimeout(t), resolve());
      });
    }
  })();
  return async () => {
    stopping = true;
    unsubscribe();
    wake();
    await loop;
    await stopDelivery();
  };
}
