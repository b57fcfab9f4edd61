// The rows an older database holds, for the upgrade test (tests/api/upgrade.test.ts): each entry is plain SQL
// valid right after the migration it is keyed by, and the test runs it there — migrations and fills
// interleaved, as a database that lived through those releases got its rows. A migration that adds a table
// or a column adds an entry here, keyed by its own file name, that fills it (docs/operations.md, "Upgrades").
// Fixed times (not now()) so that rollups land on the same days in every run; every state of every life cycle.

/** The stores' ids, for the per-store money totals. */
export const STORES = ['ug_store_a1', 'ug_store_a2', 'ug_store_b1'] as const;

const ORDERS = (from: number, to: number) => `
INSERT INTO orders (_id, integrator, dealer, device, device_type, device_name, channel, status, pay_status, pay_time, pay_type,
  work_status, amount, quantity, products, flow, pickup_point, pickup_code, end_type, end_msg, pay, pay_history, close_time,
  close_reason, forward, forward_from, refund_status, refund_amount, create_time, update_time)
SELECT 'ug_order_' || lpad(i::text, 4, '0'), d.integrator, d.dealer, d._id, d.type, d.name,
  (ARRAY['APP', 'MINIPROGRAM'])[1 + i % 2],
  (ARRAY['CREATED', 'CANCEL', 'CLOSE', 'DELETE', 'FAILD'])[1 + i % 5],
  (ARRAY['UNPAY', 'WAITPAY', 'PAID', 'PAYERROR', 'CANCEL', 'FREE', 'PAID'])[1 + i % 7],
  CASE WHEN i % 7 IN (2, 6) THEN t + interval '8 seconds' END,
  CASE WHEN i % 7 IN (2, 6) THEN (ARRAY['WECHAT', 'ALIPAY'])[1 + i % 2] END,
  (ARRAY['WAIT', 'START', 'DONE', 'END', 'FAILD'])[1 + i % 5 / 2 + i % 3],
  p.price * (1 + i % 3), 1 + i % 3,
  jsonb_build_array(jsonb_build_object('item', 1, 'product', p._id, 'code', p.code, 'name', p.name, 'price', p.price,
    'quantity', 1 + i % 3, 'options', jsonb_build_array(jsonb_build_object('key', 'size', 'value', 'large')))),
  jsonb_build_array(jsonb_build_object('item', 1, 'work_status', 'START', 'time', t + interval '30 seconds')),
  d.name, lpad((1000 + i * 37 % 9000)::text, 4, '0'),
  CASE WHEN i % 5 = 4 THEN 'MACHINE' END, CASE WHEN i % 5 = 4 THEN 'Dispenser jammed' END,
  CASE WHEN i % 7 IN (2, 6) THEN jsonb_build_object('transaction_id', 'UG' || i, 'amount', p.price * (1 + i % 3), 'state', 'SUCCESS') END,
  '[]', CASE WHEN i % 5 IN (1, 2, 4) THEN t + interval '7 minutes' END, CASE WHEN i % 5 = 4 THEN 'Making failed' END,
  i % 23 = 5, CASE WHEN i % 23 = 5 THEN 'Meituan' END,
  -- refunds in every state; only a refund that went through moves money (refund_amount)
  CASE WHEN i % 7 IN (2, 6) THEN (ARRAY[NULL, 'CREATED', 'SUCCESS', 'CHANGE', 'REFUNDCLOSE', 'SUCCESS'])[1 + i % 6] END,
  CASE WHEN i % 7 IN (2, 6) AND i % 6 IN (2, 5) THEN p.price * (1 + i % 3) / (1 + i % 2) ELSE 0 END,
  t, t + interval '7 minutes'
FROM generate_series(${from}, ${to}) AS i
-- spread over 400 days, every hour and quarter of a day (the rollups' buckets), stores and robots in turn
CROSS JOIN LATERAL (SELECT timestamptz '2025-03-01 00:00:00+00' + (i * 1667 % 400) * interval '1 day'
  + (i * 7 % 24) * interval '1 hour' + (i * 13 % 60) * interval '1 minute' AS t) AS tt
CROSS JOIN LATERAL (SELECT * FROM device WHERE dealer IS NOT NULL ORDER BY _id OFFSET i % 4 LIMIT 1) AS d
CROSS JOIN LATERAL (SELECT * FROM product WHERE dealer = d.dealer ORDER BY _id OFFSET i % 2 LIMIT 1) AS p;

INSERT INTO refund (_id, "order", integrator, dealer, status, amount, real_amount, request_time, refund_time, channel, account,
  account_type, funds_source, source, reason, reject_reason, requester, operator, pickup_code)
SELECT 'ug_refund_' || substr(o._id, 10), o._id, o.integrator, o.dealer, o.refund_status,
  CASE WHEN o.refund_status = 'SUCCESS' THEN o.refund_amount ELSE o.amount END,
  CASE WHEN o.refund_status = 'SUCCESS' THEN o.refund_amount END,
  o.create_time + interval '1 hour', CASE WHEN o.refund_status = 'SUCCESS' THEN o.create_time + interval '2 hours' END,
  'WECHAT', 'payer', 'WECHAT', 'UNSETTLED', 'console', 'Melted before pickup',
  CASE WHEN o.refund_status = 'REFUNDCLOSE' THEN 'Picked up fine' END, 'ug_admin',
  CASE WHEN o.refund_status IN ('SUCCESS', 'REFUNDCLOSE') THEN 'ug_admin' END, o.pickup_code
FROM orders o WHERE o._id BETWEEN 'ug_order_${String(from).padStart(4, '0')}' AND 'ug_order_${String(to).padStart(4, '0')}' AND o.refund_status IS NOT NULL;

INSERT INTO profit_share (_id, "order", integrator, dealer, status, amount, detail, time)
SELECT 'ug_share_' || substr(o._id, 10), o._id, o.integrator, o.dealer, (ARRAY['success', 'failed'])[1 + substr(o._id, 10)::int % 2],
  o.amount * 94 / 100, jsonb_build_array(jsonb_build_object('receiver', o.integrator, 'amount', o.amount * 94 / 100)), o.create_time + interval '1 day'
FROM orders o WHERE o._id BETWEEN 'ug_order_${String(from).padStart(4, '0')}' AND 'ug_order_${String(to).padStart(4, '0')}' AND o.pay_status = 'PAID' AND substr(o._id, 10)::int % 3 <> 0;
`;

