-- Dashboard figures and sales charts in any viewer time zone, at a cost that does not grow with the orders.
-- `npm run bench` at 10,000,000 orders measured why: the charts of 30 days read one orders_hourly row per store,
-- hour and robot type (~5,800 per call), only served time zones whole hours from UTC (UTC+5:30 read every
-- order of the range), and the figures scanned the orders of the partial days at a range's edges (a day of
-- orders per call). Real time zones are all whole quarter hours from UTC, so:
--   orders_quarters: per store, UTC day and robot type, running totals over the day's 96 quarter hours —
--   element i (1-based) is the sum over the day's first i quarters, so any run of quarters of a day is
--   `total[last] - total[first]`: a local day in UTC+5:30 is two such differences, one per UTC day it touches.
-- server/routes/dashboard.ts reads whole quarters here and scans orders only for the partial quarters at a
-- range's edges. Sold = PAID or FREE (orders, quantity, fee, sold_refund_fee: the charts' refunds);
-- refund_orders and refund_fee count every refund that went through (the figures'), as orders_daily does.
-- It replaces orders_hourly (014), which nothing reads any more.
CREATE TABLE orders_quarters (
  integrator text NOT NULL REFERENCES integrator(_id),
  dealer text NOT NULL REFERENCES dealer(_id),
  day date NOT NULL,
  device_type text NOT NULL,
  orders bigint[] NOT NULL,
  quantity bigint[] NOT NULL,
  fee bigint[] NOT NULL,
  refund_orders bigint[] NOT NULL,
  refund_fee bigint[] NOT NULL,
  sold_refund_fee bigint[] NOT NULL,
  PRIMARY KEY (integrator, dealer, day, device_type)
);
CREATE INDEX orders_quarters_integrator ON orders_quarters (integrator, day);
CREATE INDEX orders_quarters_dealer ON orders_quarters (dealer, day);
CREATE INDEX orders_quarters_day ON orders_quarters (day);

-- 96 running totals of `v` added at quarter q (1-based): 0 before q, v from q on
CREATE FUNCTION orders_quarters_from(q integer, v bigint) RETURNS bigint[] LANGUAGE sql IMMUTABLE AS $$
  SELECT array_agg(CASE WHEN i >= q THEN v ELSE 0 END ORDER BY i) FROM generate_series(1, 96) AS i
$$;
CREATE FUNCTION orders_quarters_plus(a bigint[], b bigint[]) RETURNS bigint[] LANGUAGE sql IMMUTABLE AS $$
  SELECT array_agg(x + y ORDER BY i) FROM unnest(a, b) WITH ORDINALITY AS u(x, y, i)
$$;

CREATE FUNCTION orders_quarters_add(o orders, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  sold boolean := o.pay_status IN ('PAID', 'FREE');
  refunded boolean := o.refund_status = 'SUCCESS';
  q integer := 1 + floor(extract(epoch FROM o.create_time - date_trunc('day', o.create_time, 'UTC')) / 900)::integer;
BEGIN
  IF NOT sold AND NOT refunded THEN RETURN; END IF;
  INSERT INTO orders_quarters AS h (integrator, dealer, day, device_type, orders, quantity, fee, refund_orders, refund_fee, sold_refund_fee)
  VALUES (o.integrator, o.dealer, (o.create_time AT TIME ZONE 'UTC')::date, coalesce(o.device_type, 'unknown'),
          orders_quarters_from(q, CASE WHEN sold THEN sign ELSE 0 END),
          orders_quarters_from(q, CASE WHEN sold THEN sign * o.quantity ELSE 0 END),
          orders_quarters_from(q, CASE WHEN sold THEN sign * o.amount ELSE 0 END),
          orders_quarters_from(q, CASE WHEN refunded THEN sign ELSE 0 END),
          orders_quarters_from(q, CASE WHEN refunded THEN sign * o.refund_amount ELSE 0 END),
          orders_quarters_from(q, CASE WHEN sold AND refunded THEN sign * o.refund_amount ELSE 0 END))
  ON CONFLICT (integrator, dealer, day, device_type) DO UPDATE SET
    orders = orders_quarters_plus(h.orders, EXCLUDED.orders), quantity = orders_quarters_plus(h.quantity, EXCLUDED.quantity),
    fee = orders_quarters_plus(h.fee, EXCLUDED.fee), refund_orders = orders_quarters_plus(h.refund_orders, EXCLUDED.refund_orders),
    refund_fee = orders_quarters_plus(h.refund_fee, EXCLUDED.refund_fee), sold_refund_fee = orders_quarters_plus(h.sold_refund_fee, EXCLUDED.sold_refund_fee);
END $$;

-- the products' rollups of 014 without orders_hourly
CREATE OR REPLACE FUNCTION orders_charts_add(o orders, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF o.pay_status NOT IN ('PAID', 'FREE') THEN RETURN; END IF;
  INSERT INTO orders_products_daily AS p (integrator, dealer, day, code, name, quantity, fee)
  SELECT o.integrator, o.dealer, (o.create_time AT TIME ZONE 'UTC')::date, i->>'code', max(i->>'name'),
         sign * sum((i->>'quantity')::int), sign * sum((i->>'quantity')::int * (i->>'price')::int)
  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(o.products) = 'array' THEN o.products ELSE '[]'::jsonb END) AS i
  WHERE i->>'code' IS NOT NULL
  GROUP BY i->>'code'
  ON CONFLICT (integrator, dealer, day, code) DO UPDATE SET
    name = greatest(p.name, EXCLUDED.name), quantity = p.quantity + EXCLUDED.quantity, fee = p.fee + EXCLUDED.fee;
  INSERT INTO orders_products_hourly AS p (integrator, dealer, hour, code, name, quantity, fee)
  SELECT o.integrator, o.dealer, date_trunc('hour', o.create_time, 'UTC'), i->>'code', max(i->>'name'),
         sign * sum((i->>'quantity')::int), sign * sum((i->>'quantity')::int * (i->>'price')::int)
  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(o.products) = 'array' THEN o.products ELSE '[]'::jsonb END) AS i
  WHERE i->>'code' IS NOT NULL
  GROUP BY i->>'code'
  ON CONFLICT (integrator, dealer, hour, code) DO UPDATE SET
    name = greatest(p.name, EXCLUDED.name), quantity = p.quantity + EXCLUDED.quantity, fee = p.fee + EXCLUDED.fee;
END $$;

CREATE OR REPLACE FUNCTION orders_daily_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM orders_daily_add(OLD, -1); PERFORM orders_charts_add(OLD, -1); PERFORM orders_quarters_add(OLD, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM orders_daily_add(NEW, 1); PERFORM orders_charts_add(NEW, 1); PERFORM orders_quarters_add(NEW, 1);
  END IF;
  RETURN NULL;
END $$;

DROP TABLE orders_hourly;

-- orders_quarters from the orders in one pass: sums per quarter, every quarter of each day present, running totals
CREATE FUNCTION orders_quarters_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE orders_quarters;
  INSERT INTO orders_quarters (integrator, dealer, day, device_type, orders, quantity, fee, refund_orders, refund_fee, sold_refund_fee)
  WITH s AS (
    SELECT integrator, dealer, (create_time AT TIME ZONE 'UTC')::date AS day, coalesce(device_type, 'unknown') AS device_type,
           1 + floor(extract(epoch FROM create_time - date_trunc('day', create_time, 'UTC')) / 900)::integer AS q,
           count(*) FILTER (WHERE pay_status IN ('PAID', 'FREE')) AS orders,
           coalesce(sum(quantity) FILTER (WHERE pay_status IN ('PAID', 'FREE')), 0) AS quantity,
           coalesce(sum(amount) FILTER (WHERE pay_status IN ('PAID', 'FREE')), 0) AS fee,
           count(*) FILTER (WHERE refund_status = 'SUCCESS') AS refund_orders,
           coalesce(sum(refund_amount) FILTER (WHERE refund_status = 'SUCCESS'), 0) AS refund_fee,
           coalesce(sum(refund_amount) FILTER (WHERE refund_status = 'SUCCESS' AND pay_status IN ('PAID', 'FREE')), 0) AS sold_refund_fee
    FROM orders
    WHERE pay_status IN ('PAID', 'FREE') OR refund_status = 'SUCCESS'
    GROUP BY 1, 2, 3, 4, 5
  ), k AS (SELECT DISTINCT integrator, dealer, day, device_type FROM s),
  g AS (
    SELECT k.integrator, k.dealer, k.day, k.device_type, i,
           sum(coalesce(s.orders, 0)) OVER w AS orders, sum(coalesce(s.quantity, 0)) OVER w AS quantity,
           sum(coalesce(s.fee, 0)) OVER w AS fee, sum(coalesce(s.refund_orders, 0)) OVER w AS refund_orders,
           sum(coalesce(s.refund_fee, 0)) OVER w AS refund_fee, sum(coalesce(s.sold_refund_fee, 0)) OVER w AS sold_refund_fee
    FROM k CROSS JOIN generate_series(1, 96) AS i
    LEFT JOIN s ON s.integrator = k.integrator AND s.dealer = k.dealer AND s.day = k.day AND s.device_type = k.device_type AND s.q = i
    WINDOW w AS (PARTITION BY k.integrator, k.dealer, k.day, k.device_type ORDER BY i)
  )
  SELECT integrator, dealer, day, device_type, array_agg(orders::bigint ORDER BY i), array_agg(quantity::bigint ORDER BY i),
         array_agg(fee::bigint ORDER BY i), array_agg(refund_orders::bigint ORDER BY i), array_agg(refund_fee::bigint ORDER BY i),
         array_agg(sold_refund_fee::bigint ORDER BY i)
  FROM g GROUP BY 1, 2, 3, 4;
END $$;

CREATE OR REPLACE FUNCTION orders_rollups_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE orders_daily, orders_products_daily, orders_products_hourly;
  INSERT INTO orders_daily (dealer, day, integrator, orders, quantity, fee, refund_orders, refund_fee)
  SELECT dealer, (create_time AT TIME ZONE 'UTC')::date, integrator,
         count(*) FILTER (WHERE pay_status IN ('PAID', 'FREE')),
         coalesce(sum(quantity) FILTER (WHERE pay_status IN ('PAID', 'FREE')), 0),
         coalesce(sum(amount) FILTER (WHERE pay_status IN ('PAID', 'FREE')), 0),
         count(*) FILTER (WHERE refund_status = 'SUCCESS'),
         coalesce(sum(refund_amount) FILTER (WHERE refund_status = 'SUCCESS'), 0)
  FROM orders
  WHERE pay_status IN ('PAID', 'FREE') OR refund_status = 'SUCCESS'
  GROUP BY 1, 2, 3;
  INSERT INTO orders_products_hourly (integrator, dealer, hour, code, name, quantity, fee)
  SELECT o.integrator, o.dealer, date_trunc('hour', o.create_time, 'UTC'), i->>'code', max(i->>'name'),
         sum((i->>'quantity')::int), sum((i->>'quantity')::int * (i->>'price')::int)
  FROM orders o, jsonb_array_elements(CASE WHEN jsonb_typeof(o.products) = 'array' THEN o.products ELSE '[]'::jsonb END) AS i
  WHERE o.pay_status IN ('PAID', 'FREE') AND i->>'code' IS NOT NULL
  GROUP BY 1, 2, 3, 4;
  INSERT INTO orders_products_daily (integrator, dealer, day, code, name, quantity, fee)
  SELECT integrator, dealer, (hour AT TIME ZONE 'UTC')::date, code, max(name), sum(quantity), sum(fee)
  FROM orders_products_hourly
  GROUP BY 1, 2, 3, 4;
  PERFORM orders_quarters_rebuild();
END $$;

SELECT orders_quarters_rebuild();

-- a voucher batch is created at one instant: the list's order (create_time, _id) needs _id in the index, or
-- each page sorts the whole batch (100,000 vouchers: every row read and sorted per page)
DROP INDEX lecode_batch;
CREATE INDEX lecode_batch ON lecode (batch, create_time DESC, _id DESC);
