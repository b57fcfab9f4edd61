// Every environment variable the server reads, declared once: its name, type, default and meaning.
// The process checks them all when it starts (a bad value stops it with a message naming the variable),
// README's configuration table is made from this list (tests/unit/config.test.ts holds the two equal),
// and nothing else in server/ reads process.env.
//
// Values are read when asked for, not once at import: a test may set a variable before it starts a server.

type Kind = 'string' | 'int' | 'number' | 'bool' | 'url' | 'enum';

interface Setting {
  kind: Kind;
  /** the value when the variable is unset or empty, as a person would write it (README shows it) */
  default?: string;
  /** what README's table says when the default is not a plain value */
  defaultText?: string;
  meaning: string;
  /** for 'enum' */
  choices?: readonly string[];
  /** for 'int' and 'number' */
  min?: number;
  max?: number;
  /** for 'url': the accepted protocols */
  protocols?: readonly string[];
}

export const SETTINGS = {
  NODE_ENV: {
    kind: 'enum',
    choices: ['development', 'production', 'test'],
    default: 'development',
    meaning: '`production`: `npm start` runs the built server (`npm run build` first) and never builds',
  },
  PORT: { kind: 'int', default: '8080', min: 0, max: 65535, meaning: 'HTTP port for the app and `/api`' },
  HOST: { kind: 'string', default: '0.0.0.0', meaning: 'the address to listen on (`127.0.0.1`: this machine only)' },
  DATA_DIR: {
    kind: 'string',
    default: './data',
    meaning:
      'the embedded PGlite database (one process at a time: an operating-system lock on its `pgdata.lock` keeps a second out, and dies with its holder)',
  },
  DATABASE_URL: {
    kind: 'url',
    protocols: ['postgres:', 'postgresql:'],
    meaning: '`postgres://…`: run on PostgreSQL instead of PGlite (required for more than one process)',
  },
  DB_POOL_MAX: {
    kind: 'int',
    default: '10',
    min: 1,
    max: 1000,
    meaning:
      "with `DATABASE_URL`: connections each process keeps at most (replicas × this must stay under PostgreSQL's `max_connections`)",
  },
  DB_CONNECT_TIMEOUT_MS: {
    kind: 'int',
    default: '5000',
    min: 100,
    max: 60000,
    meaning: 'with `DATABASE_URL`: how long a request waits for a connection before it is answered 503',
  },
  SEED_DEMO: {
    kind: 'bool',
    default: '0',
    meaning: 'with `DATABASE_URL`: `1` fills an empty database with the demo data',
  },
  ADMIN_PASSWORD: {
    kind: 'string',
    meaning:
      'with `DATABASE_URL` and no `SEED_DEMO`: the password of the first SUPER account `admin` (required on an empty database)',
  },
  LOG: { kind: 'bool', default: '1', meaning: '`0` silences the request log' },
  LOG_FORMAT: {
    kind: 'enum',
    choices: ['json', 'pretty'],
    defaultText: '`json` with `NODE_ENV=production`, `pretty` otherwise',
    meaning:
      '`json`: one JSON object a line, for a log collector; `pretty`: short readable lines for a terminal (time, level, method, path, status, time taken)',
  },
  LOG_LEVEL: {
    kind: 'enum',
    choices: ['debug', 'info', 'warn', 'error'],
    default: 'info',
    meaning:
      "the least level logged; robots' successful gateway calls and health and metrics probes are `debug`, every other answer `info`, errors `error`",
  },
  LOGIN_RATE_LIMIT: {
    kind: 'bool',
    default: 'on',
    meaning: '`off` lifts the sign-in limit (10 failures a minute); for `npm run sqlmap` only, never in production',
  },
  PASSWORD_HASH_COST: {
    kind: 'enum',
    choices: ['owasp', 'scan'],
    default: 'owasp',
    meaning:
      "argon2id's cost for new passwords (`owasp`: m = 19 MiB, t = 2); `scan` is the least it takes, for `npm run sqlmap`'s throw-away server only, refused with `NODE_ENV=production`",
  },
  TRUST_PROXY: {
    kind: 'bool',
    default: '0',
    meaning:
      '`1` behind a reverse proxy: client addresses and `X-Forwarded-Proto` are taken from it (session cookies are `Secure` when the browser used HTTPS)',
  },
  GATEWAY_RATE_LIMIT: {
    kind: 'int',
    default: '600',
    min: 1,
    max: 1_000_000,
    meaning:
      'calls a minute one robot may make to `/api/device-gateway/*` (counted per robot and process, after its key is checked); beyond: 429',
  },
  UPLOAD_RATE_LIMIT: {
    kind: 'int',
    default: '30',
    min: 1,
    max: 1_000_000,
    meaning: 'uploads a minute per account (per process); beyond: 429',
  },
  OFFLINE_AFTER_SECONDS: {
    kind: 'number',
    default: '90',
    min: 0.1,
    max: 86400,
    meaning: 'a robot without a heartbeat this long is offline',
  },
  COMMAND_RESEND_SECONDS: {
    kind: 'number',
    default: '30',
    min: 0.1,
    max: 86400,
    meaning:
      'a command handed to a robot and not acknowledged this long is handed over again, with the same id (docs/commands.md)',
  },
  CAMPAIGN_TICK_SECONDS: {
    kind: 'number',
    default: '5',
    min: 0,
    max: 3600,
    meaning:
      "how often running campaigns are judged and their next robots queued (one process at a time; 0: never, a test's own clock drives them; docs/campaigns.md)",
  },
  VISIT_PLAN_HOUR: {
    kind: 'number',
    default: '6',
    min: 0,
    max: 23,
    meaning:
      "the store-local hour from which each store's visit plan of the day is made once and sent to the policies that select it (docs/notifications.md)",
  },
  FORECAST_REFRESH_SECONDS: {
    kind: 'number',
    default: '300',
    min: 1,
    max: 86400,
    meaning:
      "how often the forecasts of stores with new sales or stock are computed again (every store's at least hourly; docs/replenishment.md)",
  },
  MAP_TILE_URL: {
    kind: 'string',
    default: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    meaning:
      "the visit plan's map tiles (`{z}/{x}/{y}`; its origin is allowed as an image source); without network the stops and the route still draw (docs/replenishment.md)",
  },
  TELEMETRY_RETENTION_DAYS: {
    kind: 'int',
    default: '30',
    min: 1,
    max: 3650,
    meaning:
      'days of raw telemetry points kept (older days leave by dropping their daily partition); hourly rollups are kept two years',
  },
  UPLOAD_DIR: {
    kind: 'string',
    defaultText: '`DATA_DIR/uploads`',
    meaning: 'where uploaded images go when no `S3_BUCKET` is set (one machine only)',
  },
  UPLOAD_MAX_BYTES: {
    kind: 'int',
    default: '2097152',
    min: 1024,
    max: 100 * 1024 * 1024,
    meaning: 'the largest image an upload may be',
  },
  S3_BUCKET: {
    kind: 'string',
    meaning: 'store uploaded images in this S3-compatible bucket (required for more than one process)',
  },
  S3_ENDPOINT: {
    kind: 'url',
    protocols: ['http:', 'https:'],
    defaultText: 'AWS in `S3_REGION`',
    meaning: 'the S3 service (MinIO, Ceph, R2 …)',
  },
  S3_REGION: { kind: 'string', default: 'us-east-1', meaning: "the bucket's region" },
  S3_ACCESS_KEY_ID: { kind: 'string', meaning: 'with `S3_BUCKET`: the access key (required)' },
  S3_SECRET_ACCESS_KEY: { kind: 'string', meaning: 'with `S3_BUCKET`: its secret (required)' },
  S3_PATH_STYLE: {
    kind: 'bool',
    defaultText: '`1` when `S3_ENDPOINT` is set',
    meaning: '`1`: `endpoint/bucket/key` addresses (MinIO and most self-hosted stores)',
  },
  METRICS_TOKEN: {
    kind: 'string',
    meaning:
      '`/metrics` answers a caller sending `Authorization: Bearer <this>`; unset and no `METRICS_PORT`: no metrics',
  },
  METRICS_PORT: {
    kind: 'int',
    min: 1,
    max: 65535,
    meaning: 'serve `/metrics` on this port (on `HOST`) instead, without a token',
  },
  HEAP_GROWTH_PERCENT: {
    kind: 'int',
    default: '50',
    min: 0,
    max: 1000,
    meaning:
      'after a full garbage collection, how far (in %) the JavaScript heap may grow before the next one; `0` leaves it to V8, which lets it grow up to 4× the live data when collecting is cheap (an export of 1,000,000 orders then peaked 80–110 MB higher)',
  },
  SHUTDOWN_DELAY_MS: {
    kind: 'int',
    default: '0',
    min: 0,
    max: 600000,
    meaning:
      "on SIGTERM: how long the process keeps accepting connections, failing readiness, before it stops listening — set it above your load balancer's readiness interval (connections still queued when the listener closes are reset by the kernel)",
  },
  SHUTDOWN_GRACE_MS: {
    kind: 'int',
    default: '10000',
    min: 0,
    max: 600000,
    meaning: 'on SIGTERM: how long requests in flight may take to finish before the process exits anyway',
  },
  DEMO_ROBOTS: {
    kind: 'enum',
    choices: ['on', 'off'],
    defaultText: '`on` on the embedded database, `off` with `DATABASE_URL`',
    meaning:
      'drive the demo robots inside the server process (heartbeats, sales, faults and recoveries, voucher write-offs) over HTTP, like real robots',
  },
  DEMO_BEAT_SECONDS: {
    kind: 'number',
    default: '5',
    min: 0.2,
    max: 3600,
    meaning: "with the demo robots on: seconds between a demo robot's beats",
  },
  WEBHOOK_ALLOW_LOCAL: {
    kind: 'bool',
    default: '0',
    meaning:
      "`1`: webhook endpoints may be `http://127.0.0.1` (or `localhost`, `[::1]`) and loopback addresses — for tests and a developer's own receiver; refused with `NODE_ENV=production` (endpoints are HTTPS to public addresses only)",
  },
  WEBHOOK_RETRY_LIMIT: {
    kind: 'int',
    default: '8',
    min: 0,
    max: 50,
    meaning: 'how many times a failed webhook delivery is tried again',
  },
  WEBHOOK_RETRY_DELAY_SECONDS: {
    kind: 'int',
    default: '30',
    min: 1,
    max: 86400,
    meaning: 'the first retry of a failed webhook delivery comes after 1–2 × this; each next one waits twice as long',
  },
  WEBHOOK_TIMEOUT_MS: {
    kind: 'int',
    default: '10000',
    min: 100,
    max: 120000,
    meaning: 'how long a webhook attempt may take, connect, headers and body together, before it counts as failed',
  },
  WEBHOOK_PAUSE_AFTER: {
    kind: 'int',
    default: '20',
    min: 1,
    max: 10000,
    meaning: 'failed webhook attempts in a row after which the endpoint is paused (its brand sees why and resumes it)',
  },
  WEBHOOK_TEST_PER_MINUTE: {
    kind: 'int',
    default: '10',
    min: 1,
    max: 1000,
    meaning: 'test events ("Send test event", also in bulk) one account may send a minute',
  },
  SMTP_URL: {
    kind: 'url',
    protocols: ['smtp:', 'smtps:'],
    meaning:
      'the SMTP server alarm e-mails go through (`smtp://user:pass@host:587`, STARTTLS when offered; `smtps://…:465`, TLS); unset: e-mails stay in the outbox the console shows (Fleet › Notifications; docs/notifications.md)',
  },
  MAIL_FROM: {
    kind: 'string',
    default: 'VendFleet <alarms@vendfleet.invalid>',
    meaning: 'the sender of alarm e-mails (an address your SMTP server may send as)',
  },
  PUBLIC_URL: {
    kind: 'url',
    protocols: ['http:', 'https:'],
    default: 'http://localhost:8080',
    meaning: "the console's address as people reach it: the link to the alarm in every notification",
  },
  NOTIFY_RETRY_LIMIT: {
    kind: 'int',
    default: '6',
    min: 0,
    max: 50,
    meaning: 'how many times a failed notification is tried again',
  },
  NOTIFY_RETRY_DELAY_SECONDS: {
    kind: 'int',
    default: '20',
    min: 1,
    max: 86400,
    meaning: 'the first retry of a failed notification comes after about this; each next one waits twice as long',
  },
  NOTIFY_TIMEOUT_MS: {
    kind: 'int',
    default: '10000',
    min: 100,
    max: 120000,
    meaning: 'how long one attempt to send a notification (SMTP or a bot) may take before it counts as failed',
  },
  NOTIFY_PAUSE_AFTER: {
    kind: 'int',
    default: '10',
    min: 1,
    max: 10000,
    meaning:
      'failed notification attempts in a row after which the channel is paused (its brand sees why and resumes it)',
  },
  PAYMENT_SANDBOX_FAIL: {
    kind: 'enum',
    choices: ['refund'],
    meaning: '`refund`: the sandbox payment gateway fails every refund (to show the exception path)',
  },
} as const satisfies Record<string, Setting>;

