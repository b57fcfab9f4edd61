-- Optimistic concurrency (docs/api.md "Declared resources"): every declared resource's row carries a version, answered
-- with the row. An edit may send the version it was based on; the service refuses a stale one with 409 and adds one to
-- the version on every edit, action and removal it makes, under the row's lock. A constant default: no rewrite.
ALTER TABLE permission ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE role ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE account ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE integrator ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE dealer ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE device ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE message ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE product ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE template ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE product_classify ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE orders ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE refund ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE lecode ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE chatchat ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE report ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE log ADD COLUMN version integer NOT NULL DEFAULT 1;
