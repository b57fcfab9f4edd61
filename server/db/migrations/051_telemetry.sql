-- Telemetry (docs/telemetry.md): what robots measure, its hourly rollups, the threshold rules and their state.
-- The telemetry_rule table was written by `npm run db:migration` from resources/telemetry_rule.ts; the rest is by hand.

-- table telemetry_rule is missing
CREATE TABLE telemetry_rule (
  _id text PRIMARY KEY,
  name text NOT NULL,
  metric text NOT NULL CONSTRAINT telemetry_rule_metric_check CHECK (metric IN ('freezer_temp', 'fridge_temp', 'boiler_temp', 'milk_level', 'bean_level', 'water_level', 'waste_level', 'cups_left')),
  op text NOT NULL CONSTRAINT telemetry_rule_op_check CHECK (op IN ('gt', 'lt')),
  threshold integer NOT NULL,
  for_minutes integer NOT NULL DEFAULT 0,
  level text NOT NULL DEFAULT 'warning' CONSTRAINT telemetry_rule_level_check CHECK (level IN ('warning', 'error')),
  lock boolean NOT NULL DEFAULT false,
  type text CONSTRAINT telemetry_rule_type_check CHECK (type IN ('icecream', 'coffee', 'coffee_icecream', 'noodle', 'milktea', 'fastfood')),
  integrator text CONSTRAINT telemetry_rule_integrator_fkey REFERENCES integrator(_id),
  dealer text CONSTRAINT telemetry_rule_dealer_fkey REFERENCES dealer(_id),
  device text CONSTRAINT telemetry_rule_device_fkey REFERENCES device(_id) ON DELETE CASCADE,
  create_time timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1
);
CREATE INDEX IF NOT EXISTS telemetry_rule_integrator_create_time ON telemetry_rule (integrator, create_time DESC);
CREATE INDEX IF NOT EXISTS telemetry_rule_dealer_create_time ON telemetry_rule (dealer, create_time DESC);
CREATE INDEX IF NOT EXISTS telemetry_rule_create_time ON telemetry_rule (create_time DESC);

-- The rules a beat is judged by are loaded once per process and kept (server/features/telemetry/rules.ts).
CREATE INDEX IF NOT EXISTS telemetry_rule_metric ON telemetry_rule (metric);

-- Raw points, one row per robot, metric and beat. Partitioned by day (native declarative partitioning): old days
-- leave by DROP of their partition (TELEMETRY_RETENTION_DAYS), never by a DELETE that bloats the table. The
-- partitions are made ahead by the server (server/features/telemetry/partitions.ts); the default partition only
-- catches a point whose day was not made yet (a clock jump), so that no beat fails.
CREATE TABLE IF NOT EXISTS telemetry (
  device text NOT NULL,
  metric text NOT NULL,
  t timestamptz NOT NULL,
  value double precision NOT NULL
) PARTITION BY RANGE (t);
CREATE INDEX IF NOT EXISTS telemetry_device_metric_t ON telemetry (device, metric, t);
CREATE TABLE IF NOT EXISTS telemetry_default PARTITION OF telemetry DEFAULT;

-- Hourly min / max / sum / count per robot and metric, kept two years; partitioned by month the same way.
CREATE TABLE IF NOT EXISTS telemetry_hourly (
  device text NOT NULL,
  metric text NOT NULL,
  hour timestamptz NOT NULL,
  min double precision NOT NULL,
  max double precision NOT NULL,
  sum double precision NOT NULL,
  count integer NOT NULL,
  PRIMARY KEY (device, metric, hour)
) PARTITION BY RANGE (hour);
CREATE TABLE IF NOT EXISTS telemetry_hourly_default PARTITION OF telemetry_hourly DEFAULT;

-- Where each rule stands on each robot it has judged: breached since, back in range since, and whether it holds
-- an alarm open. One row per rule and robot, written only while a rule is breached or its alarm is open.
CREATE TABLE IF NOT EXISTS telemetry_rule_state (
  rule text NOT NULL REFERENCES telemetry_rule(_id) ON DELETE CASCADE,
  device text NOT NULL REFERENCES device(_id) ON DELETE CASCADE,
  breach_since timestamptz,
  ok_since timestamptz,
  value double precision,
  alarm boolean NOT NULL DEFAULT false,
  PRIMARY KEY (rule, device)
);

-- A rule's alarm: `rule` names the rule (its title is the rule's name), `detail` holds the value that breached.
ALTER TABLE alarm ADD COLUMN IF NOT EXISTS rule text REFERENCES telemetry_rule(_id) ON DELETE SET NULL;
ALTER TABLE alarm ADD COLUMN IF NOT EXISTS detail jsonb;
-- one open alarm per robot and code for the robots' codes; per robot and rule for the rules' alarms
DROP INDEX IF EXISTS alarm_open;
CREATE UNIQUE INDEX alarm_open ON alarm (device, code) WHERE state <> 'cleared' AND rule IS NULL;
CREATE UNIQUE INDEX IF NOT EXISTS alarm_rule_open ON alarm (device, rule) WHERE state <> 'cleared' AND rule IS NOT NULL;

INSERT INTO permission (_id, display_name, "group") VALUES
  ('telemetry_rule_list', 'Telemetry rules', 'device'),
  ('telemetry_rule_edit', 'Manage telemetry rules', 'device')
ON CONFLICT (_id) DO NOTHING;

-- Whoever manages robots sets their rules; whoever reads alarms reads the rules that raise them.
UPDATE role SET authorizations = authorizations || ARRAY['telemetry_rule_list']
 WHERE 'alarm_list' = ANY(authorizations) AND NOT 'telemetry_rule_list' = ANY(authorizations);
UPDATE role SET authorizations = authorizations || ARRAY['telemetry_rule_edit']
 WHERE 'device_edit' = ANY(authorizations) AND NOT 'telemetry_rule_edit' = ANY(authorizations);
