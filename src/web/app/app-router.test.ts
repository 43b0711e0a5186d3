import { describe, expect, it } from 'vitest';
import { chooseRouteView } from './app-router.tsx';
import { APP_ROUTES } from './routes.tsx';

const signedOut = { isLoading: false, isAuthenticated: false };
const loading = { isLoading: true, isAuthenticated: false };
const signedIn = { isLoading: false, isAuthenticated: true };

function routeAt(path: string) {
  const route = APP_ROUTES.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`no route ${path}`);
  return route;
}

describe('chooseRouteView (spec §2 route table, §4 authentication)', () => {
  it("'/' shows the landing page signed out and while loading, the shell when signed in", () => {
    expect(chooseRouteView(routeAt('/'), signedOut)).toBe('landing');
    expect(chooseRouteView(routeAt('/'), loading)).toBe('landing');
    expect(chooseRouteView(routeAt('/'), signedIn)).toBe('shell-page');
  });

  it('/public-service-test needs no login', () => {
    for (const auth of [signedOut, loading, signedIn]) {
      expect(chooseRouteView(routeAt('/public-service-test'), auth)).toBe('page');
    }
  });

  it('an authenticated page shows the landing page to signed-out visitors and a spinner while loading', () => {
    expect(chooseRouteView(routeAt('/dashboard'), signedOut)).toBe('landing');
    expect(chooseRouteView(routeAt('/dashboard'), loading)).toBe('auth-loading');
    expect(chooseRouteView(routeAt('/dashboard'), signedIn)).toBe('shell-page');
  });

  it('lists every route of the spec and the navigation', () => {
    expect(APP_ROUTES.map((route) => route.path).sort()).toEqual(
      [
        '/',
        '/analytics',
        '/campaigns',
        '/creatives',
        '/cursor-tracking',
        '/customers',
        '/dashboard',
        '/funnels',
        '/insights',
        '/models',
        '/opportunities',
        '/orders',
        '/products',
        '/profile',
        '/profit',
        '/public-service-test',
        '/settings/costs',
        '/settings/notifications',
        '/settings/members',
        '/settings/audit-log',
        '/invitations/:token',
        '/testing',
        '/verify-email/:token',
        // Built-in accounts (issue #38): sign-in, password reset and joining by invitation.
        '/sign-in',
        '/forgot-password',
        '/reset-password/:token',
        '/join/:token',
        // Marketing-mix model and budget planner (issue #41).
        '/measurement',
      ].sort(),
    );
  });
});
