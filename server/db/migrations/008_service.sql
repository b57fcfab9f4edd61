-- Vouchers (lecode), customer-service Q&A history (chatchat), fault reports (report) and role preview.

-- A voucher is one code for `quantity` of one store's product, valid in [valid_from, valid_to).
-- A robot of that store writes it off once: one guarded UPDATE moves it to WRITEOFF, never twice.
-- The order that used it is kept as plain text (orders live in another part of the schema).
CREATE TABLE lecode (
  _id text PRIMARY KEY,
  batch text NOT NULL,
  code text NOT NULL,
  status text NOT NULL DEFAULT 'CREATED' CHECK (status IN ('CREATED', 'SOLD', 'WRITEOFF', 'DELETE')),
  product text NOT NULL,
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 99),
  valid_from timestamptz NOT NULL,
  valid_to timestamptz NOT NULL,
  details text NOT NULL DEFAULT '',
  integrator text NOT NULL REFERENCES integrator(_id),
  dealer text NOT NULL REFERENCES dealer(_id),
  writeofftimestamp timestamptz,
  writeoff_device text,
  writeoff_order text,
  create_time timestamptz NOT NULL DEFAULT now(),
  CHECK (valid_to > valid_from),
  CHECK ((status = 'WRITEOFF') = (writeofftimestamp IS NOT NULL))
);
-- Unique across the platform: generation inserts with ON CONFLICT and draws again for the few that collide.
CREATE UNIQUE INDEX lecode_code ON lecode (code);
CREATE INDEX lecode_batch ON lecode (batch, create_time DESC);
CREATE INDEX lecode_dealer ON lecode (dealer, create_time DESC);
CREATE INDEX lecode_integrator ON lecode (integrator, create_time DESC);
CREATE INDEX lecode_product ON lecode (product, create_time DESC);

-- What customers asked the robots' customer service, and what they were answered.
CREATE TABLE chatchat (
  _id text PRIMARY KEY,
  device text REFERENCES device(_id) ON DELETE SET NULL,
  integrator text NOT NULL REFERENCES integrator(_id),
  dealer text REFERENCES dealer(_id),
  question text NOT NULL,
  answer text NOT NULL,
  language text,
  create_time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chatchat_time ON chatchat (create_time DESC);
CREATE INDEX chatchat_integrator ON chatchat (integrator, create_time DESC);
CREATE INDEX chatchat_dealer ON chatchat (dealer, create_time DESC);
CREATE INDEX chatchat_device ON chatchat (device, create_time DESC);

-- Fault reports: raised from the console or by a robot; open → in_progress → resolved.
CREATE TABLE report (
  _id text PRIMARY KEY,
  device text NOT NULL REFERENCES device(_id),
  integrator text NOT NULL REFERENCES integrator(_id),
  dealer text REFERENCES dealer(_id),
  code text,
  fault text,
  description text NOT NULL,
  photos jsonb NOT NULL DEFAULT '[]',
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'in_progress', 'resolved')),
  source text NOT NULL DEFAULT 'console' CHECK (source IN ('console', 'robot')),
  reporter text,
  handler text,
  resolution text,
  resolve_time timestamptz,
  create_time timestamptz NOT NULL DEFAULT now(),
  update_time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX report_time ON report (create_time DESC);
CREATE INDEX report_integrator ON report (integrator, create_time DESC);
CREATE INDEX report_dealer ON report (dealer, create_time DESC);
CREATE INDEX report_status ON report (status, create_time DESC);

-- Lists of the operation log filter by these.
CREATE INDEX log_operator ON log (operator, time DESC);
CREATE INDEX log_resource ON log (resource, time DESC);

-- A SUPER session viewing the console as one role: its authorizations narrowed to that role's until it
-- switches back. Bound to the session, so logging out or the role's removal ends it.
CREATE TABLE role_preview (
  token_hash text PRIMARY KEY REFERENCES session(token_hash) ON DELETE CASCADE,
  account text NOT NULL REFERENCES account(_id) ON DELETE CASCADE,
  role text NOT NULL REFERENCES role(_id) ON DELETE CASCADE,
  create_time timestamptz NOT NULL DEFAULT now()
);
