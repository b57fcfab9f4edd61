-- campaign: written by `npm run db:migration` from the declarations in resources/. Review it, then commit it.

-- column device.firmware_version is missing
ALTER TABLE device ADD COLUMN firmware_version text;

-- webhook_delivery.event allows [order_created, order_paid, order_refunded, alarm_opened, alarm_cleared, robot_offline, command_acknowledged, command_failed, command_expired, webhook_test], declared [order_created, order_paid, order_refunded, alarm_opened, alarm_cleared, robot_offline, command_acknowledged, command_failed, command_expired, campaign_aborted, webhook_test]
ALTER TABLE webhook_delivery DROP CONSTRAINT webhook_delivery_event_check, ADD CONSTRAINT webhook_delivery_event_check CHECK (event IN ('order_created', 'order_paid', 'order_refunded', 'alarm_opened', 'alarm_cleared', 'robot_offline', 'command_acknowledged', 'command_failed', 'command_expired', 'campaign_aborted', 'webhook_test'));

-- table firmware is missing
CREATE TABLE firmware (
  _id text PRIMARY KEY,
  type text NOT NULL CONSTRAINT firmware_type_check CHECK (type IN ('icecream', 'coffee', 'coffee_icecream', 'noodle', 'milktea', 'fastfood')),
  firmware_version text NOT NULL,
  file text NOT NULL,
  sha256 text NOT NULL,
  size integer NOT NULL,
  notes text,
  create_time timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1
);
CREATE INDEX IF NOT EXISTS firmware_create_time ON firmware (create_time DESC, _id DESC);

-- table campaign is missing
CREATE TABLE campaign (
  _id text PRIMARY KEY,
  name text NOT NULL,
  command text NOT NULL CONSTRAINT campaign_command_check CHECK (command IN ('reboot', 'lock', 'unlock', 'clean', 'sync_menu', 'set_business_state', 'update_firmware')),
  params jsonb,
  target jsonb NOT NULL,
  rate_per_minute integer NOT NULL,
  phases jsonb,
  phase_wait_minutes integer NOT NULL DEFAULT 0,
  "window" jsonb,
  abort jsonb NOT NULL,
  state text NOT NULL DEFAULT 'draft' CONSTRAINT campaign_state_check CHECK (state IN ('draft', 'running', 'paused', 'completed', 'aborted', 'cancelled')),
  phase integer NOT NULL,
  abort_reason text,
  created_by text NOT NULL,
  start_time timestamptz,
  end_time timestamptz,
  integrator text NOT NULL CONSTRAINT campaign_integrator_fkey REFERENCES integrator(_id),
  dealer text CONSTRAINT campaign_dealer_fkey REFERENCES dealer(_id),
  create_time timestamptz NOT NULL DEFAULT now(),
  phase_done_time timestamptz,
  version integer NOT NULL DEFAULT 1
);
CREATE INDEX IF NOT EXISTS campaign_integrator_create_time ON campaign (integrator, create_time DESC, _id DESC);
CREATE INDEX IF NOT EXISTS campaign_dealer_create_time ON campaign (dealer, create_time DESC, _id DESC);
CREATE INDEX IF NOT EXISTS campaign_create_time ON campaign (create_time DESC, _id DESC);

-- command.command allows [reboot, lock, unlock, clean, sync_menu, set_business_state], declared [reboot, lock, unlock, clean, sync_menu, set_business_state, update_firmware]
ALTER TABLE command DROP CONSTRAINT command_command_check, ADD CONSTRAINT command_command_check CHECK (command IN ('reboot', 'lock', 'unlock', 'clean', 'sync_menu', 'set_business_state', 'update_firmware'));

-- column command.campaign is missing
ALTER TABLE command ADD COLUMN campaign text CONSTRAINT command_campaign_fkey REFERENCES campaign(_id);

-- Written by hand (no declaration says these; docs/campaigns.md):
-- one image per robot type and version
CREATE UNIQUE INDEX firmware_type_version ON firmware (type, firmware_version);

-- a campaign's counts and its abort rule read its ledger rows by state
CREATE INDEX command_campaign ON command (campaign, state) WHERE campaign IS NOT NULL;

-- firmware images are uploads too (kept in the same storage), with their checksum
ALTER TABLE upload ADD COLUMN sha256 text;
ALTER TABLE upload DROP CONSTRAINT upload_content_type_check,
  ADD CONSTRAINT upload_content_type_check CHECK (content_type IN ('image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/octet-stream'));

-- a campaign's target, resolved when it starts (robots added later are not included): its robots in the order
-- they are reached, each with the ledger row queued for it and when the scheduler queued it (by its clock, which
-- tests move); `skipped`: the robot left the campaign's scope, or is of another type than its firmware
CREATE TABLE campaign_target (
  campaign text NOT NULL REFERENCES campaign(_id) ON DELETE CASCADE,
  seq integer NOT NULL,
  device text NOT NULL,
  command text,
  skipped boolean NOT NULL DEFAULT false,
  queued_at timestamptz,
  PRIMARY KEY (campaign, seq)
);
CREATE INDEX campaign_target_waiting ON campaign_target (campaign, seq) WHERE command IS NULL AND NOT skipped;
CREATE INDEX campaign_target_queued ON campaign_target (campaign, queued_at) WHERE queued_at IS NOT NULL;

-- as resources/campaign.ts and resources/firmware.ts grant them: brands and provider staff run campaigns and read
-- the firmware images; only provider staff upload images (a store's administrator only when a role grants it)
INSERT INTO permission (_id, display_name, "group") VALUES
  ('campaign_list', 'Campaign: List', 'device'),
  ('campaign_edit', 'Campaign: Edit', 'device'),
  ('campaign_run', 'Campaign: Start, pause, resume, cancel', 'device'),
  ('firmware_list', 'Firmware: List', 'device'),
  ('firmware_edit', 'Firmware: Upload and edit', 'device')
ON CONFLICT (_id) DO NOTHING;
UPDATE role SET authorizations = authorizations || ARRAY['campaign_edit', 'campaign_list', 'campaign_run', 'firmware_list']
 WHERE _id IN ('provider_admin', 'integrator_admin') AND NOT 'campaign_list' = ANY(authorizations);
UPDATE role SET authorizations = authorizations || ARRAY['firmware_edit']
 WHERE _id = 'provider_admin' AND NOT 'firmware_edit' = ANY(authorizations);
