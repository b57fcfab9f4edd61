-- Products, product templates and product groups (docs/rules.md: Records, Validation, Constants).
-- Prices are integer cents. Properties and their options are kept as JSON on the row: they are only ever
-- read and written with their product. Stock -1 means unlimited; sales decrement it with one guarded UPDATE.

CREATE TABLE product (
  _id text PRIMARY KEY,
  integrator text NOT NULL REFERENCES integrator(_id),
  dealer text NOT NULL REFERENCES dealer(_id),
  code text NOT NULL,
  name text NOT NULL,
  sub_name text,
  price integer NOT NULL CHECK (price >= 0),
  type text NOT NULL CHECK (type IN ('icecream', 'coffee', 'coffee_icecream', 'noodle', 'milktea', 'fastfood')),
  description text,
  image text,
  devices text[] NOT NULL DEFAULT '{}',
  buy_limit integer CHECK (buy_limit IS NULL OR buy_limit >= 1),
  warn_stock integer NOT NULL DEFAULT 0 CHECK (warn_stock >= 0),
  stock integer NOT NULL DEFAULT -1 CHECK (stock >= -1),
  number integer NOT NULL DEFAULT 0,
  properties jsonb NOT NULL DEFAULT '[]',
  hide boolean NOT NULL DEFAULT false,
  "freeze" boolean NOT NULL DEFAULT false,
  create_time timestamptz NOT NULL DEFAULT now(),
  update_time timestamptz NOT NULL DEFAULT now()
);
-- One product per code in a store: copying between stores is idempotent on it.
CREATE UNIQUE INDEX product_code ON product (code, dealer);
CREATE INDEX product_dealer ON product (dealer, create_time DESC);
CREATE INDEX product_integrator ON product (integrator, create_time DESC);

-- Templates belong to a brand; its stores import them into the product form.
CREATE TABLE template (
  _id text PRIMARY KEY,
  integrator text NOT NULL REFERENCES integrator(_id),
  code text NOT NULL,
  name text NOT NULL,
  sub_name text,
  price integer NOT NULL CHECK (price >= 0),
  type text NOT NULL CHECK (type IN ('icecream', 'coffee', 'coffee_icecream', 'noodle', 'milktea', 'fastfood')),
  description text,
  image text,
  buy_limit integer CHECK (buy_limit IS NULL OR buy_limit >= 1),
  warn_stock integer NOT NULL DEFAULT 0 CHECK (warn_stock >= 0),
  number integer NOT NULL DEFAULT 0,
  properties jsonb NOT NULL DEFAULT '[]',
  hide boolean NOT NULL DEFAULT false,
  create_time timestamptz NOT NULL DEFAULT now(),
  update_time timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX template_code ON template (code, integrator);
CREATE INDEX template_integrator ON template (integrator, create_time DESC);

-- Product groups of a store. `products` is the ordered membership (the menu shows them in this order);
-- groups themselves are ordered by "sortIndex". The store of a group never changes.
CREATE TABLE product_classify (
  _id text PRIMARY KEY,
  integrator text NOT NULL REFERENCES integrator(_id),
  dealer text NOT NULL REFERENCES dealer(_id),
  name text NOT NULL,
  tag text NOT NULL,
  "sortIndex" integer NOT NULL CHECK ("sortIndex" BETWEEN 1 AND 999),
  products text[] NOT NULL DEFAULT '{}',
  hide boolean NOT NULL DEFAULT false,
  online boolean NOT NULL DEFAULT false,
  create_time timestamptz NOT NULL DEFAULT now(),
  update_time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX product_classify_dealer ON product_classify (dealer, "sortIndex");
CREATE INDEX product_classify_integrator ON product_classify (integrator, create_time DESC);

-- A store imports its brand's templates into the product form.
UPDATE role SET authorizations = array_append(authorizations, 'template_list')
  WHERE _id = 'dealer_admin' AND NOT ('template_list' = ANY (authorizations));
