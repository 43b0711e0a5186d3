import * as argon2 from '@node-rs/argon2';

/**
 * The package's `Algorithm.Argon2id` and `Version.V0x13` (RFC 9106's 0x13), written as their values:
 * they are ambient `const enum`s, which this project's `isolatedModules` build cannot read.
 */
const ARGON2ID = 2 as argon2.Algorithm;
const VERSION_0X13 = 1 as argon2.Version;

/**
 * Password hashing (decision 094): argon2id (RFC 9106) through `@node-rs/argon2`, which ships prebuilt
 * binaries, so nothing is compiled at install (decision 242). 64 MiB, 3 passes, one lane — RFC 9106's
 * second recommended option (§4, with one lane): this library hashes decision 094's 46 MiB × 2 in ~30 ms
 * of CPU, under the goal of ≥ 50 ms per hash, while a sign-in stays under 300 ms
 * (`bench/auth-password.bench.ts` prints both). The PHC string keeps the parameters, so older hashes
 * (also those the `argon2` package wrote before) still verify and `needsRehash` upgrades them at the
 * next sign-in.
 */
export const PASSWORD_HASH_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 64 * 1024,
  timeCost: 3,
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
  try {
    const made = argon2.parseOptions(hash);
    return (
      made.algorithm !== PASSWORD_HASH_OPTIONS.algorithm ||
      made.version !== VERSION_0X13 ||
      made.memoryCost !== PASSWORD_HASH_OPTIONS.memoryCost ||
      made.timeCost !== PASSWORD_HASH_OPTIONS.timeCost ||
      made.parallelism !== PASSWORD_HASH_OPTIONS.parallelism
    );
  } catch {
    return true;
  }
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
