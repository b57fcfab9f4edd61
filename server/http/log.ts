// The request log, for people and for machines (README, "Configuration": LOG, LOG_FORMAT, LOG_LEVEL).
// - One line per request, written when it is answered (method, path, status and time together), instead of
//   Fastify's two (one when it arrives, one when it is answered, joined only by the request id).
// - The calls nobody reads while they succeed — robots' gateway calls (a fleet beats every few seconds) and
//   health and metrics probes — are `debug`, below the default level; when they fail they are `info`
//   like every other answer, and errors are `error` whatever the route.
// - JSON lines for a log collector (production), or short readable lines for a terminal (development, demo).
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { setting } from '../config';

/** Routes whose successful answers are logged at `debug`: robots' traffic and probes. */
const ROUTINE = /^\/(api\/device-gateway\/|api\/health(\/|$|\?)|metrics(\/|$|\?))/;

class RequestLog extends LogController {
  override incomingRequest() {
    // the answer's line carries the request too
  }

  override requestCompleted(error: Error | null, req: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(req)) return;
    const line = { req, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (reply.statusCode < 400 && ROUTINE.test(req.url)) reply.log.debug(line, 'request completed');
    else reply.log.info(line, 'request completed');
  }
}

/** Fastify's logger and request-log options, from the settings: `false` when LOG=0. `out`: stdout but in tests. */
export function logOptions(
  on: boolean | undefined,
  out: { write(s: string): unknown } = process.stdout,
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  if (!on) return { logger: false };
  const pretty = (setting('LOG_FORMAT') ?? (setting('NODE_ENV') === 'production' ? 'json' : 'pretty')) === 'pretty';
  return {
    logger: {
      level: setting('LOG_LEVEL'),
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      stream: pretty
        ? {
            write: (line: string) =>
              out.write(prettyLine(line, out === process.stdout && process.stdout.isTTY === true)),
          }
        : out,
    },
    logController: new RequestLog(),
  };
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const COLOURS: Record<number, string> = { 20: '\x1b[90m', 40: '\x1b[33m', 50: '\x1b[31m', 60: '\x1b[31m' };
/** what every line has, or what the short form already shows */
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'reqId', 'msg', 'req', 'res', 'responseTime', 'err']);

/** One JSON log line as a person reads it: `12:00:01 INFO  POST /api/auth/signin 200 12 ms`. */
export function prettyLine(json: string, colour = false): string {
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(json);
  } catch {
    return json;
  }
  const level = Number(o.level);
  const time = new Date(Number(o.time)).toTimeString().slice(0, 8);
  const req = o.req as { method?: string; url?: string } | undefined;
  const res = o.res as { statusCode?: number } | undefined;
  let text = String(o.msg ?? '');
  if (req && res) {
    const took = typeof o.responseTime === 'number' ? ` ${Math.round(o.responseTime)} ms` : '';
    text = `${req.method} ${req.url} ${res.statusCode}${took}${o.msg === 'request completed' ? '' : ` ${text}`}`;
  }
  const rest = Object.entries(o).filter(([k]) => !SHOWN.has(k));
  if (rest.length)
    text += ` ${rest.map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`).join(' ')}`;
  const err = o.err as { stack?: string; message?: string } | undefined;
  if (err) text += `\n    ${(err.stack ?? err.message ?? '').split('\n').join('\n    ')}`;
  const name = (LEVELS[level] ?? String(level)).padEnd(5);
  const head = colour && COLOURS[level] ? `${COLOURS[level]}${name}\x1b[0m` : name;
  return `${time} ${head} ${text}\n`;
}
