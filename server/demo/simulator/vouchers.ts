// Voucher write-offs: a customer shows a voucher code at the robot. The codes come from the console (a
// robot cannot list vouchers), read with a console account; without one the simulator writes none off.
import type { Gateway } from './gateway';

export interface Console {
  /** open (CREATED or SOLD) voucher codes of a store */
  openVouchers(dealer: string): Promise<string[]>;
}

export async function signInConsole(baseUrl: string, username: string, password: string): Promise<Console | undefined> {
  const res = await fetch(`${baseUrl}/api/auth/signin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const json = (await res.json().catch(() => ({}))) as { data?: { token?: string } };
  const token = json.data?.token;
  if (!token) return undefined;
  return {
    async openVouchers(dealer) {
      const r = await fetch(`${baseUrl}/api/lecode/list`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ page: 1, pageSize: 20, filter: { dealer, status: ['CREATED', 'SOLD'] } }),
      });
      const j = (await r.json().catch(() => ({}))) as { data?: { list?: Array<{ code: string }> } };
      return (j.data?.list ?? []).map((v) => v.code);
    },
  };
}

/** Writes one open voucher of the store off; false when there is none (or another robot was faster: 409). */
export async function writeOff(call: Gateway, console: Console, dealer: string): Promise<boolean> {
  const codes = await console.openVouchers(dealer);
  if (codes.length === 0) return false;
  try {
    await call('POST', 'lecode/writeoff', { code: codes[Math.floor(Math.random() * codes.length)] });
    return true;
  } catch (e) {
    if ((e as { status?: number }).status === 409) return false;
    throw e;
  }
}
