-- webhook-declared: written by `npm run db:migration` from the declarations in resources/. Review it, then commit it.

-- no index on webhook (integrator, create_time) for a scoped list by integrator, sorted by create_time
CREATE INDEX IF NOT EXISTS webhook_integrator_create_time ON webhook (integrator, create_time DESC);

-- no index on webhook (dealer, create_time) for a scoped list by dealer, sorted by create_time
CREATE INDEX IF NOT EXISTS webhook_dealer_create_time ON webhook (dealer, create_time DESC);

-- no index on webhook (create_time) for the list sorted by create_time
CREATE INDEX IF NOT EXISTS webhook_create_time ON webhook (create_time DESC);

-- webhook_delivery.event has no CHECK of its choices
ALTER TABLE webhook_delivery ADD CONSTRAINT webhook_delivery_event_check CHECK (event IN ('order_created', 'order_paid', 'order_refunded', 'alarm_opened', 'alarm_cleared', 'robot_offline', 'webhook_test'));

-- no index on webhook_delivery (dealer, create_time) for a scoped list by dealer, sorted by create_time
CREATE INDEX IF NOT EXISTS webhook_delivery_dealer_create_time ON webhook_delivery (dealer, create_time DESC);
