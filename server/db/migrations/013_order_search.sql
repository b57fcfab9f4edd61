-- Free-text search over orders (`q` in the order list: a case-insensitive "contains" over the pickup code,
-- resources/order.ts). `npm run bench` measured why: without an index it read one brand's 600,000 orders (2 s). Trigram
-- indexes answer `ILIKE '%…%'` from the index for three characters or more. pg_trgm ships with PostgreSQL
-- (postgresql-contrib) and is a trusted extension; PGlite loads it in server/db/index.ts. Where it cannot be
-- created the search still works, by scanning.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE WARNING 'pg_trgm is not available (%): order search will scan', SQLERRM;
END $$;

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX orders_pickup_trgm ON orders USING gin (pickup_code gin_trgm_ops);
  END IF;
END $$;
