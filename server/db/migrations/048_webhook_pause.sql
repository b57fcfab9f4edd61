-- An endpoint that keeps failing is paused (docs/api.md "Webhooks"): failed attempts in a row, and why and since when
-- it was paused — shown to its brand, who resumes it (resources/webhook.ts, server/webhooks/queue.ts).
ALTER TABLE webhook ADD COLUMN IF NOT EXISTS failures integer NOT NULL DEFAULT 0;
ALTER TABLE webhook ADD COLUMN IF NOT EXISTS paused text;
ALTER TABLE webhook ADD COLUMN IF NOT EXISTS paused_time timestamptz;
ALTER TABLE webhook DROP CONSTRAINT IF EXISTS webhook_paused_check;
-- written as = ANY (ARRAY[…]): PostgreSQL keeps a one-value IN as a plain equality, which the schema check reads as no CHECK of its choices
ALTER TABLE webhook ADD CONSTRAINT webhook_paused_check CHECK (paused = ANY (ARRAY['failures']::text[]));
