// The tables the core writes — no feature owns them (docs/architecture.md, "Who writes which table"): the
// migrations' record (./migrate.ts), sessions and sign-in security (server/auth/), the operation log
// (server/log.ts) and the engine's imports (server/crud/import.ts). Every other table belongs to the one feature
// whose `owns` names it (server/features/*/index.ts).
import type { Tables } from './index';

export const coreTables = [
  'schema_migration',
  'session',
  'account_totp',
  'totp_challenge',
  'login_throttle',
  'account_hold',
  'security_event',
  'log',
  'import_job',
  'import_row',
] as const satisfies readonly (keyof Tables)[];
