// Codes and secrets the service makes up: below the features, because the demo data (server/db/seed/) makes
// them as the features do.
import { randomBytes, randomInt } from 'node:crypto';
import { LECODE_PREFIX, lecodeCheck } from '../resources/lecode';

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const DIGITS = '23456789';
const pick = (s: string) => s[randomInt(s.length)];

/** docs/rules.md, Constants: prefix, two upper-case, two lower-case and two digits shuffled, then the check suffix. */
export function newLecode(): string {
  const chars = [pick(UPPER), pick(UPPER), pick(LOWER), pick(LOWER), pick(DIGITS), pick(DIGITS)];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  const middle = chars.join('');
  return `${LECODE_PREFIX}${middle}${lecodeCheck(middle)}`;
}

/** A webhook endpoint's signing secret (docs/api.md, Webhooks): 32 random bytes, prefixed so that a leaked one is
 * recognisable in logs and secret scanners. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;
