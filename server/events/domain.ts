// The server's in-process events (docs/architecture.md "Events inside the server"): what happened in one feature,
// told to the features that care, without the teller naming them. A feature declares what it publishes and what it
// subscribes to on its `Feature` (server/features/feature.ts); server/features/index.ts wires the subscribers here,
// once, in the feature list's order.
//
// Not the live events (./bus.ts): those go to browsers and, on PostgreSQL, to every process. These stay in the
// process that published them, and a publisher waits for its subscribers — a beat answers once what it caused is
// done, as before.
//
// Two kinds of event, and the kind is part of the event's type:
//   - in a transaction: published inside the publisher's transaction; each subscriber is handed that transaction,
//     so what it writes commits or rolls back with the publisher's write, and a subscriber's throw rolls it back;
//   - after the write: published once the publisher's write is committed (a heartbeat batch's one statement);
//     each subscriber is handed the database and writes in transactions of its own.
// And contributions: an answer or a check that other features add to (a heartbeat's due commands and its
// outcomes, the parameters a command is handed over with), gathered from whoever registered for it.
import type { DB } from '../db';
import type { GatewayDevice } from '../auth/robot';
import type { ApiError } from '../http/errors';

/** A robot's beat as recorded: where it belongs, what it measured, and whether it had been offline. */
export interface RobotBeat {
  /** the device row's _id */
  device: string;
  /** the robot's type ('' when the caller did not say) */
  type: string;
  integrator: string | null;
  dealer: string | null;
  /** offline until this beat */
  cameOnline: boolean;
  /** the checked measurements stored with the beat (server/features/telemetry/ingest.ts) */
  telemetry?: Record<string, number>;
}

/** A robot set offline by the sweeper: its row's status columns (server/events/status.ts) as it is now. */
export type RobotOffline = Record<string, unknown> & { _id: string; integrator: string | null; dealer: string | null };

/** A message raised (a robot's notification, a stock warning, online/offline …). */
export interface MessageRaised {
  code: number;
  device: string | null;
  integrator: string | null;
  dealer: string | null;
}

/** A command's outcome reported by its robot: the command row as it is now. */
export interface CommandOutcome {
  _id: string;
  device: string;
  command: string;
  state: 'acknowledged' | 'failed';
  params: Record<string, unknown>;
  result: Record<string, unknown> | null;
}

/** A sale reported by a robot: the order row as created (paid or not), in the transaction that created it. */
export type SaleReported = Record<string, unknown> & { _id: string; device: string | null; integrator: string };

/** An alarm opened, or cleared: its row as it is now. */
export type AlarmRow = Record<string, unknown> & { _id: string; device: string; integrator: string | null };

/** A step of an account's sign-in held for its second factor: the wrong code that filled its bound (docs/security.md). */
export interface SecondFactorHeld {
  account: string;
  username: string;
  /** the account's own tenant (null for provider staff) */
  integrator: string | null;
  dealer: string | null;
  failures: number;
  held_until: Date;
}

/** A webhook endpoint paused after failing WEBHOOK_PAUSE_AFTER times in a row. */
export interface WebhookPaused {
  webhook: string;
  /** the endpoint's host, never its path or query (a key may ride there) */
  host: string;
  integrator: string;
  failures: number;
  error: string | null;
}

/** A campaign stopped by its abort rule. */
export interface CampaignAborted {
  campaign: string;
  name: string;
  integrator: string;
  dealer: string | null;
  reason: string;
  failures: number;
  outcomes: number;
  cancelled: number;
}

/** A store's visit plan of its local day, made once per store and day (server/features/forecast/daily.ts). */
export interface VisitPlanDaily {
  dealer: string;
  store: string;
  integrator: string;
  /** the store-local day, YYYY-MM-DD */
  day: string;
  robots: Array<{ name: string; reasons: string[]; lines: Array<{ code: string; name: string; quantity: number }> }>;
}

