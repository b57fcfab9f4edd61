-- Every orders rollup rebuilt from the orders in one pass, for bulk loads (`npm run bench`): a load of millions
-- of orders with the rollup triggers on pays one upsert per rollup per order (1,000,000 orders: 152 s, 43 s
-- without). A load disables the triggers, inserts, then calls this; the triggers keep the rollups for every
-- write after. The result equals what the triggers would have kept (tests/api/orders.test.ts checks it).
CREATE FUNCTION orders_rollups_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE orders_daily, orders_hourly, orders_products_daily, orders_products_hourly;
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
  INSERT INTO orders_hourly (integrator, dealer, hour, device_type, orders, fee, refund_fee)
  SELECT integrator, dealer, date_trunc('hour', create_time, 'UTC'), coalesce(device_type, 'unknown'), count(*), sum(amount),
         coalesce(sum(refund_amount) FILTER (WHERE refund_status = 'SUCCESS'), 0)
  FROM orders WHERE pay_status IN ('PAID', 'FREE')
  GROUP BY 1, 2, 3, 4;
  -- the items of every sold order once, summed per UTC hour; the days are the sums of their hours
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
END $$;
