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
