import { hash, randomBytes, randomInt } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { Algorithm } from '@node-rs/argon2';
import { hashThreads } from './hash-threads';

/** A session or link token: 256 random bits, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');

/** A 6-digit code, uniformly drawn. */
export const newCode = () => randomInt(0, 1_000_000).toString().padStart(6, '0');

/** Tokens and codes are stored as SHA-256 hashes; they are random, so no salt or slow hash is needed. */
export const hashSecret = (secret: string) => hash('sha256', secret, 'hex');

/** `Algorithm.Argon2id`, a const enum the package declares (its members cannot be read under isolated modules). */
const ARGON2ID = 2 as Algorithm;

/**
 * argon2id at one of OWASP's equal settings (12 MiB, 3 passes, 1 lane; decision 120), computed by
 * RustCrypto's argon2 (`@node-rs/argon2`, on hashing threads of a raised priority: decision 129) with
 * AVX2 where the CPU has it (decision 117). OWASP lists 19 MiB and 2 passes, 12 MiB and 3, 9 MiB and 4
 * as giving the same defence; of them 12 MiB and 3 passes fits a server CPU's cache where 19 MiB does
 * not: 8.6 ms of a core a check on the bench's machine against 15.2 for 19 MiB and 2. A hash is a PHC
 * string carrying its own settings, so hashes stored at 19 MiB still check, at their own cost.
 */
const ARGON2 = { algorithm: ARGON2ID, memoryCost: 12_288, timeCost: 3, parallelism: 1 } as const;

/**
 * A limit on work run at once: at most `slots` at a time, the others waiting their turn in order; a slot
 * is handed straight to the next in line when one ends, whether it succeeded or failed.
 */
export function slotsOf(slots: number) {
  let busy = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (busy < slots) busy++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else busy--;
    }
  };
}

/** Password hashing runs on one core fewer than the machine has (at least one). */
const HASH_SLOTS = Math.max(1, availableParallelism() - 1);

/**
 * An argon2 hash takes milliseconds of a core, and a burst of sign-ins or sign-ups would otherwise take
 * every core from the pages being served (issue 39, the evening's p99; and a flood of sign-ins cannot
 * stall the studio). Every hash and check waits here alike, a known address's or not, so the wait tells
 * nothing. Each slot hashes on a thread of its own at a raised priority (decision 129): a person waits on
 * every hash, and it takes its core ahead of the pages instead of a share of it.
 */
const inHashSlot = slotsOf(HASH_SLOTS);
const threads = hashThreads(HASH_SLOTS);

export const hashPassword = (password: string) => inHashSlot(() => threads.hash(password, ARGON2));

/**
 * How the hashing threads run, for the server's first lines: how many, and whether their priority was
 * raised (or why not: an error code such as EACCES without the right to, 'not linux').
 */
export async function hashingThreads(): Promise<{ count: number; priority: string }> {
  return { count: HASH_SLOTS, priority: await threads.priority() };
}

/**
 * Where every password check meets argon2: an object so that a test can count the checks (each failing
 * sign-in must cost exactly one, whatever the reason it fails), not time them.
 */
export const argon2Checks = {
  verify: (hash: string, password: string): Promise<boolean> =>
    inHashSlot(() => threads.verify(hash, password)),
};

/** The settings a PHC string of argon2 carries: its variant, version, memory, passes and lanes. */
const SETTINGS = /^\$(argon2(?:id|i|d))\$v=(\d+)\$([^$]+)\$/;

/** What `hashPassword` writes of its settings, as `SETTINGS` reads them (parameters in any order). */
const CURRENT_SETTINGS = `argon2id v=19 m=${ARGON2.memoryCost},p=${ARGON2.parallelism},t=${ARGON2.timeCost}`;

/**
 * Whether a hash that just checked was made with other settings than `hashPassword`'s (before decision
 * 120: 19 MiB and 2 passes): the sign-in that checked it stores a new one, so that every person who signs
 * in again is checked at today's cost. False for what is not argon2's.
 */
export function needsRehash(hash: string): boolean {
  const found = SETTINGS.exec(hash);
  if (!found) return false;
  const params = found[3]!.split(',').sort().join(',');
  return `${found[1]} v=${found[2]} ${params}` !== CURRENT_SETTINGS;
}

/** What hashPassword makes: a PHC string of argon2 (`$argon2id$v=19$m=…`). */
const ARGON2_HASH = /^\$argon2(?:id|i|d)\$/;

/**
 * A hash of a password nobody has, made once with the same cost as a real one, and begun as soon as
 * the server loads so that the first unknown address is not the slow one.
 */
const decoy = hashPassword(newToken());

/**
 * Checks a password against a stored hash, in the time of one argon2 verification whatever the hash
 * holds. A row whose hash is not argon2's (an address only invited: `!invited`, which no password
 * matches) is checked against the decoy instead: argon2 would refuse it at once, and an answer ten
 * times faster would tell an outsider the address is known.
 */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  if (!ARGON2_HASH.test(hash)) return verifyDecoy(password);
  try {
    return await argon2Checks.verify(hash, password);
  } catch {
    // A malformed hash is refused before any work: the decoy keeps its cost.
    return verifyDecoy(password);
  }
}

/**
 * Verifies the password against the decoy and answers false: for an unknown address, so that a wrong
 * address takes as long as a wrong password and the answer time does not reveal which addresses exist.
 */
export async function verifyDecoy(password: string): Promise<false> {
  await argon2Checks.verify(await decoy, password).catch(() => false);
  return false;
}
