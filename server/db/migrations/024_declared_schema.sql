-- declared-schema: written by `npm run db:migration` from the declarations in resources/. Review it, then commit it.

-- no index on integrator (create_time) for the list sorted by create_time
CREATE INDEX IF NOT EXISTS integrator_create_time ON integrator (create_time DESC);

-- no index on dealer (create_time) for the list sorted by create_time
CREATE INDEX IF NOT EXISTS dealer_create_time ON dealer (create_time DESC);

-- no index on device (create_time) for the list sorted by create_time
CREATE INDEX IF NOT EXISTS device_create_time ON device (create_time DESC);

-- alarm.device_type has no CHECK of its choices
ALTER TABLE alarm ADD CONSTRAINT alarm_device_type_check CHECK (device_type IN ('icecream', 'coffee', 'coffee_icecream', 'noodle', 'milktea', 'fastfood'));

-- no index on product (create_time) for the list sorted by create_time
CREATE INDEX IF NOT EXISTS product_create_time ON product (create_time DESC);

-- no index on template (create_time) for the list sorted by create_time
CREATE INDEX IF NOT EXISTS template_create_time ON template (create_time DESC);

-- no index on product_classify (integrator, sortIndex) for a scoped list by integrator, sorted by sortIndex
CREATE INDEX IF NOT EXISTS product_classify_integrator_sortindex ON product_classify (integrator, "sortIndex");

-- no index on product_classify (sortIndex) for the list sorted by sortIndex
CREATE INDEX IF NOT EXISTS product_classify_sortindex ON product_classify ("sortIndex");

-- orders.device_type has no CHECK of its choices
ALTER TABLE orders ADD CONSTRAINT orders_device_type_check CHECK (device_type IN ('icecream', 'coffee', 'coffee_icecream', 'noodle', 'milktea', 'fastfood'));

-- no index on account (create_timestamp) for the list sorted by create_timestamp
CREATE INDEX IF NOT EXISTS account_create_timestamp ON account (create_timestamp DESC);

-- no index on role (create_time) for the list sorted by create_time
CREATE INDEX IF NOT EXISTS role_create_time ON role (create_time);

-- permission.group has no CHECK of its choices
ALTER TABLE permission ADD CONSTRAINT permission_group_check CHECK ("group" IN ('device', 'integrator', 'account', 'role', 'authorization', 'order', 'product', 'dealer', 'message', 'payment', 'chatterbot', 'report', 'voucher', 'system'));

-- no index on permission (group) for the list sorted by group
CREATE INDEX IF NOT EXISTS permission_group ON permission ("group");

-- lecode.product has no foreign key to product
ALTER TABLE lecode ADD CONSTRAINT lecode_product_fkey FOREIGN KEY (product) REFERENCES product(_id);

-- lecode.writeoff_device has no foreign key to device
ALTER TABLE lecode ADD CONSTRAINT lecode_writeoff_device_fkey FOREIGN KEY (writeoff_device) REFERENCES device(_id);

-- no index on lecode (create_time) for the list sorted by create_time
CREATE INDEX IF NOT EXISTS lecode_create_time ON lecode (create_time DESC);
