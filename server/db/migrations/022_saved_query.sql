-- Saved filters of a list, per account: they follow the user to any browser. One default per
-- account and list, held by the database (a partial unique index), not by a check-then-write.
CREATE TABLE saved_query (
  _id text PRIMARY KEY,
  account text NOT NULL REFERENCES account (_id) ON DELETE CASCADE,
  resource text NOT NULL,
  name text NOT NULL,
  filter jsonb NOT NULL DEFAULT '{}',
  sort jsonb,
  is_default boolean NOT NULL DEFAULT false,
  create_time timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX saved_query_name ON saved_query (account, resource, lower(name));
CREATE UNIQUE INDEX saved_query_default ON saved_query (account, resource) WHERE is_default;
