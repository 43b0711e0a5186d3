import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * Signed one-click unsubscribe links (issue #14): the token names the workspace and the recipient
 * ('user:<id>' or 'channel:<id>') and carries an HMAC-SHA256 under a key derived from the session
 * secret, so a link cannot be edited to unsubscribe someone else; a tampered token is refused.
 */

const PayloadSchema = z.object({ w: z.uuid(), r: z.string().regex(/^(user|channel):[0-9a-f-]{36}$/) });
export type UnsubscribeTarget = { workspaceId: string; recipient: string };

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`upside-unsubscribe:v1:${payload}`).digest('base64url');

export function createUnsubscribeToken(secret: string, target: UnsubscribeTarget): string {
  const payload = Buffer.from(JSON.stringify({ w: target.workspaceId, r: target.recipient })).toString(
    'base64url',
  );
  return `${payload}.${sign(secret, payload)}`;
}

/** The target of a genuine token; null when the token was altered, truncated or malformed. */
export function verifyUnsubscribeToken(secret: string, token: string): UnsubscribeTarget | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const parsed = PayloadSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    return parsed.success ? { workspaceId: parsed.data.w, recipient: parsed.data.r } : null;
  } catch {
    return null;
  }
}
