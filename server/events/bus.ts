// Live events (docs/api.md; command.changed: docs/commands.md): device.status, message.created, order.created, alarm.opened, alarm.changed, command.changed. Each
// carries the tenant it belongs to, so a subscriber sees only what its account may see.
//
// On PGlite (one process) an emitter carries them. On PostgreSQL several processes may share the
// database behind a load balancer, so an event goes out as NOTIFY on one channel and comes back to every
// process — this one included — through a dedicated LISTEN connection; each process then hands it to its
// own subscribers. Published inside a transaction, the NOTIFY is delivered only if and when it commits.
import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import type { DB, Database } from '../db';

export type EventType =
  | 'device.status'
  | 'message.created'
  | 'order.created'
  | 'alarm.opened'
  | 'alarm.changed'
  | 'command.changed'
  // a campaign's state, phase or counts moved (docs/campaigns.md)
  | 'campaign.changed'
  // a spreadsheet import's progress (server/crud/importProgress.ts): `data.resource` names the list it fills
  | 'import.progress';

export interface LiveEvent {
  type: EventType;
  integrator: string | null;
  dealer: string | null;
  data: Record<string, unknown>;
}

/** The PostgreSQL channel every process listens on. */
export const CHANNEL = 'vf_events';
/** NOTIFY payloads must stay under 8000 bytes; an event larger than this travels without its detail. */
const MAX_PAYLOAD = 7000;

/**
 * Not an event for browsers: the news that some accounts' rights changed (freeze, password change, roles,
 * a role's authorizations, a role preview, logout), so that every process ends the live streams opened
 * with the old rights. It travels the same way as the events, so it reaches every process.
 */
export interface RightsChange {
  type: 'rights.changed';
  accounts?: string[];
  roles?: string[];
  /** session token hashes */
  sessions?: string[];
  /** accounts whose sessions' details changed but not their rights (a nickname): only cached sessions care */
  stale?: string[];
  /** robots (device _id) whose key, store, brand, name, type or lock changed: only the robots' key caches care
   * (server/features/gateway/keyCache.ts) */
  devices?: string[];
  /** names the change, so that the process that sent it knows when every process has heard it (see heard()) */
  id?: string;
}

/** Not for browsers either: a process telling the others it has heard (and acted on) the rights change `id`. */
interface RightsHeard {
  type: 'rights.heard';
  id: string;
}

/**
 * Not an event for browsers either: what a process keeps in memory (the telemetry rules a beat is judged by) was
 * changed by some process, so every process forgets its copy and reads it again.
 */
export interface CacheChange {
  type: 'cache.changed';
  cache: string;
}

type Internal = RightsChange | CacheChange | RightsHeard;

const emitter = new EventEmitter();
emitter.setMaxListeners(0);

interface Relay {
  db: DB;
  client: pg.Client;
}
let relay: Relay | undefined;
/** Whether this process's LISTEN connection is up: news from other processes reaches it only then. */
let listening = false;
/** News may have been missed (the LISTEN connection went down) or reaches this process again. */
function setListening(up: boolean) {
  listening = up;
  emitter.emit('relay', up);
}

function deliver(e: LiveEvent | Internal) {
  if (e.type === 'rights.heard') sent.get(e.id)?.();
  else if (e.type === 'cache.changed') emitter.emit('cache', e);
  else if (e.type === 'rights.changed') {
    emitter.emit('rights', e);
    // acted on (the session cache forgot, server/auth/sessionCache.ts): say so to the process that sent it.
    // Through the pool, not the LISTEN connection: its last statement must stay the LISTEN (LISTENERS counts it).
    if (e.id && relay)
      void sql`SELECT pg_notify(${CHANNEL}, ${JSON.stringify({ type: 'rights.heard', id: e.id })})`
        .execute(relay.db)
        .catch(() => undefined);
  } else emitter.emit('event', e);
}

/**
 * Rights changes this process sent through PostgreSQL and not every process has heard yet, by id: told how
 * many heard it so far. A change goes out with its transaction's commit; every process (its session cache,
 * server/auth/sessionCache.ts) acts on it when its LISTEN connection hears it, then answers `rights.heard`.
 * The call that made the change answers only once every process listening when it was sent has (heard()):
 * its caller's next call, to whichever process, never finds the ended session cached. A NOTIFY alone left
 * that open: on the loaded 2-core machine the other process often heard it after the caller's next call.
 */
const sent = new Map<string, () => void>();
/** how many rights changes this process has sent: a call that sent one waits for those sent since it began */
let sentCount = 0;
const pending: Array<{ n: number; heard: Promise<void> }> = [];
/** A change whose transaction rolled back is never heard, nor one a process died before hearing: the answer waits this long at most. */
const HEARD_WAIT_MS = 2000;
/** The processes listening, as PostgreSQL counts them (each has one connection whose statement was the LISTEN). */
const LISTENERS = sql<{
  n: number;
}>`(SELECT count(*)::int FROM pg_stat_activity WHERE datname = current_database() AND query = ${`LISTEN ${CHANNEL}`})`;

export const rightsChangesSent = () => sentCount;

/** Resolves once this process has heard every rights change it sent after the `since`-th (rightsChangesSent()). */
export async function heard(since: number): Promise<void> {
  await Promise.all(pending.filter((p) => p.n > since).map((p) => p.heard));
}

function payloadOf(e: LiveEvent | Internal): string {
  if (e.type === 'rights.changed' || e.type === 'cache.changed' || e.type === 'rights.heard') return JSON.stringify(e);
  const text = JSON.stringify(e);
  if (Buffer.byteLength(text) <= MAX_PAYLOAD) return text;
  const { detail: _detail, ...data } = e.data;
  return JSON.stringify({ ...e, data: { ...data, truncated: true } });
}

