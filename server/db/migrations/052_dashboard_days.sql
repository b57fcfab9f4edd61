-- The dashboard's charts at a cost that does not grow with the days of the range (docs/performance.md).
--
-- 1. The quarter rollups' running totals (034 orders_quarters, 044 orders_products_quarters) stored uncompressed.
--    A row of orders_quarters holds six arrays of 96 totals (~4.8 kB), over PostgreSQL's 2 kB threshold, so its
--    arrays were compressed and every element a chart read (`total[hi] - total[lo]`) decompressed its array again:
--    the same sums over 1,092 rows took 12 ms compressed and 0.5 ms uncompressed (1,000,000 orders). PLAIN keeps
--    them inline and uncompressed (a row stays well under a page); the rows written before are written again
--    (`a || '{}'` yields the array decompressed).
ALTER TABLE orders_quarters
  ALTER COLUMN orders SET STORAGE PLAIN, ALTER COLUMN quantity SET STORAGE PLAIN, ALTER COLUMN fee SET STORAGE PLAIN,
  ALTER COLUMN refund_orders SET STORAGE PLAIN, ALTER COLUMN refund_fee SET STORAGE PLAIN, ALTER COLUMN sold_refund_fee SET STORAGE PLAIN;
ALTER TABLE orders_products_quarters ALTER COLUMN quantity SET STORAGE PLAIN, ALTER COLUMN fee SET STORAGE PLAIN;
UPDATE orders_quarters SET orders = orders || '{}'::bigint[], quantity = quantity || '{}'::bigint[], fee = fee || '{}'::bigint[],
  refund_orders = refund_orders || '{}'::bigint[], refund_fee = refund_fee || '{}'::bigint[], sold_refund_fee = sold_refund_fee || '{}'::bigint[];
UPDATE orders_products_quarters SET quantity = quantity || '{}'::bigint[], fee = fee || '{}'::bigint[];

-- 2. A version per store and UTC day, taken anew (from one sequence) in the same transaction as every change that
--    moves a rollup of that day: the server keeps the charts of whole local days it has computed and serves them
--    again while the versions of the UTC days they touch are the ones it computed them at
--    (server/features/dashboard/closedDays.ts). A day's signature is the count and the sum of its rows' versions:
--    a version only grows, so any change, a new row, or a rebuild (every row taken anew) changes it — and it
--    holds even when two writers commit out of the order they took their versions in.
CREATE SEQUENCE IF NOT EXISTS orders_day_version_seq;
CREATE TABLE IF NOT EXISTS orders_day_version (
  integrator text NOT NULL,
  dealer text NOT NULL,
  day date NOT NULL,
  version bigint NOT NULL DEFAULT nextval('orders_day_version_seq'),
  PRIMARY KEY (integrator, dealer, day)
);
CREATE INDEX IF NOT EXISTS orders_day_version_dealer ON orders_day_version (dealer, day);
CREATE INDEX IF NOT EXISTS orders_day_version_day ON orders_day_version (day);

-- a change to an order that moves a figure (the triggers of 009 fire only then): under the same condition as
-- orders_daily_add, so that it waits on no row lock the rollups' own did not already take
CREATE OR REPLACE FUNCTION orders_day_touch(o orders) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF o.pay_status NOT IN ('PAID', 'FREE') AND o.refund_status IS DISTINCT FROM 'SUCCESS' THEN RETURN; END IF;
  INSERT INTO orders_day_version AS v (integrator, dealer, day) VALUES (o.integrator, o.dealer, (o.create_time AT TIME ZONE 'UTC')::date)
  ON CONFLICT (integrator, dealer, day) DO UPDATE SET version = nextval('orders_day_version_seq');
END $$;

CREATE OR REPLACE FUNCTION orders_daily_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM orders_daily_add(OLD, -1); PERFORM orders_charts_add(OLD, -1); PERFORM orders_quarters_add(OLD, -1); PERFORM orders_day_touch(OLD);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM orders_daily_add(NEW, 1); PERFORM orders_charts_add(NEW, 1); PERFORM orders_quarters_add(NEW, 1); PERFORM orders_day_touch(NEW);
  END IF;
  RETURN NULL;
END $$;

-- every version taken anew, for the days there are orders of
CREATE OR REPLACE FUNCTION orders_day_versions_renew() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE orders_day_version SET version = nextval('orders_day_version_seq');
  INSERT INTO orders_day_version (integrator, dealer, day)
  SELECT DISTINCT integrator, dealer, (create_time AT TIME ZONE 'UTC')::date FROM orders
  WHERE pay_status IN ('PAID', 'FREE') OR refund_status = 'SUCCESS'
  ON CONFLICT (integrator, dealer, day) DO NOTHING;
END $$;

-- a rebuild takes every version anew: 044's rebuild kept under a name of its own, called first
ALTER FUNCTION orders_rollups_rebuild() RENAME TO orders_rollups_rebuild_044;
CREATE FUNCTION orders_rollups_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM orders_rollups_rebuild_044();
  PERFORM orders_day_versions_renew();
END $$;

SELECT orders_day_versions_renew();
