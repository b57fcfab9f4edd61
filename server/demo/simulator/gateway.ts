// The robots' side of the API as a virtual robot speaks it: X-Device-Id + X-Device-Key on /api/device-gateway.
// The robot vendors' reference client, so it is written against the published document: each call's path, body
// and answer are typed from the types openapi-typescript makes of it (./api.gen.d.ts, written by `npm run openapi`
// before every typecheck, never committed). A change to the robots' API that the document does not show fails
// `npm run typecheck` here (docs/api.md, "The document's own checks").
import type { paths } from './api.gen';

/** The gateway's operations by their path under /api/device-gateway/ (`heartbeat`, `order/pay`). */
type GatewayPaths = {
  [P in keyof paths as P extends `/api/device-gateway/${infer Rest}` ? Rest : never]: paths[P];
};
export type GatewayPath = keyof GatewayPaths;
type Verb = 'GET' | 'POST';
type OperationOf<P extends GatewayPath, M extends Verb> = NonNullable<GatewayPaths[P][Lowercase<M>]>;
/** The methods a path documents. */
type VerbOf<P extends GatewayPath> = { [M in Verb]: [OperationOf<P, M>] extends [never] ? never : M }[Verb];
/** What a call sends: its documented JSON body. */
type BodyOf<O> = O extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
/** What a call answers: the `data` of its documented 200. */
type DataOf<O> = O extends { responses: { 200: { content: { 'application/json': { data: infer D } } } } } ? D : never;
/** The body of a gateway call, as the document says (`GatewayBody<'notify'>['code']`: a notification code). */
export type GatewayBody<P extends GatewayPath, M extends VerbOf<P> = VerbOf<P>> = BodyOf<OperationOf<P, M>>;
/** The `data` a gateway call answers, as the document says. */
export type GatewayData<P extends GatewayPath, M extends VerbOf<P> = VerbOf<P>> = DataOf<OperationOf<P, M>>;
export interface RobotIdentity {
  device_id: string;
  key: string;
  /** what the console calls it, for the simulator's own log */
  name: string;
}

/** One call as the robot saw it: what it asked, when it sent it (performance.now()), how long the answer took. */
export interface CallRecord {
  robot: RobotIdentity;
  path: string;
  sentAt: number;
  ms: number;
  status: number;
  ok: boolean;
  data?: Record<string, unknown>;
}

export class GatewayError extends Error {
  constructor(
    public status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * `baseUrl` may be a function: a new server for every call, as a load balancer spreads a fleet over
 * processes. `observe` is told of every call (the fleet bench measures acknowledgements and event lag).
 */
export function gateway(baseUrl: string | (() => string), robot: RobotIdentity, observe?: (call: CallRecord) => void) {
  const base = () => (typeof baseUrl === 'string' ? baseUrl : baseUrl());
  const headers = { 'X-Device-Id': robot.device_id, 'X-Device-Key': robot.key, 'Accept-Language': 'en' };
  /** A file the console hands a robot by its path (a firmware image, docs/campaigns.md): its bytes, from `from`
   * on (a `Range` request resumes an interrupted download). */
  async function file(url: string, from = 0): Promise<Buffer> {
    const res = await fetch(`${base()}${url}`, {
      headers: { ...headers, ...(from ? { Range: `bytes=${from}-` } : {}) },
      signal: AbortSignal.timeout(60_000),
    });
    if (!res.ok) throw new GatewayError(res.status, `HTTP ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  }
  return Object.assign(call, { file });
  async function call<P extends GatewayPath, M extends VerbOf<P>>(
    method: M,
    path: P,
    body?: BodyOf<OperationOf<P, M>>,
  ): Promise<DataOf<OperationOf<P, M>>> {
    type T = DataOf<OperationOf<P, M>>;
    const sentAt = performance.now();
    const res = await fetch(`${base()}/api/device-gateway/${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    }).catch((e: unknown) => {
      // no answer at all (refused, reset, timed out) counts as a failed call too
      observe?.({ robot, path, sentAt, ms: performance.now() - sentAt, status: 0, ok: false });
      throw e;
    });
    const json = (await res.json().catch(() => ({}))) as { code?: number; data?: T; message?: string };
    observe?.({
      robot,
      path,
      sentAt,
      ms: performance.now() - sentAt,
      status: res.status,
      ok: res.ok && json.code === 0,
      data: json.data as Record<string, unknown> | undefined,
    });
    if (!res.ok || json.code !== 0) throw new GatewayError(res.status, json.message ?? `HTTP ${res.status}`);
    return json.data as T;
  }
}
export type Gateway = ReturnType<typeof gateway>;