export type SettingName = keyof typeof SETTINGS;

type ValueOf<S> = S extends { kind: 'int' | 'number' } ? number : S extends { kind: 'bool' } ? boolean : string;
type HasDefault<S> = S extends { default: string } ? true : false;
export type Config = {
  [K in SettingName]: HasDefault<(typeof SETTINGS)[K]> extends true
    ? ValueOf<(typeof SETTINGS)[K]>
    : ValueOf<(typeof SETTINGS)[K]> | undefined;
};

const TRUE = ['1', 'true', 'on', 'yes'];
const FALSE = ['0', 'false', 'off', 'no'];

/** The value of one setting from its text, or a sentence saying what is wrong with it. */
function parse(name: string, s: Setting, text: string): { value: unknown } | { error: string } {
  switch (s.kind) {
    case 'string':
      return { value: text };
    case 'bool':
      if (TRUE.includes(text.toLowerCase())) return { value: true };
      if (FALSE.includes(text.toLowerCase())) return { value: false };
      return { error: `${name}=${JSON.stringify(text)}: expected 1 or 0 (on/off, true/false)` };
    case 'int':
    case 'number': {
      const n = Number(text);
      const whole = s.kind === 'int';
      if (!/^-?\d+(\.\d+)?$/.test(text) || !Number.isFinite(n) || (whole && !Number.isInteger(n))) {
        return { error: `${name}=${JSON.stringify(text)}: expected ${whole ? 'a whole number' : 'a number'}` };
      }
      if ((s.min !== undefined && n < s.min) || (s.max !== undefined && n > s.max)) {
        return { error: `${name}=${text}: expected between ${s.min} and ${s.max}` };
      }
      return { value: n };
    }
    case 'url': {
      let u: URL;
      try {
        u = new URL(text);
      } catch {
        return { error: `${name}: not a URL` };
      }
      if (s.protocols && !s.protocols.includes(u.protocol))
        return { error: `${name}: expected a ${s.protocols.join(' or ')}// URL` };
      return { value: text };
    }
    case 'enum':
      if (s.choices?.includes(text)) return { value: text };
      return { error: `${name}=${JSON.stringify(text)}: expected one of ${s.choices?.join(', ')}` };
  }
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration: ${problems.join('; ')}`);
  }
}

/** Rules between settings, each a sentence when broken. */
function crossChecks(c: Config): string[] {
  const out: string[] = [];
  if (c.S3_BUCKET && (!c.S3_ACCESS_KEY_ID || !c.S3_SECRET_ACCESS_KEY))
    out.push('S3_BUCKET is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are needed too');
  if (c.METRICS_PORT !== undefined && c.METRICS_PORT === c.PORT) out.push('METRICS_PORT must differ from PORT');
  if (c.PASSWORD_HASH_COST === 'scan' && c.NODE_ENV === 'production')
    out.push('PASSWORD_HASH_COST=scan is for the SQL injection scan: a production server hashes at `owasp`');
  if (c.WEBHOOK_ALLOW_LOCAL && c.NODE_ENV === 'production')
    out.push(
      'WEBHOOK_ALLOW_LOCAL=1 is for tests and development: a production server sends webhooks over HTTPS to public addresses only',
    );
  return out;
}

/**
 * Every setting from the environment, checked. Throws a ConfigError naming every bad variable at once;
 * the server calls this first thing (`main()`), so a bad value never gets as far as a half-started process.
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const out: Record<string, unknown> = {};
  for (const [name, s] of Object.entries(SETTINGS) as Array<[string, Setting]>) {
    const raw = env[name];
    const text = raw === undefined || raw === '' ? s.default : raw.trim();
    if (text === undefined) continue;
    const r = parse(name, s, text);
    if ('error' in r) problems.push(r.error);
    else out[name] = r.value;
  }
  const config = out as Config;
  problems.push(...crossChecks(config));
  if (problems.length) throw new ConfigError(problems);
  return config;
}

/** One setting, read now (for values a running process looks up where it uses them); `readConfig` checked them all at start. */
export function setting<K extends SettingName>(name: K, env: NodeJS.ProcessEnv = process.env): Config[K] {
  const s: Setting = SETTINGS[name];
  const raw = env[name];
  const text = raw === undefined || raw === '' ? s.default : raw.trim();
  if (text === undefined) return undefined as Config[K];
  const r = parse(name, s, text);
  if ('error' in r) throw new ConfigError([r.error]);
  return r.value as Config[K];
}

/** README's configuration table, made from the declarations. */
export function configTable(): string {
  const rows = (Object.entries(SETTINGS) as Array<[string, Setting]>).map(([name, s]) => {
    const def = s.defaultText ?? (s.default !== undefined ? `\`${s.default}\`` : '—');
    return `| \`${name}\` | ${s.kind === 'enum' ? s.choices!.map((c) => `\`${c}\``).join(' / ') : s.kind} | ${def} | ${s.meaning} |`;
  });
  return ['| variable | type | default | meaning |', '|---|---|---|---|', ...rows].join('\n');
}
