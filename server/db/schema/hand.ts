// The row types of what hand-written SQL makes (no declaration can say it): sessions and sign-in security,
// uploads, saved queries, the order rollups, the profit share, the restock view. Kept beside the derivation
// (rows.ts) and held to the migrated database by tests/api/schema.test.ts, which compares these tables'
// columns with the ones listed here. pg-boss's schema is its own and stays untyped.
// Types follow what node-postgres hands back: int8 and numeric as numbers (server/db/index.ts), int8[] as
// texts, date and timestamptz as Dates, jsonb parsed.
import type { ColumnType, Generated } from 'kysely';
import type { Json, Timestamp } from './rows';

type Now = ColumnType<Date, Date | string | undefined, Date | string>;
/** a `date` column: a Date at local midnight when read, a 'YYYY-MM-DD' text (or Date) when written */
type Day = ColumnType<Date, Date | string, Date | string>;

export interface HandTables {
  schema_migration: { name: string; applied_at: Now };
  session: {
    token_hash: string;
    account: string;
    create_time: Now;
    expire_time: Timestamp;
    last_seen: Now;
    ip: string | null;
    user_agent: string | null;
    epoch: Generated<number>;
  };
  account_totp: {
    account: string;
    secret: string;
    enabled: Generated<boolean>;
    last_step: Generated<number>;
    recovery: Generated<string[]>;
    create_time: Now;
    /** wrong codes in a row since the last right one (migration 047) */
    failed_codes: Generated<number>;
  };
  totp_challenge: { challenge_hash: string; account: string; epoch: number; expire_time: Timestamp };
  login_throttle: { key: string; window_start: Now; attempts: Generated<number> };
  /** wrong guesses and holds per account and step of a sign-in (migration 054, server/auth/holds.ts) */
  account_hold: {
    subject: string;
    step: string;
    window_start: Now;
    failures: Generated<number>;
    held_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    holds: Generated<number>;
    known_ips: Generated<string[]>;
  };
  security_event: {
    kind: string;
    subject: string;
    window_start: Timestamp;
    count: Generated<number>;
    last_ip: string | null;
    last_time: Now;
  };
  role_preview: {
    token_hash: string;
    account: string;
    role: string;
    create_time: Now;
    integrator: string | null;
    dealer: string | null;
  };
  upload: {
    path: string;
    content_type: string;
    size: number;
    storage: string;
    account: string | null;
    integrator: string | null;
    dealer: string | null;
    create_time: Now;
    /** a firmware image's checksum (migration 061); null for images */
    sha256: string | null;
  };
  /** a campaign's target, resolved when it starts (migration 061, server/features/campaigns/) */
  campaign_target: {
    campaign: string;
    seq: number;
    device: string;
    command: string | null;
    skipped: Generated<boolean>;
    queued_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  };
  import_job: {
    _id: string;
    resource: string;
    account: string;
    integrator: string | null;
    dealer: string | null;
    file_name: string;
    encoding: string;
    mode: 'dry_run' | 'apply';
    partial: Generated<boolean>;
    state: 'dry_run' | 'running' | 'done' | 'failed' | 'cancelled' | 'reverted';
    total: Generated<number>;
    done: Generated<number>;
    created: Generated<number>;
    updated: Generated<number>;
    unchanged: Generated<number>;
    refused: Generated<number>;
    errors: ColumnType<unknown[], string | undefined, string>;
    ignored: ColumnType<string[], string | undefined, string>;
    preview: ColumnType<unknown[], string | undefined, string>;
    create_time: Now;
    finish_time: Timestamp | null;
  };
  import_row: {
    import: string;
    record: string;
    kind: 'created' | 'updated';
    before: ColumnType<Record<string, unknown> | null, string | null, string | null>;
    version: number;
  };
  saved_query: {
    _id: string;
    account: string;
    resource: string;
    name: string;
    filter: ColumnType<Record<string, unknown>, string | undefined, string>;
    sort: ColumnType<{ field: string; order: 'ASC' | 'DESC' } | null, string | null | undefined, string | null>;
    is_default: Generated<boolean>;
    create_time: Now;
  };
  profit_share: {
    _id: string;
    order: string;
    integrator: string;
    dealer: string;
    status: string;
    amount: number;
    detail: Json<Array<{ receiver: string; type: string; amount: number }>>;
    time: Now;
  };
  orders_daily: {
    dealer: string;
    day: Day;
    integrator: string;
    orders: Generated<number>;
    quantity: Generated<number>;
    fee: Generated<number>;
    refund_orders: Generated<number>;
    refund_fee: Generated<number>;
  };
  /** per store and UTC day: a version taken anew with every change that moves the day's rollups (migration 052) */
  orders_day_version: { integrator: string; dealer: string; day: Day; version: Generated<string> };
  orders_products_daily: {
    integrator: string;
    dealer: string;
    day: Day;
    code: string;
    name: string;
    quantity: Generated<number>;
    fee: Generated<number>;
  };
  /** per store, day and product: running totals over the day's 96 quarters of an hour (int8[]: texts) */
  orders_products_quarters: {
    integrator: string;
    dealer: string;
    day: Day;
    code: string;
    name: string;
    quantity: string[];
    fee: string[];
  };
  /** one row per store, day and robot type; each array holds the day's 96 quarters of an hour (int8[]: texts) */
  orders_quarters: {
    integrator: string;
    dealer: string;
    day: Day;
    device_type: string;
    orders: string[];
    quantity: string[];
    fee: string[];
    refund_orders: string[];
    refund_fee: string[];
    sold_refund_fee: string[];
  };
  /** raw telemetry points, partitioned by day (migration 047; server/features/telemetry) */
  telemetry: { device: string; metric: string; t: Timestamp; value: number };
  /** hourly rollups of the points, partitioned by month */
  telemetry_hourly: {
    device: string;
    metric: string;
    hour: Timestamp;
    min: number;
    max: number;
    sum: number;
    count: number;
  };
  /** the store-days whose visit plan was made and told (migration 062, server/features/forecast/daily.ts) */
  visit_plan_day: { dealer: string; day: Day; create_time: Now };
  /** where each telemetry rule stands on each robot it judges */
  telemetry_rule_state: {
    rule: string;
    device: string;
    breach_since: Timestamp | null;
    ok_since: Timestamp | null;
    value: number | null;
    alarm: Generated<boolean>;
  };
  /** the view the restock list reads (migration 030): a product's columns and the figures it adds */
  restock_line: {
    _id: string;
    integrator: string;
    dealer: string;
    code: string;
    name: string;
    type: string;
    devices: string[];
    stock: number;
    warn_stock: number;
    version: number;
    reported: number | null;
    sold_out: boolean;
    urgency: number;
    /** the forecast's, when there is one (migration 055) */
    empty_at: Date | null;
    /** the list's order: empty_at in epoch seconds, else after every forecast line */
    empty_order: number;
  };
}
