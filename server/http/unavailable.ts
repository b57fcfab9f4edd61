// The database being away (stopped, restarting, unreachable, the pool waiting past its time-out) is not a
// bug in the request: it is answered 503 with a translated message and a Retry-After, and the next request
// tries again (pg's pool opens new connections by itself once the database is back).
import { ApiError } from './errors';

/** SQLSTATE classes and codes meaning the server went away or is not taking connections yet. */
const PG_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
const NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** pg and its pool say these in words only */
const MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error/,
  /^Connection closed/,
];

export function databaseUnavailable(err: unknown): ApiError | undefined {
  if (!err || typeof err !== 'object') return undefined;
  const e = err as { code?: unknown; message?: unknown; errors?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';
  const down =
    PG_CODES.has(code) ||
    code.startsWith('08') ||
    NODE_CODES.has(code) ||
    MESSAGES.some((m) => m.test(message)) ||
    // node's connect() to several addresses fails with an AggregateError of ECONNREFUSEDs
    (Array.isArray(e.errors) && e.errors.some((x) => databaseUnavailable(x)));
  return down ? new ApiError(503, 'vf.ops.error.database_unavailable') : undefined;
}
