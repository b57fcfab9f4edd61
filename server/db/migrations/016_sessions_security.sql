-- Sessions follow the credentials and status they were opened with: every change that must end an
-- account's sessions (password, freeze, delete) raises its epoch, a session is inserted only while the
-- epoch read before the password check is still current, and a session whose epoch is stale is dead.
ALTER TABLE account ADD COLUMN session_epoch integer NOT NULL DEFAULT 0;
ALTER TABLE session ADD COLUMN epoch integer NOT NULL DEFAULT 0;

-- Sign-in and password-check attempts, one counter row per key (username or client address) and
-- fixed one-minute window. An attempt is reserved by one guarded upsert before the password is hashed,
-- so concurrent attempts cannot all pass the limit; a right password gives its reservation back.
CREATE TABLE login_throttle (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0
);
DROP TABLE login_failure;

-- Refused robot keys and failed sign-ins, counted per subject and ten-minute window instead of one row
-- each, and purged after a day: a flood adds to a counter, not to the table.
CREATE TABLE security_event (
  kind text NOT NULL,
  subject text NOT NULL,
  window_start timestamptz NOT NULL,
  count integer NOT NULL DEFAULT 1,
  last_ip text,
  last_time timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, subject, window_start)
);
CREATE INDEX security_event_window ON security_event (window_start);
