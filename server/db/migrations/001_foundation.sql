-- Accounts, roles, authorizations, sessions, the operation log, and the brand/store tables they point at.

CREATE TABLE integrator (
  _id text PRIMARY KEY,
  name text NOT NULL UNIQUE,
  description text NOT NULL DEFAULT '',
  logo text,
  create_time timestamptz NOT NULL DEFAULT now(),
  update_time timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE dealer (
  _id text PRIMARY KEY,
  integrator text NOT NULL REFERENCES integrator(_id),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  logo text,
  status text NOT NULL DEFAULT 'normal' CHECK (status IN ('normal', 'closed', 'deleted')),
  create_time timestamptz NOT NULL DEFAULT now(),
  update_time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dealer_integrator ON dealer (integrator, create_time DESC);

CREATE TABLE permission (
  _id text PRIMARY KEY,
  display_name text NOT NULL,
  "group" text NOT NULL,
  create_time timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE role (
  _id text PRIMARY KEY,
  display_name text NOT NULL,
  description text NOT NULL DEFAULT '',
  account_type text CHECK (account_type IN ('SUPER', 'PROVIDER', 'INTEGRATOR', 'DEALER')),
  authorizations text[] NOT NULL DEFAULT '{}',
  create_time timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE account (
  _id text PRIMARY KEY,
  nickname text,
  email text,
  avatar text,
  account_type text NOT NULL CHECK (account_type IN ('SUPER', 'PROVIDER', 'INTEGRATOR', 'DEALER')),
  roles text[] NOT NULL DEFAULT '{}',
  integrator text REFERENCES integrator(_id),
  dealer text REFERENCES dealer(_id),
  status text NOT NULL DEFAULT 'normal' CHECK (status IN ('normal', 'frozen', 'deleted')),
  password text NOT NULL,
  create_timestamp timestamptz NOT NULL DEFAULT now(),
  last_login timestamptz,
  update_time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_integrator ON account (integrator, create_timestamp DESC);
CREATE INDEX account_dealer ON account (dealer, create_timestamp DESC);

CREATE TABLE session (
  token_hash text PRIMARY KEY,
  account text NOT NULL REFERENCES account(_id) ON DELETE CASCADE,
  create_time timestamptz NOT NULL DEFAULT now(),
  expire_time timestamptz NOT NULL,
  last_seen timestamptz NOT NULL DEFAULT now(),
  ip text,
  user_agent text
);
CREATE INDEX session_account ON session (account);

CREATE TABLE login_failure (
  id bigserial PRIMARY KEY,
  key text NOT NULL,
  time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failure_key ON login_failure (key, time DESC);

-- Every write of the service: who, which action, which record, before and after, when, from where.
CREATE TABLE log (
  _id text PRIMARY KEY,
  time timestamptz NOT NULL DEFAULT now(),
  operator text,
  account_type text,
  integrator text,
  dealer text,
  action text NOT NULL,
  resource text NOT NULL,
  record text,
  before jsonb,
  after jsonb,
  ip text
);
CREATE INDEX log_time ON log (time DESC);
CREATE INDEX log_integrator ON log (integrator, time DESC);
CREATE INDEX log_dealer ON log (dealer, time DESC);

-- The log is append-only, whatever a future endpoint or a hand-written query tries.
CREATE FUNCTION log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the operation log is append-only' USING ERRCODE = '42501';
END $$;
CREATE TRIGGER log_no_update BEFORE UPDATE OR DELETE ON log FOR EACH ROW EXECUTE FUNCTION log_append_only();

INSERT INTO permission (_id, display_name, "group") VALUES
  ('super', 'Super administrator', 'system'),
  ('integrator_list', 'Brand list', 'integrator'),
  ('integrator_add', 'Add brand', 'integrator'),
  ('integrator_edit', 'Edit brand', 'integrator'),
  ('dealer_list', 'Store list', 'dealer'),
  ('dealer_add', 'Add store', 'dealer'),
  ('dealer_read', 'Store details', 'dealer'),
  ('dealer_edit', 'Edit store', 'dealer'),
  ('device_list', 'Robot list', 'device'),
  ('device_add', 'Add robot', 'device'),
  ('device_edit', 'Edit robot', 'device'),
  ('device_read', 'Robot details', 'device'),
  ('user_list', 'Account list', 'account'),
  ('user_add', 'Add account', 'account'),
  ('user_edit', 'Edit account', 'account'),
  ('role_list', 'Role list', 'role'),
  ('role_add', 'Add role', 'role'),
  ('role_edit', 'Edit role', 'role'),
  ('role_delete', 'Delete role', 'role'),
  ('authorization_list', 'Permission list', 'authorization'),
  ('authorization_add', 'Add permission', 'authorization'),
  ('authorization_edit', 'Edit permission', 'authorization'),
  ('authorization_delete', 'Delete permission', 'authorization'),
  ('order_list', 'Order list', 'order'),
  ('order_pay_status', 'Change pay status', 'order'),
  ('order_refund', 'Request refund', 'payment'),
  ('refund_list', 'Refund list', 'payment'),
  ('refund_approve', 'Approve refunds', 'payment'),
  ('product_list', 'Product list', 'product'),
  ('product_add', 'Add product', 'product'),
  ('product_read', 'Product details', 'product'),
  ('product_edit', 'Edit product', 'product'),
  ('product_copy', 'Copy products', 'product'),
  ('product_stock', 'Manage stock', 'product'),
  ('template_list', 'Template list', 'product'),
  ('template_add', 'Add template', 'product'),
  ('template_edit', 'Edit template', 'product'),
  ('product_classify_list', 'Product groups', 'product'),
  ('product_classify_add', 'Add product group', 'product'),
  ('product_classify_edit', 'Edit product group', 'product'),
  ('product_classify_delete', 'Delete product group', 'product'),
  ('message_list', 'Messages', 'message'),
  ('log_list', 'Operation logs', 'message'),
  ('chatchat_history', 'Q&A history', 'chatterbot'),
  ('report_all', 'Fault reports', 'report'),
  ('lecode_list', 'Voucher list', 'voucher'),
  ('lecode_add', 'Generate vouchers', 'voucher'),
  ('lecode_void', 'Void vouchers', 'voucher');

INSERT INTO role (_id, display_name, description, account_type, authorizations) VALUES
  ('super', 'Super administrator', 'Holds every authorization', 'SUPER', ARRAY['super']),
  ('provider_admin', 'Provider administrator', 'Runs the platform: every brand, store and robot',
    'PROVIDER', ARRAY(SELECT _id FROM permission WHERE _id <> 'super' ORDER BY _id)),
  ('integrator_admin', 'Brand administrator', 'Runs one brand: its stores, robots, products, orders and accounts',
    'INTEGRATOR', ARRAY['integrator_list', 'integrator_edit', 'dealer_list', 'dealer_add', 'dealer_read', 'dealer_edit',
    'device_list', 'device_add', 'device_edit', 'device_read', 'user_list', 'user_add', 'user_edit', 'role_list',
    'authorization_list', 'order_list', 'order_pay_status', 'order_refund', 'refund_list', 'refund_approve',
    'product_list', 'product_add', 'product_read', 'product_edit', 'product_copy', 'product_stock',
    'template_list', 'template_add', 'template_edit', 'product_classify_list', 'product_classify_add',
    'product_classify_edit', 'product_classify_delete', 'message_list', 'log_list', 'chatchat_history',
    'report_all', 'lecode_list', 'lecode_add', 'lecode_void']),
  ('dealer_admin', 'Store manager', 'Runs one store: its robots, products, stock, orders and refunds',
    'DEALER', ARRAY['dealer_list', 'dealer_read', 'device_list', 'device_read', 'order_list', 'order_refund',
    'refund_list', 'product_list', 'product_add', 'product_read', 'product_edit', 'product_stock',
    'product_classify_list', 'product_classify_add', 'product_classify_edit', 'product_classify_delete',
    'message_list', 'chatchat_history', 'report_all', 'lecode_list']);
