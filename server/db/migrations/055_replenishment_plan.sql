-- Replenishment that plans (docs/replenishment.md): stores get where they are (lat, lng, WGS-84 degrees) and their time
-- zone (tz, IANA; empty: the server's); forecasts are rows the refresh writes (server/features/forecast/refresh.ts),
-- read by the generic list soonest empty first. Written by `npm run db:migration` from resources/dealer.ts and
-- resources/forecast.ts.

-- column dealer.lat is missing
ALTER TABLE dealer ADD COLUMN lat double precision;

-- column dealer.lng is missing
ALTER TABLE dealer ADD COLUMN lng double precision;

-- column dealer.tz is missing
ALTER TABLE dealer ADD COLUMN tz text;

-- table forecast is missing
CREATE TABLE forecast (
  _id text PRIMARY KEY,
  device text,
  dealer text CONSTRAINT forecast_dealer_fkey REFERENCES dealer(_id),
  kind text NOT NULL DEFAULT 'product' CONSTRAINT forecast_kind_check CHECK (kind IN ('product', 'consumable')),
  product text,
  metric text,
  name text,
  stock integer NOT NULL,
  per_day jsonb NOT NULL,
  empty_at timestamptz,
  days_left double precision,
  low timestamptz,
  high timestamptz,
  integrator text NOT NULL CONSTRAINT forecast_integrator_fkey REFERENCES integrator(_id),
  update_time timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1
);
CREATE INDEX IF NOT EXISTS forecast_integrator_empty_at ON forecast (integrator, empty_at);
CREATE INDEX IF NOT EXISTS forecast_dealer_empty_at ON forecast (dealer, empty_at);
CREATE INDEX IF NOT EXISTS forecast_empty_at ON forecast (empty_at);

-- The Restock list in order of when each line runs empty (the forecast's empty_at, "empty in 9 h"): `empty_order`
-- is that time in epoch seconds; a line without a forecast yet keeps the old order after them (sold out: now;
-- else 10^12 + its stock ratio). The columns are added at the end, as CREATE OR REPLACE VIEW requires.
CREATE OR REPLACE VIEW restock_line AS
SELECT p._id, p.integrator, p.dealer, p.code, p.name, p.type, p.devices, p.stock, p.warn_stock, p.version,
       r.reported,
       (p.stock = 0 OR coalesce(r.reported = 0, false)) AS sold_out,
       CASE WHEN p.stock = 0 OR r.reported = 0 THEN 0
            ELSE round(LEAST(p.stock, coalesce(r.reported, p.stock))::numeric / GREATEST(p.warn_stock, 1), 4)
       END AS urgency,
       f.empty_at,
       (CASE WHEN f.empty_at IS NOT NULL THEN extract(epoch FROM f.empty_at)
             WHEN p.stock = 0 OR r.reported = 0 THEN extract(epoch FROM now())
             ELSE 1e12 + LEAST(p.stock, coalesce(r.reported, p.stock))::numeric / GREATEST(p.warn_stock, 1)
        END)::float8 AS empty_order
  FROM product p
  LEFT JOIN LATERAL (
    SELECT min(a.code) - 200000 AS reported
      FROM alarm a
     WHERE a.dealer = p.dealer AND a.code BETWEEN 200000 AND 200009 AND a.state <> 'cleared'
       AND EXISTS (
         SELECT 1 FROM message m
          WHERE m.device = a.device AND m.code = a.code AND m.create_time >= a.first_seen
            AND m.create_time > coalesce(p.restock_time, '-infinity'::timestamptz)
            AND (m.detail->>'product' = p._id OR m.detail->>'product_code' = p.code))
  ) r ON true
  LEFT JOIN forecast f ON f._id = p._id
 WHERE p.stock >= 0 AND NOT p."freeze" AND (p.stock <= p.warn_stock OR r.reported IS NOT NULL);
