// Passwords are hashed with argon2id at OWASP's baseline (m = 19 MiB, t = 2, p = 1) by @node-rs/argon2,
// which runs off the event loop and ships prebuilt binaries. Hashes made before it (scrypt$N$r$p$salt$hash,
// from Node's crypto) still verify, and `needsRehash` tells sign-in to replace them.
import { scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

const ARGON2 = {
  algorithm: 2 /* Algorithm.Argon2id: a const enum, not importable here */,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
} as const;
/** The parameter string of a current hash: anything else is rehashed at the next sign-in. */
const CURRENT = `$argon2id$v=19$m=${ARGON2.memoryCost},t=${ARGON2.timeCost},p=${ARGON2.parallelism}$`;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2);

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
export const needsRehash = (stored: string) => !stored.startsWith(CURRENT);

/** A hash to compare against when the account does not exist, so timing does not tell names apart. */
export const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
