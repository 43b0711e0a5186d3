import type { ConnectionHealth } from '@shared/contracts/connection-health.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Textarea } from '@web/components/ui/textarea.tsx';
import { useToast } from '@web/components/ui/use-toast.ts';
import { formatGa4Revenue } from '@web/lib/money.ts';
import { BarChart3 } from 'lucide-react';
import { formatCompact } from '../../../lib/format/format-analytics.ts';
import { useGaCredentialsForm } from '../../../lib/integrations/use-ga-credentials-form.ts';
import {
  useGaOverview,
  useStoreGaCredentials,
  useTestGaConnection,
} from '../../../lib/integrations/use-integrations.ts';
import { serverMessage } from '../lib/error-text.ts';
import { ConnectionAttention, ConnectionBadge } from './connection-badge.tsx';

/** Google Analytics 4 panel (spec §2): store property + service account, live preview, test. */
export function GaPanel({ connected, health }: { connected: boolean; health: ConnectionHealth | undefined }) {
  const { toast } = useToast();
  const store = useStoreGaCredentials();
  const test = useTestGaConnection();
  const overview = useGaOverview(connected);
  const { propertyId, setPropertyId, serviceAccountJson, setServiceAccountJson, submit } =
    useGaCredentialsForm((credentials) =>
      store.mutate(credentials, {
        onSuccess: (result) => {
          if (result.isValid) {
            toast({ title: 'Success', description: 'Google Analytics credentials stored successfully' });
            setServiceAccountJson('');
          } else {
            toast({
              title: 'Error',
              description: result.error?.message ?? 'Failed to store credentials',
              variant: 'destructive',
            });
          }
        },
        onError: (error) =>
          toast({
            title: 'Error',
            description: serverMessage(error, 'Failed to store credentials'),
            variant: 'destructive',
          }),
      }),
    );

  const runTest = () =>
    test.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: 'Connection Successful',
          description: 'Google Analytics connection is working properly',
        }),
      onError: (error) =>
        toast({
          title: 'Connection Failed',
          description: serverMessage(error, 'Failed to connect to Google Analytics'),
          variant: 'destructive',
        }),
    });

  return (
    <Card data-testid="ga-panel">
      <CardHeader>
        <div className="flex items-center justify-between gap-3">
          <CardTitle className="flex items-center gap-2">
            <BarChart3 aria-hidden="true" className="size-5 text-amber-300" />
            Google Analytics 4
          </CardTitle>
          <ConnectionBadge health={health} />
        </div>
        <CardDescription>Traffic, sessions and revenue from your GA4 property.</CardDescription>
      </CardHeader>
      <CardContent>
        {connected ? (
          <div className="grid gap-5">
            {health?.state === 'needs_attention' ? (
              <ConnectionAttention health={health} testId="ga-attention" />
            ) : (
              <p className="text-sm text-emerald-300">
                Google Analytics is connected. Upside is pulling real data from your property.
              </p>
            )}
            <div>
              <h4 className="mb-3 text-sm font-semibold text-slate-200">Live Data Preview (Last 30 Days)</h4>
              {overview.isLoading ? (
                <p className="text-sm text-slate-400">Loading real analytics data...</p>
              ) : overview.error ? (
                <p className="text-sm text-rose-300">
                  {serverMessage(overview.error, 'Failed to load analytics data')}
                </p>
              ) : overview.data ? (
                <dl className="grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="ga-live-preview">
                  <PreviewStat label="Active Users" value={formatCompact(overview.data.activeUsers)} />
                  <PreviewStat label="Sessions" value={formatCompact(overview.data.sessions)} />
                  <PreviewStat label="Page Views" value={formatCompact(overview.data.pageViews)} />
                  <PreviewStat
                    label={
                      overview.data.shopCurrency && overview.data.shopCurrency !== overview.data.currency
                        ? `Revenue (converted to ${overview.data.shopCurrency})`
                        : 'Revenue'
                    }
                    value={formatGa4Revenue(overview.data)}
                  />
                </dl>
              ) : null}
            </div>
            <div>
              <Button variant="outline" onClick={runTest} disabled={test.isPending}>
                {test.isPending ? 'Testing...' : 'Test Connection'}
              </Button>
            </div>
          </div>
        ) : (
          <form className="grid gap-4" onSubmit={submit} noValidate>
            <div className="grid gap-2">
              <Label htmlFor="ga-property-id">GA4 Property ID</Label>
              <Input
                id="ga-property-id"
                placeholder="123456789"
                inputMode="numeric"
                value={propertyId}
                onChange={(e) => setPropertyId(e.target.value)}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="ga-service-account">Service Account JSON</Label>
              <Textarea
                id="ga-service-account"
                rows={6}
                placeholder='{"type": "service_account", "project_id": "...", ...}'
                value={serviceAccountJson}
                onChange={(e) => setServiceAccountJson(e.target.value)}
                className="font-mono text-xs"
              />
            </div>
            <div>
              <Button type="submit" disabled={store.isPending}>
                {store.isPending ? 'Storing...' : 'Store Credentials'}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

function PreviewStat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-700 bg-slate-950/50 p-3">
      <dt className="text-xs text-slate-400">{label}</dt>
      <dd className="text-xl font-semibold text-white">{value}</dd>
    </div>
  );
}
