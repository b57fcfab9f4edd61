// Notifications: alarms reach people (docs/notifications.md). Channels and policies are declared resources served
// by the engine (./hooks.ts); the delivery log is `notification`. The feature SUBSCRIBES to the live event bus
// (alarm.opened: ./plan.ts) and adds no call to the gateway's or the alarms' code; it subscribes to the in-process
// policy events of other features (./events.ts); its scheduler (./schedule.ts) and
// delivery queue (./deliver.ts) are started by server/main.ts beside the webhooks', with `startNotify`.
import type { Feature } from '../feature';
import type { Database } from '../../db';
import { subscribe } from '../../events/bus';
import { channelHooks, policyHooks } from './hooks';
import { planAlarms } from './plan';
import { schedulePass } from './schedule';
import { enqueueNotification, startDelivery } from './deliver';
import { campaignAborted, secondFactorHeld, visitPlanDaily, webhookPaused } from './events';

export const notify: Feature = {
  name: 'notify',
  hooks: [channelHooks, policyHooks],
  owns: ['notification', 'notify_channel', 'notify_policy'],
  // policy events (./events.ts): planned in their publisher's transaction, sent by the scheduler as alarms are
  events: {
    subscribes: {
      'second_factor.held': secondFactorHeld,
      'webhook.paused': webhookPaused,
      'campaign.aborted': campaignAborted,
      'visit_plan.daily': visitPlanDaily,
    },
  },
};

/** How often a process's scheduler looks for rows come due (a plan of this process wakes it at once). */
const SCHEDULE_MS = 1000;
const MIN_GAP_MS = 200;

/** Starts this process's planner, scheduler and delivery loop; the function it returns stops them. */
export async function startNotify(
  database: Database,
  onError: (e: unknown) => void,
  graceMs = 10_000,
): Promise<() => Promise<void>> {
  const db = database.db;
  let stopping = false;
  /** an alarm opened since the pass under way began: the next pass comes without waiting the second out */
  let woken = false;
  let waiter: (() => void) | undefined;
  const wake = () => {
    woken = true;
    waiter?.();
  };
  /** alarms heard opening, planned by the loop's next pass (a failed plan keeps them for the one after) */
  const toPlan = new Set<string>();
  const unsubscribe = subscribe((e) => {
    if (e.type !== 'alarm.opened' || stopping) return;
    toPlan.add(String(e.data._id));
    wake();
  });
  const stopDelivery = await startDelivery(database, onError, graceMs);
  const loop = (async () => {
    while (!stopping) {
      woken = false;
      try {
        // on the embedded database an alarm's event comes inside its transaction: the plan's first query waits for
        // its commit
        const ids = [...toPlan];
        await planAlarms(db, ids);
        ids.forEach((id) => toPlan.delete(id));
      } catch (e) {
        onError(e);
      }
      // apart: a plan that fails must not keep what is already due (policy events too) from being sent
      try {
        await schedulePass(db, enqueueNotification);
      } catch (e) {
        onError(e);
      }
      // at most one pass per MIN_GAP_MS however often plans wake it (a storm plans hundreds of alarms a second)
      await new Promise((r) => setTimeout(r, MIN_GAP_MS));
      if (woken || stopping) continue;
      await new Promise<void>((resolve) => {
        const t = setTimeout(() => waiter?.(), SCHEDULE_MS - MIN_GAP_MS);
        waiter = () => {
          clearTimeout(t);
          waiter = undefined;
          resolve();
        };
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
