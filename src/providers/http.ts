// Every call to /api: the session cookie (sent by the browser) with the CSRF header, the user's language, a
// 20-second time-out, the envelope unwrapped.
import { HttpError } from 'react-admin';
import { raiseSessionExpired } from './sessionExpired';
import type { Lang } from '../../resources/accounts';
import { CSRF_HEADER } from '../../resources/session';

export const REQUEST_TIMEOUT_MS = 20_000;

let lang: Lang = 'zh';
let translate: (key: string) => string = (k) => k;
/** '' in the browser (same origin); an absolute origin when the API lives elsewhere (tests, tools). */
let baseUrl = '';
export function configureHttp(l: Lang, t: (key: string) => string, base = '') {
  lang = l;
  translate = t;
  baseUrl = base;
}

export interface CallOptions {
  /** a 401 here is a wrong password, not an expired session */
  anonymous?: boolean;
  /** the log-out call itself: it goes out after every other call was stopped (see endCalls) */
  last?: boolean;
}

/** Calls under way, so that log-out can stop them. */
const inflight = new Set<AbortController>();
let ended = false;
const endListeners = new Set<() => void>();

/**
 * Log-out has begun and the page is about to be left: calls under way are stopped and none goes out any
 * more, so nothing reaches the server with the session being ended, and no late 401 opens the
 * "Login has expired" dialog on the way out. (Without this, lists refetching while the page unloaded kept
 * calling with the revoked session, and their 401s sent react-admin round /login hundreds of times.)
 */
export function endCalls() {
  ended = true;
  for (const c of inflight) c.abort();
  endListeners.forEach((l) => l());
}

/** Listens for endCalls (the live event stream closes then). */
export function onCallsEnded(l: () => void): () => void {
  endListeners.add(l);
  return () => endListeners.delete(l);
}

/** A call that will never answer: the page it was made for is being left. */
const never = <T>() => new Promise<T>(() => undefined);

export async function api<T = unknown>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  opts: CallOptions = {},
): Promise<T> {
  if (ended && !opts.last) return never();
  const controller = new AbortController();
  inflight.add(controller);
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const headers: Record<string, string> = { 'Accept-Language': lang, [CSRF_HEADER]: '1' };
  // A FormData body (an upload) sets its own multipart content type.
  const form = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : form ? (body as FormData) : JSON.stringify(body),
      signal: controller.signal,
    });
  } catch (e) {
    if (ended && !opts.last) return never();
    const aborted = (e as Error).name === 'AbortError';
    throw new HttpError(translate(aborted ? 'vf.error.timeout' : 'vf.error.network'), aborted ? 408 : 0);
  } finally {
    clearTimeout(timer);
    inflight.delete(controller);
  }
  let json: { code?: number; data?: T; message?: string; errors?: Record<string, string> } | undefined;
  try {
    json = await res.json();
  } catch {
    json = undefined;
  }
  if (ended && !opts.last) return never();
  if (res.status === 401 && !opts.anonymous) raiseSessionExpired();
  if (!res.ok || !json || json.code !== 0) {
    const message = json?.message ?? translate('vf.error.server');
    // react-admin shows body.errors under the matching form inputs.
    throw new HttpError(message, res.status, json?.errors ? { errors: json.errors } : json);
  }
  return json.data as T;
}

/**
 * A call whose answer is a file, not the JSON envelope (a list export): the same session and language, no
 * time-out (a long file keeps arriving; `signal` cancels it), the body read by the caller as it arrives.
 * A refusal still comes as the envelope and is thrown like api()'s.
 */
export async function apiStream(path: string, body: unknown, signal: AbortSignal): Promise<Response> {
  const headers: Record<string, string> = {
    'Accept-Language': lang,
    'Content-Type': 'application/json',
    [CSRF_HEADER]: '1',
  };
  let res: Response;
  try {
    res = await fetch(`${baseUrl}/api${path}`, { method: 'POST', headers, body: JSON.stringify(body), signal });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new HttpError(translate('vf.error.network'), 0);
  }
  if (res.ok) return res;
  if (res.status === 401) raiseSessionExpired();
  const json = (await res.json().catch(() => undefined)) as { message?: string } | undefined;
  throw new HttpError(json?.message ?? translate('vf.error.server'), res.status, json);
}

/** A file the server makes on a GET (an import's template): the same session and language; refusals thrown as api()'s. */
export async function apiFile(path: string): Promise<Blob> {
  const res = await fetch(`${baseUrl}/api${path}`, { headers: { 'Accept-Language': lang, [CSRF_HEADER]: '1' } });
  if (res.ok) return res.blob();
  if (res.status === 401) raiseSessionExpired();
  const json = (await res.json().catch(() => undefined)) as { message?: string } | undefined;
  throw new HttpError(json?.message ?? translate('vf.error.server'), res.status, json);
}
