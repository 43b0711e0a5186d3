import { type AuthUser, AuthUserSchema } from '@shared/contracts/auth.ts';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '@web/lib/api-request.ts';

export const AUTH_USER_URL = '/api/auth/user';
export const AUTH_USER_QUERY_KEY = [AUTH_USER_URL] as const;

export interface AuthState {
  /** The signed-in user, or null while loading and when signed out. */
  user: AuthUser | null;
  /** True while the first current-user call is pending (spec §4: landing shows meanwhile). */
  isLoading: boolean;
  isAuthenticated: boolean;
}

/**
 * Who is signed in (spec §4): authenticated when GET /api/auth/user returns data; a 401 means signed out
 * (null, not an error); not retried on failure. Any other failure also counts as signed out so the landing
 * page, not a blank screen, is what the visitor sees.
 */
export function useAuth(): AuthState {
  const query = useQuery({
    queryKey: AUTH_USER_QUERY_KEY,
    queryFn: () => getJson(AUTH_USER_URL, AuthUserSchema, { on401: 'returnNull' }),
    retry: false,
  });
  const user = query.data ?? null;
  return { user, isLoading: query.isPending, isAuthenticated: user !== null };
}
