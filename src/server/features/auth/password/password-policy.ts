import { readFileSync } from 'node:fs';
import { AppError } from '../../../errors.ts';

const MIN_PASSWORD_LENGTH = 12;
const MAX_PASSWORD_LENGTH = 256;

let common: ReadonlySet<string> | undefined;

/**
 * The bundled list of common passwords (decision 094): the 10,000 most common of the ranked list
 * in `@zxcvbn-ts/language-common` 4.1.3 (MIT), plus every longer entry of that list that the length
 * rule alone would let through; lower-cased, one a line.
 */
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter(Boolean),
  );
  return common;
}

/**
 * The rules a new password must meet; throws 400 `weak_password` naming the rule it breaks. NIST
 * SP 800-63B §5.1.1.2: a minimum length and a check against passwords known to be common or
 * breached, no composition rules.
 */
export function checkNewPassword(password: string, email: string): void {
  const weak = (message: string) => new AppError(400, 'weak_password', message);
  if ([...password].length < MIN_PASSWORD_LENGTH)
    throw weak(`password: must be at least ${MIN_PASSWORD_LENGTH} characters long.`);
  if (password.length > MAX_PASSWORD_LENGTH)
    throw weak(`password: must be at most ${MAX_PASSWORD_LENGTH} characters long.`);
  const lowered = password.toLowerCase();
  if (commonPasswords().has(lowered))
    throw weak('password: is one of the most common passwords; choose one that is harder to guess.');
  if (lowered === email.toLowerCase() || lowered === email.split('@')[0]?.toLowerCase())
    throw weak('password: must not be your e-mail address.');
}
