-- Guesses counted per account, whatever addresses they come from (docs/security.md, "Holds per account"): one row per
-- account and step of a sign-in ('code': two-factor and recovery codes; 'password'), holding the wrong guesses of
-- its current 15-minute window and, past the bound, the time until which that step is held. A guess is reserved by
-- one guarded upsert on this row before it is judged, so concurrent guesses queue on its lock and never pass the
-- bound, on one process or many. Keyed by the name a sign-in sends, not a foreign key: a made-up name is counted
-- like a real one, so the answers do not tell which accounts exist.
CREATE TABLE account_hold (
  subject text NOT NULL,
  step text NOT NULL CHECK (step IN ('code', 'password')),
  window_start timestamptz NOT NULL DEFAULT now(),
  failures integer NOT NULL DEFAULT 0,
  held_until timestamptz,
  -- holds in a row without a right answer between them: each doubles the next (codes), up to a day
  holds integer NOT NULL DEFAULT 0,
  -- the addresses the account last signed in from, whole (password step only): still heard during a password hold
  known_ips text[] NOT NULL DEFAULT '{}',
  PRIMARY KEY (subject, step)
);
