// The published document made without a database or a listening port: the same app `npm start` builds (so the
// same routes and schemas /api/openapi.json serves), over a database handle that answers every statement with
// one empty row and touches nothing. Tools read it before anything runs: `npm run lint:api` (Redocly) and the
// generated client types of `npm run typecheck` (docs/api.md, "The document's own checks").
import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Driver,
} from 'kysely';
import { buildApp } from '../app';
import type { DB } from '../db';

/** A connection that runs nothing: the start-up work the app does when ready (telemetry partitions, the commands
 * waiting, the offline sweep) reads an empty row and moves on. */
const nothing: DatabaseConnection = {
  executeQuery: async () => ({ rows: [{}] as never[] }),
  // eslint-disable-next-line require-yield
  streamQuery: async function* () {
    return;
  },
};
const noDriver: Driver = {
  init: async () => undefined,
  acquireConnection: async () => nothing,
  beginTransaction: async () => undefined,
  commitTransaction: async () => undefined,
  rollbackTransaction: async () => undefined,
  releaseConnection: async () => undefined,
  destroy: async () => undefined,
};

/** The OpenAPI document, as the running server serves it at /api/openapi.json. */
export async function apiDocument(): Promise<Record<string, unknown>> {
  const db = new Kysely<never>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => noDriver,
      createIntrospector: (d) => new PostgresIntrospector(d),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }) as unknown as DB;
  const app = await buildApp({ db, logger: false });
  try {
    await app.ready();
    return app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await app.close();
  }
}
