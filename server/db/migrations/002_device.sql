-- Robots. A robot belongs to a brand and, while bound, to one of its stores. Its key is kept only as a hash.

CREATE TABLE device (
  _id text PRIMARY KEY,
  device_id text NOT NULL UNIQUE,
  name text NOT NULL,
  sn text NOT NULL,
  type text NOT NULL CHECK (type IN ('icecream', 'coffee', 'coffee_icecream', 'noodle', 'milktea', 'fastfood')),
  category text NOT NULL DEFAULT '',
  integrator text NOT NULL REFERENCES integrator(_id),
  dealer text REFERENCES dealer(_id),
  online boolean NOT NULL DEFAULT false,
  last_heartbeat timestamptz,
  work_status text,
  state text NOT NULL DEFAULT 'unknown' CHECK (state IN ('idle', 'busy', 'failure', 'lack', 'pause', 'unknown')),
  key_hash text NOT NULL,
  create_time timestamptz NOT NULL DEFAULT now(),
  update_time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX device_integrator ON device (integrator, create_time DESC);
CREATE INDEX device_dealer ON device (dealer, create_time DESC);
CREATE INDEX device_online ON device (online, last_heartbeat);
