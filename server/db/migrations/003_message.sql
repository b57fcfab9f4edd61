-- Device notifications and alarms. The text is not stored: it comes from the code, in the viewer's language.

CREATE TABLE message (
  _id text PRIMARY KEY,
  code integer NOT NULL,
  level text NOT NULL CHECK (level IN ('info', 'success', 'warning', 'error')),
  category text NOT NULL DEFAULT '',
  device text REFERENCES device(_id) ON DELETE SET NULL,
  integrator text REFERENCES integrator(_id),
  dealer text REFERENCES dealer(_id),
  detail jsonb,
  read boolean NOT NULL DEFAULT false,
  create_time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX message_time ON message (create_time DESC);
CREATE INDEX message_integrator ON message (integrator, create_time DESC);
CREATE INDEX message_dealer ON message (dealer, create_time DESC);
CREATE INDEX message_device ON message (device, create_time DESC);
