// The robots' side of the API as a virtual robot speaks it: X-Device-Id + X-Device-Key on /api/device-gateway.
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
  return async function call<T = Record<string, unknown>>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<T> {
    const sentAt = performance.now();
    const res = await fetch(`${typeof baseUrl === 'string' ? baseUrl : baseUrl()}/api/device-gateway/${path}`, {
      method,
      headers: {
        'X-Device-Id': robot.device_id,
        'X-Device-Key': robot.key,
        'Accept-Language': 'en',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
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
  };
}
export type Gateway = ReturnType<typeof gateway>;
