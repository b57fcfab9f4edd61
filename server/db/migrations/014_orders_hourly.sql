-- The dashboard charts' rollups, kept by the same trigger as orders_daily (009) in the same transaction as every
-- change to an order. `npm run bench` measured why: the charts of 30 days grouped ~210,000 orders per call
-- (2.4 s on 1,000,000 orders). Charts count sold orders only (PAID or FREE), with the refunds that went through.
--   orders_hourly: per store, UTC hour and robot type — sales per day in any whole-hour time zone, and by type;
--   orders_products_daily: per store, UTC day and product code — the top products over whole days;
--   orders_products_hourly: the same per UTC hour — the top products over the partial days at a range's edges
--   (reading those days' orders item by item cost 24 ms of a 30 ms call).
-- server/routes/dashboard.ts reads whole hours / days here and scans orders only for the edges of a range.
CREATE TABLE orders_hourly (
  integrator text NOT NULL REFERENCES integrator(_id),
  dealer text NOT NULL REFERENCES dealer(_id),
  hour timestamptz NOT NULL,
  device_type text NOT NULL,
  orders integer NOT NULL DEFAULT 0,
  fee bigint NOT NULL DEFAULT 0,
  refund_fee bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (integrator, dealer, hour, device_type)
);
-- covering: a brand's or store's month is read from the index alone (charts of 30 days 45 → 41 ms p50 in the bench)
CREATE INDEX orders_hourly_integrator ON orders_hourly (integrator, hour) INCLUDE (device_type, orders, fee, refund_fee);
CREATE INDEX orders_hourly_dealer ON orders_hourly (dealer, hour) INCLUDE (device_type, orders, fee, refund_fee);
CREATE INDEX orders_hourly_hour ON orders_hourly (hour);

CREATE TABLE orders_products_daily (
  integrator text NOT NULL REFERENCES integrator(_id),
  dealer text NOT NULL REFERENCES dealer(_id),
  day date NOT NULL,
  code text NOT NULL,
  name text NOT NULL,
  quantity bigint NOT NULL DEFAULT 0,
  fee bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (integrator, dealer, day, code)
);
CREATE INDEX orders_products_daily_integrator ON orders_products_daily (integrator, day);
CREATE INDEX orders_products_daily_dealer ON orders_products_daily (dealer, day);
CREATE INDEX orders_products_daily_day ON orders_products_daily (day);

CREATE TABLE orders_products_hourly (
  integrator text NOT NULL REFERENCES integrator(_id),
  dealer text NOT NULL REFERENCES dealer(_id),
  hour timestamptz NOT NULL,
  code text NOT NULL,
  name text NOT NULL,
  quantity bigint NOT NULL DEFAULT 0,
  fee bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (integrator, dealer, hour, code)
);
CREATE INDEX orders_products_hourly_integrator ON orders_products_hourly (integrator, hour) INCLUDE (code, name, quantity, fee);
CREATE INDEX orders_products_hourly_dealer ON orders_products_hourly (dealer, hour) INCLUDE (code, name, quantity, fee);
CREATE INDEX orders_products_hourly_hour ON orders_products_hourly (hour);

CREATE FUNCTION orders_charts_add(o orders, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF o.pay_status NOT IN ('PAID', 'FREE') THEN RETURN; END IF;
  INSERT INTO orders_hourly AS h (integrator, dealer, hour, device_type, orders, fee, refund_fee)
  VALUES (o.integrator, o.dealer, date_trunc('hour', o.create_time, 'UTC'), coalesce(o.device_type, 'unknown'), sign, sign * o.amount,
          CASE WHEN o.refund_status = 'SUCCESS' THEN sign * o.refund_amount ELSE 0 END)
  ON CONFLICT (integrator, dealer, hour, device_type) DO UPDATE SET
    orders = h.orders + EXCLUDED.orders, fee = h.fee + EXCLUDED.fee, refund_fee = h.refund_fee + EXCLUDED.refund_fee;
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

-- One trigger function keeps every rollup.
CREATE OR REPLACE FUNCTION orders_daily_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM orders_daily_add(OLD, -1); PERFORM orders_charts_add(OLD, -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM orders_daily_add(NEW, 1); PERFORM orders_charts_add(NEW, 1); END IF;
  RETURN NULL;
END $$;

DROP TRIGGER orders_daily_update ON orders;
CREATE TRIGGER orders_daily_update AFTER UPDATE ON orders FOR EACH ROW
  WHEN ((OLD.pay_status, OLD.refund_status, OLD.amount, OLD.quantity, OLD.refund_amount, OLD.create_time, OLD.dealer, OLD.integrator, OLD.device_type, OLD.products)
        IS DISTINCT FROM (NEW.pay_status, NEW.refund_status, NEW.amount, NEW.quantity, NEW.refund_amount, NEW.create_time, NEW.dealer, NEW.integrator, NEW.device_type, NEW.products))
  EXECUTE FUNCTION orders_daily_trigger();

INSERT INTO orders_hourly (integrator, dealer, hour, device_type, orders, fee, refund_fee)
SELECT integrator, dealer, date_trunc('hour', create_time, 'UTC'), coalesce(device_type, 'unknown'), count(*), sum(amount),
       coalesce(sum(refund_amount) FILTER (WHERE refund_status = 'SUCCESS'), 0)
FROM orders WHERE pay_status IN ('PAID', 'FREE')
GROUP BY 1, 2, 3, 4;

INSERT INTO orders_products_daily (integrator, dealer, day, code, name, quantity, fee)
SELECT o.integrator, o.dealer, (o.create_time AT TIME ZONE 'UTC')::date, i->>'code', max(i->>'name'),
       sum((i->>'quantity')::int), sum((i->>'quantity')::int * (i->>'price')::int)
FROM orders o, jsonb_array_elements(CASE WHEN jsonb_typeof(o.products) = 'array' THEN o.products ELSE '[]'::jsonb END) AS i
WHERE o.pay_status IN ('PAID', 'FREE') AND i->>'code' IS NOT NULL
GROUP BY 1, 2, 3, 4;

INSERT INTO orders_products_hourly (integrator, dealer, hour, code, name, quantity, fee)
SELECT o.integrator, o.dealer, date_trunc('hour', o.create_time, 'UTC'), i->>'code', max(i->>'name'),
       sum((i->>'quantity')::int), sum((i->>'quantity')::int * (i->>'price')::int)
FROM orders o, jsonb_array_elements(CASE WHEN jsonb_typeof(o.products) = 'array' THEN o.products ELSE '[]'::jsonb END) AS i
WHERE o.pay_status IN ('PAID', 'FREE') AND i->>'code' IS NOT NULL
GROUP BY 1, 2, 3, 4;
