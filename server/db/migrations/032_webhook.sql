-- Webhooks: a brand's HTTPS endpoints that receive its events (resources/webhook.ts), and one row per delivery
-- attempt (resources/webhook_delivery.ts). The attempts themselves are pg-boss jobs (migration 031).

CREATE TABLE webhook (
  _id text PRIMARY KEY,
  url text NOT NULL,
  events text[] NOT NULL,
  description text,
  enabled boolean NOT NULL DEFAULT true,
  -- the signing key: shown once when the endpoint is made, kept to sign every delivery (never answered)
  secret text NOT NULL,
  create_time timestamptz NOT NULL DEFAULT now(),
  -- a brand's endpoint; `dealer` stays null (the convention's tenant pair)
  integrator text NOT NULL REFERENCES integrator(_id),
  dealer text REFERENCES dealer(_id),
  version integer NOT NULL DEFAULT 1,
  CHECK (cardinality(events) > 0)
);
-- an event looks up the enabled endpoints of its brand
CREATE INDEX webhook_integrator ON webhook (integrator) WHERE enabled;

CREATE TABLE webhook_delivery (
  _id text PRIMARY KEY,
  webhook text NOT NULL REFERENCES webhook(_id) ON DELETE CASCADE,
  event text NOT NULL,
  -- the event's own id (the body's `id`): the same on every attempt, so a receiver can drop repeats
  event_id text NOT NULL,
  attempt integer NOT NULL,
  status text NOT NULL CHECK (status IN ('success', 'failed')),
  http_status integer,
  duration_ms integer NOT NULL,
  error text,
  create_time timestamptz NOT NULL DEFAULT now(),
  integrator text NOT NULL REFERENCES integrator(_id),
  dealer text REFERENCES dealer(_id),
  version integer NOT NULL DEFAULT 1
);
CREATE INDEX webhook_delivery_webhook ON webhook_delivery (webhook, create_time DESC, _id DESC);
CREATE INDEX webhook_delivery_integrator ON webhook_delivery (integrator, create_time DESC, _id DESC);
CREATE INDEX webhook_delivery_time ON webhook_delivery (create_time DESC, _id DESC);

INSERT INTO permission (_id, display_name, "group") VALUES
  ('webhook_list', 'Webhooks and their deliveries', 'integrator'),
  ('webhook_edit', 'Manage webhooks', 'integrator');

-- Brands run their own endpoints; provider staff can run any brand's.
UPDATE role SET authorizations = authorizations || ARRAY['webhook_list', 'webhook_edit']
 WHERE _id IN ('integrator_admin', 'provider_admin') AND NOT 'webhook_list' = ANY(authorizations);
