-- Alarms: a robot's fault or warning with a life cycle (active → acknowledged → cleared, or active → cleared).
-- The notifications themselves stay in `message`; an alarm gathers the repeats of one code on one robot.

CREATE TABLE alarm (
  _id text PRIMARY KEY,
  device text REFERENCES device(_id) ON DELETE SET NULL,
  -- the robot's type when the alarm opened, so lists filter by it without a join
  device_type text,
  code integer NOT NULL,
  level text NOT NULL CHECK (level IN ('warning', 'error')),
  category text NOT NULL DEFAULT '',
  state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'acknowledged', 'cleared')),
  count integer NOT NULL DEFAULT 1 CHECK (count > 0),
  first_seen timestamptz NOT NULL DEFAULT now(),
  last_seen timestamptz NOT NULL DEFAULT now(),
  ack_by text,
  ack_time timestamptz,
  ack_comment text,
  -- the account that cleared it, or null when a recovery code (clear_code) did
  clear_by text,
  clear_time timestamptz,
  clear_code integer,
  -- active first, then acknowledged, then cleared; newest first within each (the list's default sort)
  priority text NOT NULL DEFAULT '',
  integrator text REFERENCES integrator(_id),
  dealer text REFERENCES dealer(_id),
  version integer NOT NULL DEFAULT 1,
  CHECK ((state = 'cleared') = (clear_time IS NOT NULL)),
  CHECK (state = 'active' OR ack_time IS NOT NULL OR clear_time IS NOT NULL)
);

-- One open alarm per robot and code: repeats land on it (INSERT … ON CONFLICT), even from concurrent calls
-- and from several server processes (the offline sweep).
CREATE UNIQUE INDEX alarm_open ON alarm (device, code) WHERE state <> 'cleared';
CREATE INDEX alarm_priority ON alarm (priority DESC, _id DESC);
CREATE INDEX alarm_integrator ON alarm (integrator, priority DESC, _id DESC);
CREATE INDEX alarm_dealer ON alarm (dealer, priority DESC, _id DESC);
CREATE INDEX alarm_device ON alarm (device, first_seen DESC);

CREATE FUNCTION alarm_priority() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.priority := (CASE NEW.state WHEN 'active' THEN '2' WHEN 'acknowledged' THEN '1' ELSE '0' END)
    || lpad((floor(extract(epoch FROM NEW.first_seen) * 1000))::bigint::text, 15, '0');
  RETURN NEW;
END $$;
CREATE TRIGGER alarm_priority BEFORE INSERT OR UPDATE OF state, first_seen ON alarm
  FOR EACH ROW EXECUTE FUNCTION alarm_priority();

INSERT INTO permission (_id, display_name, "group") VALUES
  ('alarm_list', 'Alarms', 'message'),
  ('alarm_ack', 'Acknowledge alarms', 'message'),
  ('alarm_clear', 'Clear alarms', 'message');

-- Whoever reads the robots' messages works their alarms.
UPDATE role SET authorizations = authorizations || ARRAY['alarm_list', 'alarm_ack', 'alarm_clear']
 WHERE 'message_list' = ANY(authorizations) AND NOT 'alarm_list' = ANY(authorizations);
