import { createHash, randomBytes } from 'node:crypto';

/** How long an invitation link can be accepted. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * An invitation's secret (decision 055): 32 random bytes, base64url, in the link only; the
 * database keeps its SHA-256, so a database reader cannot accept anyone's invitation.
 */
export function newInvitationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashInvitationToken(token) };
}

export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The invitation's url: opened in a browser it leads through sign-in to the app's invitation page
 * (`/invitations/<token>`); read as JSON it is the preview; `POST <url>/accept` accepts.
 */
export const invitationUrl = (publicUrl: string, token: string) => `${publicUrl}/api/invitations/${token}`;
