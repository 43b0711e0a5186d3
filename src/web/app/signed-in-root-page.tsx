import { useAuth } from '@web/features/auth/api/use-auth.ts';
import { HomePage } from '@web/features/home/components/home-page.tsx';
import { ConnectDemoButton } from '@web/features/integrations/components/connect-demo-button.tsx';

/**
 * What `/` shows when signed in. Design §5: the Revenue Opportunities page once the workspace has data,
 * else the spec's home screen. This is the one place that decides.
 *
 * The opportunities page does not exist yet, so this shows the home screen. The opportunities feature
 * fills this in: read whether the workspace has any data (e.g. connected sources or an analysis run) and
 * render `<OpportunitiesPage />` when it does. The integrations feature passes its "Connect demo store"
 * button through `getStartedActions`.
 */
export function SignedInRootPage() {
  const { user } = useAuth();
  // The router renders this only when signed in; the guard keeps the types honest.
  if (!user) return null;
  return <HomePage user={user} getStartedActions={<ConnectDemoButton variant="outline" />} />;
}
