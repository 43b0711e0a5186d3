/**
 * Built-in accounts (issue #38, decision 094): a password account is a `users` row with this
 * issuer and its lower-cased e-mail as subject, so the (issuer, subject) key keeps one account per
 * address and every other part of the app (teams, sessions, invitations) treats it like an OIDC user.
 */
export const PASSWORD_ISSUER = 'upside:password';

export const accountKey = (email: string) => email.trim().toLowerCase();

/** "Ada Lovelace" → first name "Ada", last name "Lovelace". */
function splitName(name: string): { firstName: string; lastName: string | null } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.length > 0 ? rest.join(' ') : null };
}

export function passwordIdentity(email: string, name: string) {
  return {
    issuer: PASSWORD_ISSUER,
    subject: accountKey(email),
    email: accountKey(email),
    ...splitName(name),
    profileImageUrl: null,
  };
}