/**
 * Hands an event to every subscriber of every process. `db` may be the caller's transaction: on
 * PostgreSQL the event is then sent only if the transaction commits.
 */
export async function publish(e: LiveEvent | Internal, db?: DB): Promise<void> {
  if (!relay) return deliver(e);
  await sql`SELECT pg_notify(${CHANNEL}, ${payloadOf(e)})`.execute(db ?? relay.db);
}

/**
 * Hands several events to every subscriber, in order, in one statement on PostgreSQL: a batch of heartbeats
 * announcing its changes one NOTIFY at a time held the next batch back for a round trip per change (the fleet
 * bench, `npm run bench:fleet`, saw beats wait seconds while a batch of robots coming online was announced).
 */
export async function publishAll(events: Array<LiveEvent | Internal>, db?: DB): Promise<void> {
  if (events.length === 0) return;
  if (!relay) return events.forEach(deliver);
  await sql`SELECT pg_notify(${CHANNEL}, p) FROM unnest(${events.map(payloadOf)}::text[]) WITH ORDINALITY AS x(p, n) ORDER BY n`.execute(
    db ?? relay.db,
  );
}

/** Whether events travel as NOTIFY through PostgreSQL: a statement that changes rows may then send their events
 * itself (server/features/commands/ledger.ts `toldCte`), saving a round trip of its own. */
export const relayed = () => relay !== undefined;

export function subscribe(fn: (e: LiveEvent) => void): () => void {
  emitter.on('event', fn);
  return () => emitter.off('event', fn);
}

/** Tells every process that these accounts, holders of these roles, or these sessions have other rights now. */
export async function publishRightsChange(change: Omit<RightsChange, 'type' | 'id'>, db?: DB): Promise<void> {
  if (!relay) return publish({ type: 'rights.changed', ...change }, db);
  const id = randomUUID();
  const n = ++sentCount;
  let listeners = Infinity;
  let heardBy = 0;
  let done = () => {};
  const heardBack = new Promise<void>((resolve) => {
    done = () => {
      sent.delete(id);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, HEARD_WAIT_MS).unref();
    sent.set(id, () => void (++heardBy >= listeners && done()));
  });
  pending.push({ n, heard: heardBack });
  void heardBack.then(() => {
    const i = pending.findIndex((p) => p.n === n);
    if (i >= 0) pending.splice(i, 1);
  });
  // the NOTIFY and, in the same statement, how many processes will hear it
  const payload = JSON.stringify({ type: 'rights.changed', ...change, id });
  const r = await sql<{ n: number }>`SELECT ${LISTENERS} AS n, pg_notify(${CHANNEL}, ${payload})`.execute(
    db ?? relay.db,
  );
  listeners = r.rows[0].n;
  if (heardBy >= listeners) done();
}

/** Tells every process (this one included, once committed) that its copy of `cache` is stale. */
export const publishCacheChange = (cache: string, db?: DB) => publish({ type: 'cache.changed', cache }, db);

export function onCacheChange(fn: (c: CacheChange) => void): () => void {
  emitter.on('cache', fn);
  return () => emitter.off('cache', fn);
}

export function onRightsChange(fn: (c: RightsChange) => void): () => void {
  emitter.on('rights', fn);
  return () => emitter.off('rights', fn);
}

/** On PostgreSQL: whether every process's rights changes reach this one now (its LISTEN connection is up). */
export const relayListening = () => Boolean(relay) && listening;
/** Whether news goes through PostgreSQL (a relay runs in this process) rather than straight to this process's subscribers. */
export const relayRunning = () => Boolean(relay);

/** Told when the LISTEN connection goes down or comes back: what was cached on news may be stale. */
export function onRelayChange(fn: (up: boolean) => void): () => void {
  emitter.on('relay', fn);
  return () => emitter.off('relay', fn);
}

/**
 * On PostgreSQL: LISTEN on the shared channel, so events raised by any process reach this one's
 * subscribers. Returns what stops it. On PGlite events stay in the process and nothing is started.
 */
export async function startEventRelay(database: Pick<Database, 'db' | 'kind' | 'url'>): Promise<() => Promise<void>> {
  if (database.kind !== 'postgres' || !database.url) return async () => {};
  let stopped = false;
  let client: pg.Client | undefined;

  // One reconnection at a time, and only for the connection in use: a failed attempt's own 'end' must not
  // start another chain (they multiplied during an outage and filled max_connections once it was back).
  let reconnecting = false;
  const reconnect = () => {
    if (stopped || reconnecting) return;
    reconnecting = true;
    const attempt = () => {
      if (stopped) return;
      connect().then(
        (next) => {
          reconnecting = false;
          if (stopped) return void next.end().catch(() => undefined);
          client = next;
          if (relay) relay.client = next;
          setListening(true);
        },
        () => setTimeout(attempt, 1000).unref(),
      );
    };
    setTimeout(attempt, 200).unref();
  };

  const connect = async (): Promise<pg.Client> => {
    const c = new pg.Client({ connectionString: database.url });
    c.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return;
      try {
        deliver(JSON.parse(n.payload) as LiveEvent | Internal);
      } catch {
        /* not one of ours */
      }
    });
    // A lost LISTEN connection is opened again; events sent meanwhile are missed, and the browsers
    // catch up when they reconnect (they refetch on every (re)connection).
    c.on('error', () => undefined);
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
    } catch (e) {
      await c.end().catch(() => undefined);
      throw e;
    }
    c.on('end', () => {
      setListening(false);
      reconnect();
    });
    return c;
  };

  client = await connect();
  relay = { db: database.db, client };
  setListening(true);
  return async () => {
    stopped = true;
    setListening(false);
    if (relay?.client === client) relay = undefined;
    await client?.end().catch(() => undefined);
  };
}
