// Passwords are hashed with argon2id at OWASP's baseline (m = 19 MiB, t = 2, p = 1) by @node-rs/argon2,
// which runs off the event loop and ships prebuilt binaries. Hashes made before it (scrypt$N$r$p$salt$hash,
// from Node's crypto) still verify, and `needsRehash` tells sign-in to replace them.
import { scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { setting } from '../config';

/** OWASP's baseline; `scan` the least argon2id takes, for `npm run sqlmap`'s throw-away server only (its sign-in
 * target verifies one hash per probe: thousands of them, each no different to SQL), refused in production. */
const COSTS = {
  owasp: { memoryCost: 19 * 1024, timeCost: 2 },
  scan: { memoryCost: 64, timeCost: 1 },
} as const;

const argon2 = () => ({
  algorithm: 2 /* Algorithm.Argon2id: a const enum, not importable here */,
  ...COSTS[setting('PASSWORD_HASH_COST') as keyof typeof COSTS],
  parallelism: 1,
});
/** The parameter string of a current hash: anything else is rehashed at the next sign-in. */
const current = ({ memoryCost, timeCost, parallelism } = argon2()) =>
  `$argon2id$v=19$m=${memoryCost},t=${timeCost},p=${parallelism}$`;

export const hashPassword = (password: string): Promise<string> => hash(password, argon2());

function scryptDerive(password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, keylen, { ...opts, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, salt, digest] = stored.split('$');
  const N = Number(n);
  // Only the parameters this service ever wrote: a stored string is not a way to ask for any work at all.
  if (!digest || !Number.isInteger(N) || N < 1024 || N > 1 << 17 || r !== '8' || p !== '1') return false;
  const expected = Buffer.from(digest, 'base64');
  const key = await scryptDerive(password, Buffer.from(salt, 'base64'), expected.length || 32, { N, r: 8, p: 1 });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('scrypt$')) return verifyScrypt(password, stored);
  if (!stored.startsWith('$argon2')) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** Whether a stored hash is older or weaker than today's parameters. */
export const needsRehash = (stored: string) => !stored.startsWith(current());

/** A hash to compare against when the account does not exist, so timing does not tell names apart: at today's
 * parameters, so it costs what a real one does. */
export const dummyHash = () => `${current()}AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;
