-- Alarm notifications (docs/notifications.md): channels, policies and the delivery log, written by
-- `npm run db:migration` from the declarations in resources/; the hand-written part is at the end.

-- table notification is missing
CREATE TABLE notification (
  _id text PRIMARY KEY,
  create_time timestamptz NOT NULL DEFAULT now(),
  alarm text,
  policy text,
  channel text NOT NULL,
  tier integer,
  kind text NOT NULL DEFAULT 'alarm' CONSTRAINT notification_kind_check CHECK (kind IN ('alarm', 'digest', 'test')),
  state text NOT NULL DEFAULT 'queued' CONSTRAINT notification_state_check CHECK (state IN ('queued', 'sent', 'failed', 'held', 'merged')),
  subject text,
  attempts integer NOT NULL DEFAULT 0,
  due_time timestamptz NOT NULL DEFAULT now(),
  sent_time timestamptz,
  outbox boolean,
  error text,
  digest text,
  text text,
  html text,
  integrator text NOT NULL CONSTRAINT notification_integrator_fkey REFERENCES integrator(_id),
  dealer text CONSTRAINT notification_dealer_fkey REFERENCES dealer(_id),
  enqueued_time timestamptz,
  version integer NOT NULL DEFAULT 1
);
CREATE INDEX IF NOT EXISTS notification_integrator_create_time ON notification (integrator, create_time DESC);
CREATE INDEX IF NOT EXISTS notification_dealer_create_time ON notification (dealer, create_time DESC);
CREATE INDEX IF NOT EXISTS notification_create_time ON notification (create_time DESC);

-- table notify_channel is missing
CREATE TABLE notify_channel (
  _id text PRIMARY KEY,
  name text NOT NULL,
  kind text NOT NULL CONSTRAINT notify_channel_kind_check CHECK (kind IN ('email', 'wecom', 'dingtalk', 'feishu', 'slack', 'webhook')),
  target text NOT NULL,
  secret text,
  language text NOT NULL DEFAULT 'en' CONSTRAINT notify_channel_language_check CHECK (language IN ('zh', 'en', 'es', 'ja')),
  tz text NOT NULL DEFAULT 'Asia/Shanghai',
  enabled boolean NOT NULL DEFAULT true,
  integrator text NOT NULL CONSTRAINT notify_channel_integrator_fkey REFERENCES integrator(_id),
  dealer text CONSTRAINT notify_channel_dealer_fkey REFERENCES dealer(_id),
  -- written as = ANY (ARRAY[…]): PostgreSQL keeps a one-value IN as a plain equality, which the schema check reads
  -- as no CHECK of its choices (as migration 048 for webhooks)
  paused text CONSTRAINT notify_channel_paused_check CHECK (paused = ANY (ARRAY['failures']::text[])),
  paused_time timestamptz,
  create_time timestamptz NOT NULL DEFAULT now(),
  failures integer NOT NULL DEFAULT 0,
  version integer NOT NULL DEFAULT 1
);
CREATE INDEX IF NOT EXISTS notify_channel_integrator_create_time ON notify_channel (integrator, create_time DESC);
CREATE INDEX IF NOT EXISTS notify_channel_dealer_create_time ON notify_channel (dealer, create_time DESC);
CREATE INDEX IF NOT EXISTS notify_channel_create_time ON notify_channel (create_time DESC);

-- table notify_policy is missing
CREATE TABLE notify_policy (
  _id text PRIMARY KEY,
  name text NOT NULL,
  levels text[] NOT NULL,
  codes jsonb,
  dealers text[],
  devices text[],
  tiers jsonb NOT NULL,
  quiet jsonb,
  enabled boolean NOT NULL DEFAULT true,
  integrator text NOT NULL CONSTRAINT notify_policy_integrator_fkey REFERENCES integrator(_id),
  dealer text CONSTRAINT notify_policy_dealer_fkey REFERENCES dealer(_id),
  create_time timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1
);
CREATE INDEX IF NOT EXISTS notify_policy_integrator_create_time ON notify_policy (integrator, create_time DESC);
CREATE INDEX IF NOT EXISTS notify_policy_dealer_create_time ON notify_policy (dealer, create_time DESC);
CREATE INDEX IF NOT EXISTS notify_policy_create_time ON notify_policy (create_time DESC);

-- Once per alarm, policy, tier and channel: every process hears an alarm open (the event bus) and plans it, and
-- the second plan's INSERT … ON CONFLICT DO NOTHING writes nothing (server/features/notify/plan.ts).
CREATE UNIQUE INDEX notification_once ON notification (alarm, policy, tier, channel) WHERE kind = 'alarm';
-- What the scheduler looks for: rows that wait (queued or held) and are not handed on yet, by due time.
CREATE INDEX notification_due ON notification (due_time) WHERE enqueued_time IS NULL AND state IN ('queued', 'held');
-- A channel's burst window: its messages handed on within the last minute.
CREATE INDEX notification_channel_enqueued ON notification (channel, enqueued_time) WHERE enqueued_time IS NOT NULL;
CREATE INDEX notification_alarm ON notification (alarm, create_time DESC) WHERE alarm IS NOT NULL;

-- The delivery queue (server/features/notify/deliver.ts), created once here under the start-up lock, as the
-- webhooks' queue is (migration 053).
SELECT pgboss.create_queue('notify-delivery', '{"policy": "standard"}'::jsonb);

-- Who reads and manages them: the brands' and the provider's administrators, as for webhooks (migration 032).
INSERT INTO permission (_id, display_name, "group") VALUES
  ('notify_list', 'Notifications', 'integrator'),
  ('notify_edit', 'Manage notification channels and policies', 'integrator')
ON CONFLICT (_id) DO NOTHING;
UPDATE role SET authorizations = authorizations || ARRAY['notify_list', 'notify_edit']
 WHERE _id IN ('integrator_admin', 'provider_admin') AND NOT 'notify_list' = ANY(authorizations);
