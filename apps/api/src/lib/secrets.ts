import { hash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import argon2 from 'argon2';

/** A session or link token: 256 random bits, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');

/** A 6-digit code, uniformly drawn. */
export const newCode = () => randomInt(0, 1_000_000).toString().padStart(6, '0');

/** Tokens and codes are stored as SHA-256 hashes; they are random, so no salt or slow hash is needed. */
export const hashSecret = (secret: string) => hash('sha256', secret, 'hex');

export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane).
const ARGON2 = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, ARGON2);

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a password nobody has, verified when the address is unknown so that a wrong address takes
 * as long as a wrong password and the answer time does not reveal which addresses exist.
 */
let decoy: Promise<string> | null = null;
export async function verifyDecoy(password: string): Promise<false> {
  decoy ??= hashPassword(newToken());
  await verifyPassword(await decoy, password);
  return false;
}
