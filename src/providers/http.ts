// Every call to /api: bearer token, the user's language, a 20-second time-out, the envelope unwrapped.
import { HttpError } from 'react-admin';
import { getToken } from './session';
import { raiseSessionExpired } from './sessionExpired';
import type { Lang } from '../../resources/accounts';

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
}

export async function api<T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown, opts: CallOptions = {}): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const headers: Record<string, string> = { 'Accept-Language': lang };
  const token = getToken();
  if (token && !opts.anonymous) headers.Authorization = `Bearer ${token}`;
  // A FormData body (an upload) sets its own multipart content type.
  const form = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`${baseUrl}/api${path}`, { method, headers, body: body === undefined ? undefined : form ? (body as FormData) : JSON.stringify(body), signal: controller.signal });
  } catch (e) {
    const aborted = (e as Error).name === 'AbortError';
    throw new HttpError(translate(aborted ? 'vf.error.timeout' : 'vf.error.network'), aborted ? 408 : 0);
  } finally {
    clearTimeout(timer);
  }
  let json: { code?: number; data?: T; message?: string; errors?: Record<string, string> } | undefined;
  try {
    json = await res.json();
  } catch {
    json = undefined;
  }
  if (res.status === 401 && !opts.anonymous) raiseSessionExpired();
  if (!res.ok || !json || json.code !== 0) {
    const message = json?.message ?? translate('vf.error.server');
    // react-admin shows body.errors under the matching form inputs.
    throw new HttpError(message, res.status, json?.errors ? { errors: json.errors } : json);
  }
  return json.data as T;
}

/**
 * A call whose answer is a file, not the JSON envelope (a list export): the same token and language, no
 * time-out (a long file keeps arriving; `signal` cancels it), the body read by the caller as it arrives.
 * A refusal still comes as the envelope and is thrown like api()'s.
 */
export async function apiStream(path: string, body: unknown, signal: AbortSignal): Promise<Response> {
  const headers: Record<string, string> = { 'Accept-Language': lang, 'Content-Type': 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
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
