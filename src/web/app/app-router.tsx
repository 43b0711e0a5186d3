import { PRODUCT_TITLE } from '@shared/ui-constants.ts';
import { PageShell } from '@web/app/page-shell.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { NeedsOneStore } from '@web/features/all-stores/components/needs-one-store.tsx';
import { useAuthMethods } from '@web/features/auth/api/use-password-auth.ts';
import { OwnerSetupForm } from '@web/features/auth/components/owner-setup-form.tsx';
import { ResultsWatcher } from '@web/features/data-freshness/components/results-watcher.tsx';
import { LandingPage } from '@web/features/landing/components/landing-page.tsx';
import { NotFoundPage } from '@web/features/not-found/components/not-found-page.tsx';
import { type AuthState, useAuth } from '@web/lib/auth/use-auth.ts';
import { useAllStoresMode } from '@web/lib/stores/all-stores-mode.ts';
import { type ReactNode, Suspense, useEffect } from 'react';
import { Route, Switch } from 'wouter';
import { APP_ROUTES, type AppRoute } from './routes.tsx';

/** Centred spinner for the auth check and for a page chunk that is still loading. */
function LoadingScreen({ label }: { label: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner label={label} showLabel />
    </div>
  );
}

function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title === PRODUCT_TITLE ? title : `${title} · ${PRODUCT_TITLE}`;
  }, [title]);
}

/** What a matched route shows for the current session state. */
export type RouteView = 'page' | 'landing' | 'auth-loading' | 'shell-page';

/**
 * Spec §2 and §4: public routes always show their page; authenticated routes show the landing page to
 * signed-out visitors (and, on `/`, while the session check is pending), a small spinner while it is pending
 * elsewhere, and the page inside the shell once signed in.
 */
export function chooseRouteView(
  route: Pick<AppRoute, 'access' | 'landingWhileAuthLoading'>,
  auth: Pick<AuthState, 'isLoading' | 'isAuthenticated'>,
): RouteView {
  if (route.access === 'public') return 'page';
  if (auth.isAuthenticated) return 'shell-page';
  if (auth.isLoading && route.landingWhileAuthLoading !== true) return 'auth-loading';
  return 'landing';
}

/** The page a route shows while the switcher is on "All stores". */
function allStoresPageOf(route: AppRoute): AppRoute['page'] {
  if (route.allStores === 'same') return route.page;
  return route.allStores ?? NeedsOneStore;
}

function RoutedPage({ route, auth }: { route: AppRoute; auth: AuthState }) {
  const view = chooseRouteView(route, auth);
  useDocumentTitle(view === 'landing' ? PRODUCT_TITLE : route.title);
  const allStores = useAllStoresMode();
  const Page = allStores && view === 'shell-page' ? allStoresPageOf(route) : route.page;
  const page: ReactNode = (
    <Suspense fallback={<LoadingScreen label="Loading page…" />}>
      <Page title={route.title} />
    </Suspense>
  );
  switch (view) {
    case 'page':
      return page;
    case 'landing':
      return <SignedOutLanding />;
    case 'auth-loading':
      return <LoadingScreen label="Checking your session…" />;
    case 'shell-page':
      return (
        <PageShell>
          <ResultsWatcher />
          {page}
        </PageShell>
      );
  }
}

/** The landing page; on a fresh install with password accounts it asks for the owner (issue #38). */
function SignedOutLanding() {
  const setupNeeded = useAuthMethods().data?.setupNeeded === true;
  return <LandingPage ownerSetup={setupNeeded ? <OwnerSetupForm /> : undefined} />;
}

function NotFoundRoute() {
  useDocumentTitle('Page Not Found');
  return <NotFoundPage />;
}

/** Matches the location against the route table; anything else is the 404 page. */
export function AppRouter() {
  const auth = useAuth();
  return (
    <Switch>
      {APP_ROUTES.map((route) => (
        <Route key={route.path} path={route.path}>
          <RoutedPage route={route} auth={auth} />
        </Route>
      ))}
      <Route>
        <NotFoundRoute />
      </Route>
    </Switch>
  );
}
