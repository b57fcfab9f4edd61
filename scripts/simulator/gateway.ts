// The robots' side of the API as a virtual robot speaks it: X-Device-Id + X-Device-Key on /api/device-gateway.
export interface RobotIdentity {
  device_id: string;
  key: string;
  /** what the console calls it, for the simulator's own log */
  name: string;
}

export class GatewayError extends Error {
  constructor(public status: number, message: string) {
    super(message);
  }
}

export function gateway(baseUrl: string, robot: RobotIdentity) {
  return async function call<T = Record<string, unknown>>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${baseUrl}/api/device-gateway/${path}`, {
      method,
      headers: { 'X-Device-Id': robot.device_id, 'X-Device-Key': robot.key, 'Accept-Language': 'en', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    const json = (await res.json().catch(() => ({}))) as { code?: number; data?: T; message?: string };
    if (!res.ok || json.code !== 0) throw new GatewayError(res.status, json.message ?? `HTTP ${res.status}`);
    return json.data as T;
  };
}
export type Gateway = ReturnType<typeof gateway>;
