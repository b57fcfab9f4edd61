// What every feature folder's index.ts exports: one `Feature` — its name, how its Fastify plugin is registered
// (its routes, and the jobs that start and stop with the server), the hooks it adds to declared resources, the
// tables it owns and the in-process events it publishes and subscribes to (server/events/domain.ts).
// server/features/index.ts lists every feature once; docs/architecture.md ("Inside the server") says why the
// hooks are a list beside the plugin rather than something the plugin registers.
import type { FastifyInstance } from 'fastify';
import type { DB, Tables } from '../db';
import type { DefinedHooks, HookBook } from '../crud/hooks';
import type { FeatureEvents } from '../events/domain';

/** What a feature's plugin may be handed when it is registered (each takes what it needs). */
export interface FeatureOptions {
  db: DB;
  /** set `draining` when stopping: readiness then fails (the ops feature's `Lifecycle`; written out here, as the
   * ops feature imports this file) */
  lifecycle: { draining: boolean };
  /** /metrics answers this bearer token; unset: no /metrics route answers */
  metricsToken?: string;
  /** where uploaded images go when no S3 bucket is configured */
  dataDir?: string;
  /** every declared resource's hooks, the book the engine reads too (saved filters read it as lists do) */
  hooks: HookBook;
}

export interface Feature {
  /** the folder's name under server/features/ */
  readonly name: string;
  /** registers the feature's plugin: its routes, their schemas, the jobs bound to the server's life. A feature
   * that only shapes declared resources (alarms, orders …) has none: the engine serves their calls. */
  readonly register?: (app: FastifyInstance, options: FeatureOptions) => PromiseLike<unknown>;
  /** what the feature adds to declared resources' calls (`defineHooks`, server/crud/hooks.ts) */
  readonly hooks?: readonly DefinedHooks[];
  /** the tables only this feature's code writes (a partitioned table's partitions with it); another feature calls
   * its functions to change them. The engine's generic calls write a declared resource's table on its owner's
   * behalf. docs/architecture.md, "Who writes which table"; tests/unit/table-owners.test.ts keeps it true. */
  readonly owns?: readonly TableName[];
  /** the in-process events it publishes, its subscribers (each typed in-transaction or after-commit) and what it
   * adds to others' answers (server/events/domain.ts; docs/architecture.md "Events inside the server") */
  readonly events?: FeatureEvents;
}

/** A table of the database (typed rows: server/db/schema/). */
export type TableName = Extract<keyof Tables, string>;
