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

-- Two-factor sign-in (TOTP). The secret must be readable to check codes, so it lives in a table of its
-- own that no resource declares (no list, filter or export can reach it). A code's time step is used
-- once (last_step); recovery codes are kept as SHA-256 and removed when used.
CREATE TABLE account_totp (
  account text PRIMARY KEY REFERENCES account(_id) ON DELETE CASCADE,
  secret text NOT NULL,
  enabled boolean NOT NULL DEFAULT false,
  last_step bigint NOT NULL DEFAULT 0,
  recovery text[] NOT NULL DEFAULT '{}',
  create_time timestamptz NOT NULL DEFAULT now()
);

-- The second step of a sign-in: issued after a right password to an account with TOTP, good for five
-- minutes, and bound to the epoch read before the password check (like a session).
CREATE TABLE totp_challenge (
  challenge_hash text PRIMARY KEY,
  account text NOT NULL REFERENCES account(_id) ON DELETE CASCADE,
  epoch integer NOT NULL,
  expire_time timestamptz NOT NULL
);

-- A SUPER may require two-factor sign-in of every account holding a role.
ALTER TABLE role ADD COLUMN require_totp boolean NOT NULL DEFAULT false;
