-- A list's first page walks an index in the list's own order and stops after its rows (docs/performance.md,
-- "Fresh statistics"; tests/api/list-plans.test.ts). A list orders by its sort column and then `_id`; these
-- indexes held the sort column only, so the planner had to sort each run of equal times by `_id` — and where
-- its statistics said the times were all equal (rows written in one transaction share now(), as the demo's
-- are), it judged that sort as costly as sorting everything, and sorted a whole scan instead of walking the
-- index. With `_id` in the index the walk is the list's exact order, whatever the statistics say of the times.
DROP INDEX message_time;
DROP INDEX message_integrator;
DROP INDEX message_dealer;
CREATE INDEX message_time ON message (create_time DESC, _id DESC);
CREATE INDEX message_integrator ON message (integrator, create_time DESC, _id DESC);
CREATE INDEX message_dealer ON message (dealer, create_time DESC, _id DESC);

DROP INDEX product_create_time;
DROP INDEX product_integrator;
DROP INDEX product_dealer;
CREATE INDEX product_create_time ON product (create_time DESC, _id DESC);
CREATE INDEX product_integrator ON product (integrator, create_time DESC, _id DESC);
CREATE INDEX product_dealer ON product (dealer, create_time DESC, _id DESC);

DROP INDEX template_create_time;
DROP INDEX template_integrator;
CREATE INDEX template_create_time ON template (create_time DESC, _id DESC);
CREATE INDEX template_integrator ON template (integrator, create_time DESC, _id DESC);

DROP INDEX webhook_create_time;
DROP INDEX webhook_integrator_create_time;
DROP INDEX webhook_dealer_create_time;
CREATE INDEX webhook_create_time ON webhook (create_time DESC, _id DESC);
CREATE INDEX webhook_integrator_create_time ON webhook (integrator, create_time DESC, _id DESC);
CREATE INDEX webhook_dealer_create_time ON webhook (dealer, create_time DESC, _id DESC);

DROP INDEX telemetry_rule_create_time;
DROP INDEX telemetry_rule_integrator_create_time;
DROP INDEX telemetry_rule_dealer_create_time;
CREATE INDEX telemetry_rule_create_time ON telemetry_rule (create_time DESC, _id DESC);
CREATE INDEX telemetry_rule_integrator_create_time ON telemetry_rule (integrator, create_time DESC, _id DESC);
CREATE INDEX telemetry_rule_dealer_create_time ON telemetry_rule (dealer, create_time DESC, _id DESC);

DROP INDEX command_create_time;
DROP INDEX command_integrator_create_time;
DROP INDEX command_dealer_create_time;
CREATE INDEX command_create_time ON command (create_time DESC, _id DESC);
CREATE INDEX command_integrator_create_time ON command (integrator, create_time DESC, _id DESC);
CREATE INDEX command_dealer_create_time ON command (dealer, create_time DESC, _id DESC);

DROP INDEX log_time;
DROP INDEX log_integrator;
DROP INDEX log_dealer;
CREATE INDEX log_time ON log (time DESC, _id DESC);
CREATE INDEX log_integrator ON log (integrator, time DESC, _id DESC);
CREATE INDEX log_dealer ON log (dealer, time DESC, _id DESC);
