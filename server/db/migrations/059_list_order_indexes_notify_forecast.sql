-- The lists added with notifications and forecasts walk an index in their own order too, as 058 made the
-- others do (docs/performance.md, "Fresh statistics"): each list index ends with `_id`, the list's tie-break.
DROP INDEX notification_integrator_create_time;
DROP INDEX notification_dealer_create_time;
DROP INDEX notification_create_time;
CREATE INDEX notification_integrator_create_time ON notification (integrator, create_time DESC, _id DESC);
CREATE INDEX notification_dealer_create_time ON notification (dealer, create_time DESC, _id DESC);
CREATE INDEX notification_create_time ON notification (create_time DESC, _id DESC);

DROP INDEX notify_channel_integrator_create_time;
DROP INDEX notify_channel_dealer_create_time;
DROP INDEX notify_channel_create_time;
CREATE INDEX notify_channel_integrator_create_time ON notify_channel (integrator, create_time DESC, _id DESC);
CREATE INDEX notify_channel_dealer_create_time ON notify_channel (dealer, create_time DESC, _id DESC);
CREATE INDEX notify_channel_create_time ON notify_channel (create_time DESC, _id DESC);

DROP INDEX notify_policy_integrator_create_time;
DROP INDEX notify_policy_dealer_create_time;
DROP INDEX notify_policy_create_time;
CREATE INDEX notify_policy_integrator_create_time ON notify_policy (integrator, create_time DESC, _id DESC);
CREATE INDEX notify_policy_dealer_create_time ON notify_policy (dealer, create_time DESC, _id DESC);
CREATE INDEX notify_policy_create_time ON notify_policy (create_time DESC, _id DESC);

DROP INDEX forecast_integrator_empty_at;
DROP INDEX forecast_dealer_empty_at;
DROP INDEX forecast_empty_at;
CREATE INDEX forecast_integrator_empty_at ON forecast (integrator, empty_at, _id);
CREATE INDEX forecast_dealer_empty_at ON forecast (dealer, empty_at, _id);
CREATE INDEX forecast_empty_at ON forecast (empty_at, _id);
