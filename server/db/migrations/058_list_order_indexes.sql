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

DROP INDEX orders_integrator;
DROP INDEX orders_dealer;
CREATE INDEX orders_integrator ON orders (integrator, create_time DESC, _id DESC) INCLUDE (pay_status, amount, quantity, refund_status, refund_amount);
CREATE INDEX orders_dealer ON orders (dealer, create_time DESC, _id DESC) INCLUDE (pay_status, amount, quantity, refund_status, refund_amount);

DROP INDEX refund_time;
DROP INDEX refund_integrator;
DROP INDEX refund_dealer;
CREATE INDEX refund_time ON refund (request_time DESC, _id DESC);
CREATE INDEX refund_integrator ON refund (integrator, request_time DESC, _id DESC);
CREATE INDEX refund_dealer ON refund (dealer, request_time DESC, _id DESC);

DROP INDEX device_create_time;
DROP INDEX device_integrator;
DROP INDEX device_dealer;
CREATE INDEX device_create_time ON device (create_time DESC, _id DESC);
CREATE INDEX device_integrator ON device (integrator, create_time DESC, _id DESC);
CREATE INDEX device_dealer ON device (dealer, create_time DESC, _id DESC);

DROP INDEX lecode_create_time;
DROP INDEX lecode_integrator;
DROP INDEX lecode_dealer;
CREATE INDEX lecode_create_time ON lecode (create_time DESC, _id DESC);
CREATE INDEX lecode_integrator ON lecode (integrator, create_time DESC, _id DESC);
CREATE INDEX lecode_dealer ON lecode (dealer, create_time DESC, _id DESC);

DROP INDEX report_time;
DROP INDEX report_integrator;
DROP INDEX report_dealer;
CREATE INDEX report_time ON report (create_time DESC, _id DESC);
CREATE INDEX report_integrator ON report (integrator, create_time DESC, _id DESC);
CREATE INDEX report_dealer ON report (dealer, create_time DESC, _id DESC);

DROP INDEX chatchat_time;
DROP INDEX chatchat_integrator;
DROP INDEX chatchat_dealer;
CREATE INDEX chatchat_time ON chatchat (create_time DESC, _id DESC);
CREATE INDEX chatchat_integrator ON chatchat (integrator, create_time DESC, _id DESC);
CREATE INDEX chatchat_dealer ON chatchat (dealer, create_time DESC, _id DESC);

DROP INDEX account_create_timestamp;
DROP INDEX account_integrator;
DROP INDEX account_dealer;
CREATE INDEX account_create_timestamp ON account (create_timestamp DESC, _id DESC);
CREATE INDEX account_integrator ON account (integrator, create_timestamp DESC, _id DESC);
CREATE INDEX account_dealer ON account (dealer, create_timestamp DESC, _id DESC);
