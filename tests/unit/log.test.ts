// @vitest-environment node
// Logs for people and for machines (server/http/log.ts): JSON lines in production or with LOG_FORMAT=json,
// short readable lines otherwise; robots' successful gateway calls and probes below the default level, their
// failures and everything else shown.
import Fastify from 'fastify';
import { logOptions, prettyLine } from '../../server/http/log';

const SETTINGS = ['NODE_ENV', 'LOG_FORMAT', 'LOG_LEVEL'] as const;
const saved = Object.fromEntries(SETTINGS.map((k) => [k, process.env[k]]));
afterEach(() => {
  for (const k of SETTINGS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

/** What a server with these settings logs for these calls, line by line. */
async function logged(
  env: Partial<Record<(typeof SETTINGS)[number], string>>,
  calls: [string, string][],
): Promise<string[]> {
  for (const k of SETTINGS) delete process.env[k];
  Object.assign(process.env, env);
  const lines: string[] = [];
  const app = Fastify(logOptions(true, { write: (s: string) => lines.push(s) }));
  app.post('/api/device-gateway/heartbeat', async (req, reply) =>
    reply.code(req.headers['x-device-key'] === 'ok' ? 200 : 401).send({}),
  );
  app.get('/api/health/ready', async () => ({ ok: true }));
  app.post('/api/order/list', async () => ({ list: [] }));
  app.get('/api/boom', async () => {
    throw new Error('boom');
  });
  for (const [method, url] of calls) {
    const [path, key] = url.split('#');
    await app.inject({ method: method as 'GET', url: path, headers: key ? { 'x-device-key': key } : {} });
  }
  await app.close();
  return lines.join('').trimEnd().split('\n');
}

const CALLS: [string, string][] = [
  ['POST', '/api/device-gateway/heartbeat#ok'],
  ['GET', '/api/health/ready'],
  ['POST', '/api/device-gateway/heartbeat#wrong'],
  ['POST', '/api/order/list'],
];

it('prints one readable line per request in development, robots and probes only when they fail', async () => {
  const lines = await logged({ NODE_ENV: 'development' }, CALLS);
  expect(lines.map((l) => l.replace(/^\d\d:\d\d:\d\d /, '').replace(/ \d+ ms$/, ''))).toEqual([
    'INFO  POST /api/device-gateway/heartbeat 401',
    'INFO  POST /api/order/list 200',
  ]);
});

it('writes JSON lines in production, and with LOG_FORMAT=json anywhere; LOG_LEVEL=debug shows the routine calls', async () => {
  for (const env of [{ NODE_ENV: 'production' }, { NODE_ENV: 'development', LOG_FORMAT: 'json' }]) {
    const lines = (await logged(env, CALLS)).map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.level, l.req.method, l.req.url, l.res.statusCode])).toEqual([
      [30, 'POST', '/api/device-gateway/heartbeat', 401],
      [30, 'POST', '/api/order/list', 200],
    ]);
    expect(typeof lines[0].responseTime).toBe('number');
  }
  const all = (await logged({ NODE_ENV: 'production', LOG_LEVEL: 'debug' }, CALLS)).map((l) => JSON.parse(l));
  expect(all.map((l) => [l.level, l.req.url])).toEqual([
    [20, '/api/device-gateway/heartbeat'],
    [20, '/api/health/ready'],
    [30, '/api/device-gateway/heartbeat'],
    [30, '/api/order/list'],
  ]);
});

it('always shows errors, with their stack, and hides nothing at LOG_LEVEL=warn but warnings and errors', async () => {
  const lines = await logged({ NODE_ENV: 'development', LOG_LEVEL: 'warn' }, [...CALLS, ['GET', '/api/boom']]);
  expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d ERROR /);
  expect(lines.join('\n')).toMatch(/Error: boom\n +at /);
  expect(lines.join('\n')).not.toMatch(/INFO/);
});

it('keeps a line that is not JSON as it is, and shows extra fields', () => {
  expect(prettyLine('plain text\n')).toBe('plain text\n');
  expect(prettyLine(JSON.stringify({ level: 40, time: Date.UTC(2026, 0, 1, 12, 0, 1), msg: 'slow', ms: 12 }))).toMatch(
    /^\d\d:\d\d:\d\d WARN {2}slow ms=12\n$/,
  );
});
