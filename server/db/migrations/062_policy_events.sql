-- policy-events: written by `npm run db:migration` from the declarations in resources/. Review it, then commit it.

-- column notification.event is missing
ALTER TABLE notification ADD COLUMN event text CONSTRAINT notification_event_check CHECK (event IN ('second_factor_held', 'webhook_paused', 'campaign_aborted', 'visit_plan_daily'));

-- column notification.record is missing
ALTER TABLE notification ADD COLUMN record text;

-- notification.kind allows [alarm, digest, test], declared [alarm, event, digest, test]
ALTER TABLE notification DROP CONSTRAINT notification_kind_check, ADD CONSTRAINT notification_kind_check CHECK (kind IN ('alarm', 'event', 'digest', 'test'));

-- notify_policy.levels is NOT NULL, declared optional
ALTER TABLE notify_policy ALTER COLUMN levels DROP NOT NULL;

-- column notify_policy.events is missing
ALTER TABLE notify_policy ADD COLUMN events text[];

-- a policy event is planned once per event, record, policy and channel: every process's subscriber may plan it
-- (a daily visit plan's record is `<store>/<day>`), the second writes nothing (docs/notifications.md "Policy events")
CREATE UNIQUE INDEX notification_event_once ON notification (event, record, policy, channel) WHERE kind = 'event';

-- the store-days whose visit plan was made (server/features/forecast/daily.ts): the process that inserts the row
-- makes and publishes the plan, any other finds it there and does nothing
CREATE TABLE visit_plan_day (
  dealer text NOT NULL CONSTRAINT visit_plan_day_dealer_fkey REFERENCES dealer(_id) ON DELETE CASCADE,
  day date NOT NULL,
  create_time timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (dealer, day)
);