/** Events published inside the publisher's transaction: subscribers get the transaction. */
export interface InTransactionEvents {
  /** robots the offline sweeper set offline (their rows held until the sweep's chunk commits) */
  'robot.offline': RobotOffline[];
  /** a message was written (its robot's alarms follow it) */
  'message.raised': MessageRaised;
  /** a robot acknowledged or failed one of its commands */
  'command.outcome': CommandOutcome;
  /** a robot reported a sale */
  'sale.reported': SaleReported;
  /** an alarm opened */
  'alarm.opened': AlarmRow;
  /** an alarm cleared (by a recovery code, a rule back in range, or a person) */
  'alarm.cleared': AlarmRow;
  /** an account's second factor was held after too many wrong codes */
  'second_factor.held': SecondFactorHeld;
  /** a webhook endpoint was paused after failing too often */
  'webhook.paused': WebhookPaused;
  /** a campaign was aborted by its abort rule */
  'campaign.aborted': CampaignAborted;
  /** a store's daily visit plan was made */
  'visit_plan.daily': VisitPlanDaily;
}

/** Events published once the publisher's write is committed: subscribers get the database. */
export interface AfterCommitEvents {
  /** a batch of heartbeats was recorded (one statement, group commit: server/db/groupCommit.ts) */
  'robot.beats': RobotBeat[];
}

export type InTransactionEvent = keyof InTransactionEvents;
export type AfterCommitEvent = keyof AfterCommitEvents;
export type EventName = InTransactionEvent | AfterCommitEvent;

/** Runs inside the publisher's transaction, handed it: its writes commit or roll back with the publisher's. */
export type InTransaction<K extends InTransactionEvent> = (trx: DB, event: InTransactionEvents[K]) => Promise<void>;
/** Runs once the publisher's write is committed, handed the database: its writes are its own. */
export type AfterCommit<K extends AfterCommitEvent> = (db: DB, event: AfterCommitEvents[K]) => Promise<void>;

/** What a feature subscribes to, by event: the subscriber's type says whether it runs in the publisher's transaction. */
export type Subscriptions = { [K in InTransactionEvent]?: InTransaction<K> } & {
  [K in AfterCommitEvent]?: AfterCommit<K>;
};

/** A command as handed to its robot (the heartbeat's `commands`, docs/commands.md). */
export interface HandedCommand {
  id: string;
  command: string;
  params: Record<string, unknown>;
  expires_at: string;
}

/** A command about to be handed over, in the transaction that marks it sent. */
export interface HandOver {
  _id: string;
  command: string;
  params: Record<string, unknown>;
}

/** An outcome as a heartbeat's `acks` carries it, as the gateway's schema let it through (docs/commands.md): an `id`
 * that is no command's text is the contributor's to refuse. */
export interface BeatAck {
  id?: unknown;
  status: 'ok' | 'failed';
  result?: Record<string, unknown> | null;
}

/** What features add to answers and checks they do not own. */
export interface Contributions {
  /** a heartbeat's answer: made once per server (`db`), then asked per beat; answers the robot's due commands */
  'beat.commands': (db: DB) => (device: string) => Promise<HandedCommand[]>;
  /** a heartbeat's `acks`: made once per server (`db`), then asked per beat that carries some; answers each outcome in
   * its order, the command's new state or why it was refused. One contributor records them (the commands feature). */
  'beat.acks': (
    db: DB,
  ) => (
    device: GatewayDevice,
    acks: BeatAck[],
    ip: string,
  ) => Promise<Array<{ _id: string; state: string } | ApiError>>;
  /** a command's parameters checked on send: answers the robot type it is limited to (an update's image), if any;
   * throws a 400 for parameters that name nothing */
  'command.check': (db: DB, command: string, params: Record<string, unknown>) => Promise<{ type: string } | undefined>;
  /** parameters added to commands as they are handed over (an update's image URL and digest), by command _id */
  'command.handOver': (trx: DB, commands: HandOver[]) => Promise<Map<string, Record<string, unknown>>>;
}
export type ContributionName = keyof Contributions;

