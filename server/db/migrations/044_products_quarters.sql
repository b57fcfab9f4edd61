-- Top products at a range's edges from quarter hours, like the sales (034), instead of hours. At 10,000,000
-- orders `EXPLAIN (ANALYZE, BUFFERS)` of a 30-day chart showed the two costs left: the whole hours of the
-- partial edge days read from orders_products_hourly (2,031 rows on 1,022 pages: one page per row, the rows of
-- an hour written across the day) and the partial hours at the very edges expanded item by item from the
-- orders (1,020 orders, 1,261 pages). So:
--   orders_products_quarters: per store, UTC day and product code, running totals over the day's 96 quarter
--   hours (element i, 1-based, sums the day's first i quarters: any run of quarters is `total[hi] - total[lo]`);
--   one row per store, product and day, so a partial day reads one row per product sold in it.
-- Only the partial quarters at the very edges are read from the orders (a quarter of what an hour held).
-- It replaces orders_products_hourly (014), which nothing reads any more.
CREATE TABLE orders_products_quarters (
  integrator text NOT NULL REFERENCES integrator(_id),
  dealer text NOT NULL REFERENCES dealer(_id),
  day date NOT NULL,
  code text NOT NULL,
  name text NOT NULL,
  quantity bigint[] NOT NULL,
  fee bigint[] NOT NULL,
  PRIMARY KEY (integrator, dealer, day, code)
);
CREATE INDEX orders_products_quarters_integrator ON orders_products_quarters (integrator, day);
CREATE INDEX orders_products_quarters_dealer ON orders_products_quarters (dealer, day);
CREATE INDEX orders_products_quarters_day ON orders_products_quarters (day);

CREATE OR REPLACE FUNCTION orders_charts_add(o orders, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  q integer := 1 + floor(extract(epoch FROM o.create_time - date_trunc('day', o.create_time, 'UTC')) / 900)::integer;
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
  INSERT INTO orders_products_quarters AS p (integrator, dealer, day, code, name, quantity, fee)
  SELECT o.integrator, o.dealer, (o.create_time AT TIME ZONE 'UTC')::date, i->>'code', max(i->>'name'),
         orders_quarters_from(q, sign * sum((i->>'quantity')::int)),
         orders_quarters_from(q, sign * sum((i->>'quantity')::int * (i->>'price')::int))
  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(o.products) = 'array' THEN o.products ELSE '[]'::jsonb END) AS i
  WHERE i->>'code' IS NOT NULL
  GROUP BY i->>'code'
  ON CONFLICT (integrator, dealer, day, code) DO UPDATE SET
    name = greatest(p.name, EXCLUDED.name),
    quantity = orders_quarters_plus(p.quantity, EXCLUDED.quantity), fee = orders_quarters_plus(p.fee, EXCLUDED.fee);
END $$;

-- orders_products_quarters from the orders in one pass (sums per quarter, running totals over every quarter of
-- the day), then orders_products_daily from its last quarter
CREATE FUNCTION orders_products_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE orders_products_quarters, orders_products_daily;
  INSERT INTO orders_products_quarters (integrator, dealer, day, code, name, quantity, fee)
  WITH s AS (
    SELECT o.integrator, o.dealer, (o.create_time AT TIME ZONE 'UTC')::date AS day, i->>'code' AS code,
           1 + floor(extract(epoch FROM o.create_time - date_trunc('day', o.create_time, 'UTC')) / 900)::integer AS q,
           max(i->>'name') AS name, sum((i->>'quantity')::int) AS quantity, sum((i->>'quantity')::int * (i->>'price')::int) AS fee
    FROM orders o, jsonb_array_elements(CASE WHEN jsonb_typeof(o.products) = 'array' THEN o.products ELSE '[]'::jsonb END) AS i
    WHERE o.pay_status IN ('PAID', 'FREE') AND i->>'code' IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5
  ), k AS (SELECT integrator, dealer, day, code, max(name) AS name FROM s GROUP BY 1, 2, 3, 4),
  g AS (
    SELECT k.integrator, k.dealer, k.day, k.code, k.name, i,
           sum(coalesce(s.quantity, 0)) OVER w AS quantity, sum(coalesce(s.fee, 0)) OVER w AS fee
    FROM k CROSS JOIN generate_series(1, 96) AS i
    LEFT JOIN s ON s.integrator = k.integrator AND s.dealer = k.dealer AND s.day = k.day AND s.code = k.code AND s.q = i
    WINDOW w AS (PARTITION BY k.integrator, k.dealer, k.day, k.code ORDER BY i)
  )
  SELECT integrator, dealer, day, code, name, array_agg(quantity::bigint ORDER BY i), array_agg(fee::bigint ORDER BY i)
  FROM g GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO orders_products_daily (integrator, dealer, day, code, name, quantity, fee)
  SELECT integrator, dealer, day, code, name, quantity[96], fee[96] FROM orders_products_quarters;
END $$;

CREATE OR REPLACE FUNCTION orders_rollups_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE orders_daily;
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
  PERFORM orders_products_rebuild();
  PERFORM orders_quarters_rebuild();
END $$;

DROP TABLE orders_products_hourly;
SELECT orders_products_rebuild();
