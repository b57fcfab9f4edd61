-- Commands to robots (resources/command.ts, docs/commands.md): a ledger row per robot and command, handed over
-- on the robot's heartbeat answer and acknowledged by it; and the robot's lock (out of service), which refuses
-- its sales while it holds. Written by `npm run db:migration -- command`, then completed by hand (defaults,
-- the delivery and idempotency indexes).

ALTER TABLE device ADD COLUMN IF NOT EXISTS locked boolean NOT NULL DEFAULT false;
ALTER TABLE device ADD COLUMN IF NOT EXISTS lock_reason text;
ALTER TABLE device ADD COLUMN IF NOT EXISTS locked_by text;
ALTER TABLE device ADD COLUMN IF NOT EXISTS lock_time timestamptz;

-- the webhook events of a command's outcome
ALTER TABLE webhook_delivery DROP CONSTRAINT webhook_delivery_event_check, ADD CONSTRAINT webhook_delivery_event_check CHECK (event IN ('order_created', 'order_paid', 'order_refunded', 'alarm_opened', 'alarm_cleared', 'robot_offline', 'command_acknowledged', 'command_failed', 'command_expired', 'webhook_test'));

CREATE TABLE command (
  _id text PRIMARY KEY,
  create_time timestamptz NOT NULL DEFAULT now(),
  device text NOT NULL CONSTRAINT command_device_fkey REFERENCES device(_id),
  command text NOT NULL CONSTRAINT command_command_check CHECK (command IN ('reboot', 'lock', 'unlock', 'clean', 'sync_menu', 'set_business_state')),
  params jsonb NOT NULL DEFAULT '{}',
  state text NOT NULL DEFAULT 'queued' CONSTRAINT command_state_check CHECK (state IN ('queued', 'sent', 'acknowledged', 'failed', 'expired', 'cancelled')),
  -- how many times it was handed to the robot
  attempts integer NOT NULL DEFAULT 0,
  result jsonb,
  created_by text NOT NULL,
  reason text,
  -- when it was last handed over (a resend moves it)
  sent_time timestamptz,
  done_time timestamptz,
  expires_at timestamptz NOT NULL,
  integrator text NOT NULL CONSTRAINT command_integrator_fkey REFERENCES integrator(_id),
  dealer text CONSTRAINT command_dealer_fkey REFERENCES dealer(_id),
  idempotency_key text,
  version integer NOT NULL DEFAULT 1,
  CHECK (state = 'queued' OR state = 'cancelled' OR state = 'expired' OR sent_time IS NOT NULL)
);
CREATE INDEX IF NOT EXISTS command_integrator_create_time ON command (integrator, create_time DESC);
CREATE INDEX IF NOT EXISTS command_dealer_create_time ON command (dealer, create_time DESC);
CREATE INDEX IF NOT EXISTS command_create_time ON command (create_time DESC);
-- a robot's history (its page's Commands card)
CREATE INDEX IF NOT EXISTS command_device_create_time ON command (device, create_time DESC);
-- what is still on its way: a robot's due commands, the expiry sweep, the start-up "who has commands" read
CREATE INDEX IF NOT EXISTS command_open ON command (device, create_time) WHERE state IN ('queued', 'sent');
CREATE INDEX IF NOT EXISTS command_open_expiry ON command (expires_at) WHERE state IN ('queued', 'sent');
-- one command per robot for a sender's idempotency key: a repeat (even a concurrent one) queues nothing more
CREATE UNIQUE INDEX IF NOT EXISTS command_idempotency ON command (created_by, idempotency_key, device) WHERE idempotency_key IS NOT NULL;

INSERT INTO permission (_id, display_name, "group") VALUES
  ('command_list', 'Command: List', 'device'),
  ('command_send', 'Command: Send command', 'device'),
  ('command_cancel', 'Command: Cancel', 'device')
ON CONFLICT (_id) DO NOTHING;

-- as resources/command.ts grants them: a store's administrator commands its own robots, a brand's its brand's
UPDATE role SET authorizations = authorizations || ARRAY['command_cancel', 'command_list', 'command_send']
 WHERE _id IN ('provider_admin', 'integrator_admin', 'dealer_admin') AND NOT 'command_list' = ANY(authorizations);
