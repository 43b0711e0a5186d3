import type { AuthUser } from '@shared/contracts/auth.ts';

/** Name shown in the home header (spec §2): first name, else e-mail, else 'User'. Blank strings count as absent. */
export function getDisplayName(user: Pick<AuthUser, 'firstName' | 'email'> | null | undefined): string {
  const firstName = user?.firstName?.trim();
  if (firstName) return firstName;
  const email = user?.email?.trim();
  if (email) return email;
  return 'User';
}

/** Greeting of the home screen (spec §2): 'Welcome back' plus the first name when it is known. */
export function getWelcomeGreeting(user: Pick<AuthUser, 'firstName'> | null | undefined): string {
  const firstName = user?.firstName?.trim();
  return firstName ? `Welcome back, ${firstName}` : 'Welcome back';
}
