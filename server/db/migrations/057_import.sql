-- Spreadsheet imports (server/crud/import.ts; docs/import.md): one row per import, and for an applied one the rows
-- it created or changed, with what each held before and the version the import left it at, so the undo restores
-- only what nobody changed since.
CREATE TABLE IF NOT EXISTS import_job (
  _id text PRIMARY KEY,
  resource text NOT NULL,
  account text NOT NULL,
  integrator text,
  dealer text,
  file_name text NOT NULL,
  encoding text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('dry_run', 'apply')),
  partial boolean NOT NULL DEFAULT false,
  state text NOT NULL CHECK (state IN ('dry_run', 'running', 'done', 'failed', 'cancelled', 'reverted')),
  total integer NOT NULL DEFAULT 0,
  done integer NOT NULL DEFAULT 0,
  created integer NOT NULL DEFAULT 0,
  updated integer NOT NULL DEFAULT 0,
  unchanged integer NOT NULL DEFAULT 0,
  refused integer NOT NULL DEFAULT 0,
  errors jsonb NOT NULL DEFAULT '[]',
  ignored jsonb NOT NULL DEFAULT '[]',
  preview jsonb NOT NULL DEFAULT '[]',
  create_time timestamptz NOT NULL DEFAULT now(),
  finish_time timestamptz
);
-- one running import per resource and tenant: a second one at the same time is refused (409), never interleaved
CREATE UNIQUE INDEX IF NOT EXISTS import_job_running ON import_job (resource, coalesce(integrator, ''), coalesce(dealer, ''))
  WHERE state = 'running';
CREATE INDEX IF NOT EXISTS import_job_account ON import_job (account, create_time);

CREATE TABLE IF NOT EXISTS import_row (
  import text NOT NULL REFERENCES import_job (_id) ON DELETE CASCADE,
  record text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('created', 'updated')),
  -- the changed fields' values before the import (null for a created row)
  before jsonb,
  version integer NOT NULL,
  PRIMARY KEY (import, record)
);