export const FILLS: Record<string, string> = {
  // the first release with orders, refunds and vouchers: brands, stores, accounts, robots, the catalog
  '008_service.sql': `
INSERT INTO integrator (_id, name, description, logo, pay_info, service_phone, create_time, update_time) VALUES
  ('ug_brand_a', 'Upgrade Brand A', 'Ice cream on campus', 'uploads/a.png', '{"mch_id": "1900000109"}', '400-800-1000', '2025-02-01Z', '2025-02-01Z'),
  ('ug_brand_b', 'Upgrade Brand B', '', NULL, NULL, NULL, '2025-02-02Z', '2025-02-02Z');
INSERT INTO dealer (_id, integrator, name, status, notify_enabled, pay_enabled, location, create_time, update_time) VALUES
  ('ug_store_a1', 'ug_brand_a', 'Store A1', 'normal', true, true, 'Library', '2025-02-03Z', '2025-02-03Z'),
  ('ug_store_a2', 'ug_brand_a', 'Store A2', 'closed', false, true, NULL, '2025-02-03Z', '2025-02-03Z'),
  ('ug_store_b1', 'ug_brand_b', 'Store B1', 'normal', true, false, 'Station', '2025-02-04Z', '2025-02-04Z');
INSERT INTO account (_id, nickname, email, account_type, roles, integrator, dealer, status, password, create_timestamp, last_login) VALUES
  ('ug_admin', 'Root', 'root@example.com', 'SUPER', '{super}', NULL, NULL, 'normal', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA', '2025-01-01Z', '2025-06-01Z'),
  ('ug_provider', NULL, NULL, 'PROVIDER', '{provider_admin}', NULL, NULL, 'normal', 'x', '2025-01-02Z', NULL),
  ('ug_brand_a_admin', 'Brand A', NULL, 'INTEGRATOR', '{integrator_admin}', 'ug_brand_a', NULL, 'frozen', 'x', '2025-02-01Z', NULL),
  ('ug_store_a1_admin', 'Store A1', NULL, 'DEALER', '{dealer_admin}', 'ug_brand_a', 'ug_store_a1', 'normal', 'x', '2025-02-03Z', NULL),
  ('ug_gone', NULL, NULL, 'DEALER', '{dealer_admin}', 'ug_brand_b', 'ug_store_b1', 'deleted', 'x', '2025-02-04Z', NULL);
INSERT INTO role (_id, display_name, description, account_type, authorizations) VALUES
  ('ug_auditor', 'Auditor', 'Reads orders', 'INTEGRATOR', '{order_list,refund_list,log_list}');
INSERT INTO session (token_hash, account, create_time, expire_time, last_seen, ip, user_agent) VALUES
  ('ug_session_1', 'ug_admin', '2025-06-01Z', '2099-01-01Z', '2025-06-01Z', '10.0.0.1', 'Firefox');
INSERT INTO device (_id, device_id, name, sn, type, category, integrator, dealer, online, last_heartbeat, work_status, state, key_hash, create_time, key_issued_at) VALUES
  ('ug_robot_1', 'UG-0001', 'Cone 1', 'SN1', 'icecream', 'soft', 'ug_brand_a', 'ug_store_a1', true, '2025-06-01Z', 'IDLE', 'idle', 'h1', '2025-02-05Z', '2025-02-05Z'),
  ('ug_robot_2', 'UG-0002', 'Coffee 2', 'SN2', 'coffee', '', 'ug_brand_a', 'ug_store_a2', false, NULL, NULL, 'unknown', 'h2', '2025-02-05Z', '2025-02-05Z'),
  ('ug_robot_3', 'UG-0003', 'Noodle 3', 'SN3', 'noodle', '', 'ug_brand_b', 'ug_store_b1', false, '2025-05-01Z', 'FAULT', 'failure', 'h3', '2025-02-05Z', '2025-02-05Z'),
  ('ug_robot_4', 'UG-0004', 'Tea 4', 'SN4', 'milktea', '', 'ug_brand_b', 'ug_store_b1', true, '2025-06-01Z', 'BUSY', 'busy', 'h4', '2025-02-05Z', '2025-02-05Z'),
  ('ug_robot_5', 'UG-0005', 'Spare', 'SN5', 'fastfood', '', 'ug_brand_b', NULL, false, NULL, NULL, 'unknown', 'h5', '2025-02-05Z', '2025-02-05Z');
INSERT INTO upload (path, content_type, size, storage, account, integrator, create_time) VALUES
  ('uploads/a.png', 'image/png', 68, 'local', 'ug_admin', 'ug_brand_a', '2025-02-01Z'),
  ('uploads/b.webp', 'image/webp', 1024, 's3', 'ug_store_a1_admin', 'ug_brand_a', '2025-02-02Z');
INSERT INTO product (_id, integrator, dealer, code, name, sub_name, price, type, description, image, devices, buy_limit, warn_stock, stock, number, properties, hide, "freeze", create_time, update_time)
SELECT 'ug_product_' || d._id || '_' || n, d.integrator, d._id, 'UG-' || n, 'Item ' || n, '商品' || n, 300 + n * 250,
  (ARRAY['icecream', 'coffee', 'noodle', 'milktea'])[1 + n % 4], 'Tasty', CASE WHEN n = 1 THEN 'uploads/a.png' END,
  ARRAY(SELECT _id FROM device WHERE dealer = d._id), CASE WHEN n = 2 THEN 3 END, 5 * n, (ARRAY[-1, 0, 4, 120])[1 + n % 4], n,
  jsonb_build_array(jsonb_build_object('key', 'size', 'name', 'Size', 'hidden', false,
    'options', jsonb_build_array(jsonb_build_object('value', 'medium', 'name', 'Medium', 'price', 0),
                                 jsonb_build_object('value', 'large', 'name', 'Large', 'price', 200 * n)))),
  n = 4, n = 3, '2025-02-06Z', '2025-02-06Z'
FROM dealer d CROSS JOIN generate_series(1, 4) AS n;
INSERT INTO template (_id, integrator, code, name, price, type, properties) VALUES
  ('ug_template_1', 'ug_brand_a', 'T-CONE', 'Cone template', 800, 'icecream', '[{"key": "size", "options": []}]');
INSERT INTO product_classify (_id, integrator, dealer, name, tag, "sortIndex", products, hide, online) VALUES
  ('ug_group_1', 'ug_brand_a', 'ug_store_a1', 'Cones', 'cones', 1, ARRAY['ug_product_ug_store_a1_1', 'ug_product_ug_store_a1_2'], false, true),
  ('ug_group_2', 'ug_brand_b', 'ug_store_b1', 'Hidden', 'hidden', 999, '{}', true, false);
${ORDERS(1, 180)}
INSERT INTO lecode (_id, batch, code, status, product, quantity, valid_from, valid_to, details, integrator, dealer, writeofftimestamp, writeoff_device, writeoff_order, create_time)
SELECT 'ug_voucher_' || i, 'ug_batch_' || (i % 3), 'UGV' || lpad(i::text, 6, '0'), (ARRAY['CREATED', 'SOLD', 'WRITEOFF', 'DELETE'])[1 + i % 4],
  'ug_product_ug_store_a1_1', 1 + i % 5, '2025-03-01Z', '2026-03-01Z', 'Campaign', 'ug_brand_a', 'ug_store_a1',
  CASE WHEN i % 4 = 2 THEN timestamptz '2025-04-01Z' + i * interval '1 hour' END, CASE WHEN i % 4 = 2 THEN 'ug_robot_1' END,
  CASE WHEN i % 4 = 2 THEN 'ug_order_0001' END, '2025-03-01Z'
FROM generate_series(1, 24) AS i;
INSERT INTO message (_id, code, level, category, device, integrator, dealer, detail, read, create_time)
SELECT 'ug_message_' || i, (ARRAY[21, 3021, 650, 100001])[1 + i % 4], (ARRAY['error', 'success', 'warning', 'info'])[1 + i % 4], 'fault',
  'ug_robot_' || (1 + i % 4), CASE WHEN i % 4 < 2 THEN 'ug_brand_a' ELSE 'ug_brand_b' END,
  CASE WHEN i % 4 = 0 THEN 'ug_store_a1' WHEN i % 4 = 1 THEN 'ug_store_a2' ELSE 'ug_store_b1' END,
  jsonb_build_object('product', 'Item 1'), i % 3 = 0, timestamptz '2025-05-01Z' + i * interval '10 minutes'
FROM generate_series(1, 40) AS i;
INSERT INTO log (_id, time, operator, account_type, integrator, dealer, action, resource, record, before, after, ip)
SELECT 'ug_log_' || i, timestamptz '2025-05-01Z' + i * interval '1 minute', 'ug_admin', 'SUPER', 'ug_brand_a', 'ug_store_a1',
  (ARRAY['add', 'edit', 'delete'])[1 + i % 3], 'product', 'ug_product_ug_store_a1_1',
  CASE WHEN i % 3 > 0 THEN '{"price": 550}'::jsonb END, CASE WHEN i % 3 < 2 THEN '{"price": 600}'::jsonb END, '10.0.0.' || i
FROM generate_series(1, 30) AS i;
INSERT INTO chatchat (_id, device, integrator, dealer, question, answer, language, create_time) VALUES
  ('ug_chat_1', 'ug_robot_1', 'ug_brand_a', 'ug_store_a1', 'Is it vegan?', 'The sorbet is.', 'en', '2025-05-02Z');
INSERT INTO report (_id, device, integrator, dealer, code, fault, description, photos, status, source, reporter, handler, resolution, resolve_time, create_time) VALUES
  ('ug_report_1', 'ug_robot_3', 'ug_brand_b', 'ug_store_b1', '21', 'Jam', 'Stuck cup', '["uploads/b.webp"]', 'open', 'robot', NULL, NULL, NULL, NULL, '2025-05-03Z'),
  ('ug_report_2', 'ug_robot_1', 'ug_brand_a', 'ug_store_a1', NULL, NULL, 'Sticky door', '[]', 'in_progress', 'console', 'ug_admin', 'ug_admin', NULL, NULL, '2025-05-04Z'),
  ('ug_report_3', 'ug_robot_1', 'ug_brand_a', 'ug_store_a1', NULL, NULL, 'Noise', '[]', 'resolved', 'console', 'ug_admin', 'ug_admin', 'Oiled', '2025-05-06Z', '2025-05-05Z');
`,
  // after the orders rollups and the security tables: orders written under the triggers, two-factor, throttles
  '016_sessions_security.sql': `
${ORDERS(181, 260)}
INSERT INTO account_totp (account, secret, enabled, last_step, recovery) VALUES ('ug_admin', 'JBSWY3DPEHPK3PXP', true, 1234, '{r1,r2}');
INSERT INTO login_throttle (key, window_start, attempts) VALUES ('user:ug_provider', '2025-06-01Z', 3);
INSERT INTO security_event (kind, subject, window_start, count, last_ip) VALUES ('signin_failed', 'ug_provider', '2025-06-01Z', 3, '10.0.0.9');
UPDATE account SET session_epoch = 2 WHERE _id = 'ug_store_a1_admin';
`,
  '020_alarm.sql': `
INSERT INTO alarm (_id, device, device_type, code, level, category, state, count, first_seen, last_seen, ack_by, ack_time, ack_comment, clear_by, clear_time, clear_code, integrator, dealer) VALUES
  ('ug_alarm_1', 'ug_robot_1', 'icecream', 21, 'error', 'fault', 'active', 3, '2025-05-01Z', '2025-05-02Z', NULL, NULL, NULL, NULL, NULL, NULL, 'ug_brand_a', 'ug_store_a1'),
  ('ug_alarm_2', 'ug_robot_3', 'noodle', 650, 'warning', 'fault', 'acknowledged', 1, '2025-05-01Z', '2025-05-01Z', 'ug_admin', '2025-05-01 01:00Z', 'On it', NULL, NULL, NULL, 'ug_brand_b', 'ug_store_b1'),
  ('ug_alarm_3', 'ug_robot_3', 'noodle', 22, 'error', 'fault', 'cleared', 5, '2025-04-01Z', '2025-04-02Z', 'ug_admin', '2025-04-01 01:00Z', NULL, NULL, '2025-04-03Z', 3022, 'ug_brand_b', 'ug_store_b1'),
  ('ug_alarm_4', 'ug_robot_4', 'milktea', 750, 'warning', 'stock', 'cleared', 1, '2025-04-01Z', '2025-04-01Z', NULL, NULL, NULL, 'ug_admin', '2025-04-02Z', NULL, 'ug_brand_b', 'ug_store_b1');
`,
  '022_saved_query.sql': `
INSERT INTO saved_query (_id, account, resource, name, filter, is_default) VALUES
  ('ug_query_1', 'ug_admin', 'orders', 'Refunded', '{"refund_status": "SUCCESS"}', true);
`,
  '032_webhook.sql': `
INSERT INTO webhook (_id, url, events, description, enabled, secret, create_time, integrator) VALUES
  ('ug_webhook_1', 'https://hooks.example.com/a', '{order_paid,order_refunded}', 'ERP', true, 'whsec_a', '2025-06-01Z', 'ug_brand_a'),
  ('ug_webhook_2', 'https://hooks.example.com/b', '{alarm_opened}', NULL, false, 'whsec_b', '2025-06-02Z', 'ug_brand_b');
INSERT INTO webhook_delivery (_id, webhook, event, event_id, attempt, status, http_status, duration_ms, error, create_time, integrator)
SELECT 'ug_delivery_' || i, 'ug_webhook_1', 'order_paid', 'evt_' || (i / 2), 1 + i % 2, (ARRAY['failed', 'success'])[1 + i % 2],
  CASE WHEN i % 2 = 1 THEN 200 WHEN i % 4 = 0 THEN 500 END, 40 + i, CASE WHEN i % 2 = 0 THEN 'HTTP 500' END,
  timestamptz '2025-06-01Z' + i * interval '1 minute', 'ug_brand_a'
FROM generate_series(1, 12) AS i;
-- the deliveries' queue as pg-boss 10 created it when a server started (from 045 on a migration does), and its
-- jobs in every state pg-boss 10 kept: due, not due yet, waiting for a retry, under way, done, failed, cancelled
-- and archived (migration 053 carries them over to pg-boss 12)
SELECT pgboss.create_queue('webhook-delivery', '{"policy": "standard"}'::json);
INSERT INTO pgboss.job (id, name, data, state, retry_limit, retry_count, retry_delay, retry_backoff, start_after, started_on,
  expire_in, created_on, completed_on, keep_until, output, policy)
SELECT ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'webhook-delivery',
  jsonb_build_object('webhook', 'ug_webhook_1', 'event', 'order_paid', 'event_id', 'evt_ug' || i, 'body', '{"id": "evt_ug' || i || '"}'),
  state::pgboss.job_state, 5, retry_count, 30, true, start_after::timestamptz, started_on::timestamptz, interval '63 seconds',
  timestamptz '2025-06-01Z' + i * interval '1 minute', completed_on::timestamptz, '2099-01-01Z', output::jsonb, 'standard'
FROM (VALUES
  (1, 'created', 0, '2025-06-01Z', NULL, NULL, NULL),
  (2, 'created', 0, '2099-01-01Z', NULL, NULL, NULL),
  (3, 'retry', 1, '2025-06-01 00:05Z', '2025-06-01 00:03Z', NULL, '{"error": "HTTP 500"}'),
  (4, 'active', 2, '2025-06-01Z', '2025-06-01 00:10Z', NULL, NULL),
  (5, 'completed', 0, '2025-06-01Z', '2025-06-01 00:06Z', '2025-06-01 00:06Z', NULL),
  (6, 'failed', 5, '2025-06-01Z', '2025-06-01 00:07Z', '2025-06-01 00:07Z', '{"error": "HTTP 410"}'),
  (7, 'cancelled', 0, '2025-06-01Z', NULL, '2025-06-01 00:08Z', NULL)
) AS s(i, state, retry_count, start_after, started_on, completed_on, output);
INSERT INTO pgboss.archive (id, name, priority, data, state, retry_limit, retry_count, retry_delay, retry_backoff, start_after,
  started_on, expire_in, created_on, completed_on, keep_until, policy, archived_on)
VALUES ('00000000-0000-4000-8000-000000000008', 'webhook-delivery', 0, '{"webhook": "ug_webhook_1", "event": "order_paid"}',
  'completed', 5, 0, 30, true, '2025-05-01Z', '2025-05-01Z', interval '63 seconds', '2025-05-01Z', '2025-05-01Z', '2099-01-01Z',
  'standard', '2025-05-02Z');
`,
};
