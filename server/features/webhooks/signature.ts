// The signature a receiver checks (docs/api.md, Webhooks): header `VendFleet-Signature: t=<unix seconds>,v1=<hex>`,
// where v1 is HMAC-SHA256 with the endpoint's secret over `<t>.<raw body>`. The timestamp is inside the signed
// string, so a captured delivery cannot be replayed later with a fresh `t`; receivers refuse an old `t`.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { newWebhookSecret } from '../../secrets';

export const SIGNATURE_HEADER = 'VendFleet-Signature';
export const EVENT_HEADER = 'VendFleet-Event';
export const EVENT_ID_HEADER = 'VendFleet-Event-Id';

export { newWebhookSecret };

export function sign(secret: string, body: string, t = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/** The receiver's check, as docs/api.md shows it (tests use it to prove deliveries verify). */
export function verify(
  secret: string,
  body: string,
  header: string | undefined,
  toleranceSeconds = 300,
  now = Date.now() / 1000,
): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(now - t) > toleranceSeconds || !parts.v1) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
  const given = Buffer.from(parts.v1);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
