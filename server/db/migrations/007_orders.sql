-- Orders from the robots, their refunds (once per order, ever) and profit-share records.
-- An order keeps a snapshot of each item (product id, code, name, unit price in cents, chosen options), so
-- it never depends on the product table's later shape or content. Money is integer cents.

CREATE TABLE orders (
  _id text PRIMARY KEY,
  integrator text NOT NULL REFERENCES integrator(_id),
  dealer text NOT NULL REFERENCES dealer(_id),
  device text REFERENCES device(_id) ON DELETE SET NULL,
  -- robot type and name at the time of the sale (charts by robot type never join the device table)
  device_type text,
  device_name text,
  channel text NOT NULL CHECK (channel IN ('APP', 'MINIPROGRAM')),
  status text NOT NULL DEFAULT 'CREATED' CHECK (status IN ('CREATED', 'CANCEL', 'CLOSE', 'DELETE', 'FAILD')),
  pay_status text NOT NULL DEFAULT 'UNPAY' CHECK (pay_status IN ('UNPAY', 'WAITPAY', 'PAID', 'PAYERROR', 'CANCEL', 'FREE')),
  pay_time timestamptz,
  pay_type text,
  work_status text NOT NULL DEFAULT 'WAIT' CHECK (work_status IN ('WAIT', 'START', 'DONE', 'END', 'FAILD')),
  amount integer NOT NULL CHECK (amount >= 0),
  quantity integer NOT NULL CHECK (quantity >= 1),
  -- [{ item, product, code, name, price, quantity, options: [{ property, code, name, price }], work_status, end_type, end_msg }]
  products jsonb NOT NULL,
  -- the making flow, oldest first: [{ item, work_status, time, end_type?, end_msg? }]
  flow jsonb NOT NULL DEFAULT '[]',
  pickup_point text,
  pickup_code text,
  end_type text,
  end_msg text,
  -- pay channel details: { transaction_id, trade_type, state, result, bank_type, amount, real_amount, account, account_type }
  pay jsonb,
  -- hand changes of the pay status: [{ from, to, reason, operator, time }]
  pay_history jsonb NOT NULL DEFAULT '[]',
  close_time timestamptz,
  close_reason text,
  -- a forwarded (transferred) order names where it came from
  forward boolean NOT NULL DEFAULT false,
  forward_from text,
  -- kept with the refund in the same transaction, so the dashboard sums one table
  refund_status text CHECK (refund_status IN ('CREATED', 'SUCCESS', 'CHANGE', 'REFUNDCLOSE')),
  refund_amount integer NOT NULL DEFAULT 0 CHECK (refund_amount >= 0 AND refund_amount <= amount),
  create_time timestamptz NOT NULL DEFAULT now(),
  update_time timestamptz NOT NULL DEFAULT now()
);
-- The lists and the dashboard: tenant + time, the figures carried in the index.
CREATE INDEX orders_dealer ON orders (dealer, create_time DESC) INCLUDE (pay_status, amount, quantity, refund_status, refund_amount);
CREATE INDEX orders_integrator ON orders (integrator, create_time DESC) INCLUDE (pay_status, amount, quantity, refund_status, refund_amount);
CREATE INDEX orders_time ON orders (create_time DESC) INCLUDE (pay_status, amount, quantity, refund_status, refund_amount);
CREATE INDEX orders_pickup ON orders (pickup_code, create_time DESC);
CREATE INDEX orders_device ON orders (device, create_time DESC);
CREATE INDEX orders_forward ON orders (forward, create_time DESC) WHERE forward;

CREATE TABLE refund (
  _id text PRIMARY KEY,
  "order" text NOT NULL REFERENCES orders(_id),
  integrator text NOT NULL REFERENCES integrator(_id),
  dealer text NOT NULL REFERENCES dealer(_id),
  status text NOT NULL DEFAULT 'CREATED' CHECK (status IN ('CREATED', 'SUCCESS', 'CHANGE', 'REFUNDCLOSE')),
  amount integer NOT NULL CHECK (amount > 0),
  real_amount integer CHECK (real_amount >= 0),
  request_time timestamptz NOT NULL DEFAULT now(),
  refund_time timestamptz,
  channel_id text,
  channel text,
  account text,
  account_type text,
  funds_source text,
  source text NOT NULL DEFAULT 'console',
  reason text NOT NULL,
  reject_reason text,
  requester text,
  operator text,
  error text,
  pickup_code text
);
-- Once per order, ever: whatever the callers do at the same moment, the database keeps one.
CREATE UNIQUE INDEX refund_once ON refund ("order");
CREATE INDEX refund_dealer ON refund (dealer, request_time DESC);
CREATE INDEX refund_integrator ON refund (integrator, request_time DESC);
CREATE INDEX refund_time ON refund (request_time DESC);
CREATE INDEX refund_status ON refund (status, request_time DESC);

CREATE TABLE profit_share (
  _id text PRIMARY KEY,
  "order" text NOT NULL REFERENCES orders(_id),
  integrator text NOT NULL REFERENCES integrator(_id),
  dealer text NOT NULL REFERENCES dealer(_id),
  status text NOT NULL CHECK (status IN ('success', 'failed')),
  amount integer NOT NULL CHECK (amount >= 0),
  -- who receives what: [{ receiver, type, amount }]
  detail jsonb NOT NULL DEFAULT '[]',
  time timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX profit_share_once ON profit_share ("order");
