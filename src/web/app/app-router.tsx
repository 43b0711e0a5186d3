import { PRODUCT_TITLE } from '@shared/ui-constants.ts';
import { PageShell } from '@web/components/layout/page-shell.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { type AuthState, useAuth } from '@web/features/auth/api/use-auth.ts';
import { LandingPage } from '@web/features/landing/components/landing-page.tsx';
import { NotFoundPage } from '@web/features/not-found/components/not-found-page.tsx';
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

function RoutedPage({ route, auth }: { route: AppRoute; auth: AuthState }) {
  const Page = route.page;
  const page: ReactNode = (
    <Suspense fallback={<LoadingScreen label="Loading page…" />}>
      <Page title={route.title} />
    </Suspense>
  );
  const showsLanding =
    route.access === 'authenticated' &&
    !auth.isAuthenticated &&
    (!auth.isLoading || route.landingWhileAuthLoading === true);
  useDocumentTitle(showsLanding ? PRODUCT_TITLE : route.title);

  if (route.access === 'public') return page;
  if (showsLanding) return <LandingPage />;
  if (auth.isLoading) return <LoadingScreen label="Checking your session…" />;
  return <PageShell>{page}</PageShell>;
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
