import argon2 from 'argon2';

/**
 * Password hashing (decision 094): argon2id (RFC 9106) through the `argon2` package with 46 MiB,
 * 2 passes, one lane — OWASP's 46 MiB option with a second pass, because its 19 MiB × 2 took only
 * 27 ms on this project's quiet 2-core machine and the goal is ≥ 50 ms per hash while a sign-in
 * stays under 300 ms (`bench/auth-password.bench.ts` prints both). The PHC string keeps the
 * parameters, so older hashes still verify and `needsRehash` upgrades them at the next sign-in.
 */
export const PASSWORD_HASH_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 46 * 1024,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, PASSWORD_HASH_OPTIONS);
}

/** True when `password` matches `hash`; a malformed hash counts as no match. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** True when `hash` was made with other parameters than today's (rehash after a good sign-in). */
export function needsRehash(hash: string): boolean {
  return argon2.needsRehash(hash, PASSWORD_HASH_OPTIONS);
}

let decoy: Promise<string> | undefined;

/**
 * Spends the time of one verification when there is no account to verify against, so a wrong
 * e-mail answers as slowly as a wrong password (no account discovery by timing).
 */
export async function verifyAgainstDecoy(password: string): Promise<void> {
  decoy ??= hashPassword('upside-decoy-password-never-matches');
  await verifyPassword(await decoy, password);
}