const inTransaction = new Map<string, Array<(db: DB, e: unknown) => Promise<void>>>();
const afterCommit = new Map<string, Array<(db: DB, e: unknown) => Promise<void>>>();
const contributors = new Map<string, unknown[]>();
/** which features were wired: wiring twice (a second app in one process) must not run a subscriber twice */
const wired = new Set<string>();

/** A feature's declaration of its events (server/features/feature.ts), read by the docs' test too. */
export interface FeatureEvents {
  /** the events it publishes */
  readonly publishes?: readonly EventName[];
  /** its subscribers */
  readonly subscribes?: Subscriptions;
  /** what it adds to others' answers and checks */
  readonly contributes?: { readonly [K in ContributionName]?: Contributions[K] };
}

const IN_TRANSACTION: Record<InTransactionEvent, true> = {
  'robot.offline': true,
  'message.raised': true,
  'command.outcome': true,
  'sale.reported': true,
  'alarm.opened': true,
  'alarm.cleared': true,
  'second_factor.held': true,
  'webhook.paused': true,
  'campaign.aborted': true,
  'visit_plan.daily': true,
};
export const isInTransaction = (name: EventName): name is InTransactionEvent => name in IN_TRANSACTION;

/** Wires a feature's subscribers and contributions (once per feature name). */
export function wire(feature: string, events: FeatureEvents | undefined) {
  if (!events || wired.has(feature)) return;
  wired.add(feature);
  for (const [name, fn] of Object.entries(events.subscribes ?? {})) {
    if (!fn) continue;
    const book = isInTransaction(name as EventName) ? inTransaction : afterCommit;
    book.set(name, [...(book.get(name) ?? []), fn as (db: DB, e: unknown) => Promise<void>]);
  }
  for (const [name, fn] of Object.entries(events.contributes ?? {}))
    if (fn) contributors.set(name, [...(contributors.get(name) ?? []), fn]);
}

/**
 * Hands an event to its subscribers, in turn, inside the caller's transaction `trx`. A subscriber's throw reaches
 * the caller (and rolls the transaction back).
 */
export async function publishInTransaction<K extends InTransactionEvent>(
  trx: DB,
  name: K,
  event: InTransactionEvents[K],
): Promise<void> {
  const subs = inTransaction.get(name);
  if (subs) for (const fn of subs) await fn(trx, event);
}

/**
 * A `command.outcome` subscriber that cares for the outcomes of these commands only. Declared so, the outcomes of
 * every other command need no transaction for it: server/features/commands/delivery.ts records those in one
 * statement, where a subscriber that names no commands makes every outcome a transaction of its own.
 */
export function forCommands(
  commands: readonly string[],
  fn: InTransaction<'command.outcome'>,
): InTransaction<'command.outcome'> & { readonly commands: readonly string[] } {
  return Object.assign(
    async (trx: DB, c: CommandOutcome) => {
      if (commands.includes(c.command)) await fn(trx, c);
    },
    { commands },
  );
}

/** The commands whose outcomes some `command.outcome` subscriber cares for (forCommands); undefined when one
 * subscriber cares for every command's. */
export function outcomeCommands(): ReadonlySet<string> | undefined {
  const all = new Set<string>();
  for (const fn of inTransaction.get('command.outcome') ?? []) {
    const commands = (fn as { commands?: readonly string[] }).commands;
    if (!commands) return undefined;
    for (const c of commands) all.add(c);
  }
  return all;
}

/** Hands an event to its subscribers, in turn, once the caller's write is committed. A subscriber's throw reaches the caller. */
export async function publishAfterCommit<K extends AfterCommitEvent>(
  db: DB,
  name: K,
  event: AfterCommitEvents[K],
): Promise<void> {
  const subs = afterCommit.get(name);
  if (subs) for (const fn of subs) await fn(db, event);
}

/** Whoever contributes to `name`, in the feature list's order. */
export const contributorsOf = <K extends ContributionName>(name: K): readonly Contributions[K][] =>
  (contributors.get(name) ?? []) as Contributions[K][];
