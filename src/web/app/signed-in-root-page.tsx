import { CredentialsStatusSchema } from '@shared/contracts/credentials.ts';
import { useQuery } from '@tanstack/react-query';
import { HomePage } from '@web/features/home/components/home-page.tsx';
import { ConnectDemoButton } from '@web/features/integrations/components/connect-demo-button.tsx';
import { OpportunitiesPage } from '@web/features/opportunities/components/opportunities-page.tsx';
import { getJson } from '@web/lib/api-request.ts';
import { useAuth } from '@web/lib/auth/use-auth.ts';
import { useAnalysisStatus } from '@web/lib/opportunities/opportunity-queries.ts';

/**
 * What `/` shows when signed in. Design §5: the Revenue Opportunities page once the workspace has a
 * connected source or analysed data, else the spec's home screen. This is the one place that decides.
 * Both reads poll (30 s), so connecting the demo store switches `/` to the page by itself; the
 * integrations feature passes its "Connect demo store" button through `getStartedActions`.
 */
export function SignedInRootPage() {
  const { user } = useAuth();
  const analysis = useAnalysisStatus();
  const credentials = useQuery({
    queryKey: ['/api/credentials/status'],
    queryFn: () => getJson('/api/credentials/status', CredentialsStatusSchema),
    refetchInterval: 30_000,
  });
  // The router renders this only when signed in; the guard keeps the types honest.
  if (!user) return null;
  if (analysis.isPending || credentials.isPending) {
    return <p className="py-16 text-center text-slate-300">Loading opportunities...</p>;
  }
  const connected = credentials.data
    ? Object.values(credentials.data).some((value) => value === true)
    : false;
  if (analysis.data?.hasData || connected) return <OpportunitiesPage />;
  return <HomePage user={user} getStartedActions={<ConnectDemoButton variant="outline" />} />;
}
