import { createHash, randomBytes } from 'node:crypto';

/**
 * The form of an API token: `upside_` and 32 random bytes in base64url (43 characters), so
 * secret scanners can recognise one. Only its SHA-256 is stored (decision 019).
 */
const PREFIX = 'upside_';
const WELL_FORMED = /^upside_[A-Za-z0-9_-]{43}$/;
/** How much of the token the list shows: the prefix and four characters of the secret. */
const SHOWN_LENGTH = PREFIX.length + 4;

export function newApiTokenSecret(): { token: string; hash: string; shown: string } {
  const token = `${PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashApiToken(token), shown: token.slice(0, SHOWN_LENGTH) };
}

export function hashApiToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function isWellFormedApiToken(token: string): boolean {
  return WELL_FORMED.test(token);
}
