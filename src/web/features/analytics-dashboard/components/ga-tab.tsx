import type { GaOverview, GaPages, GaTraffic } from '@shared/contracts/ga.ts';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Skeleton } from '@web/components/ui/skeleton.tsx';
import { Textarea } from '@web/components/ui/textarea.tsx';
import { useToast } from '@web/components/ui/use-toast.ts';
import { errorSentence } from '@web/lib/api-error.ts';
import { formatGa4Revenue } from '@web/lib/money.ts';
import { useState } from 'react';
import {
  bounceRateLabel,
  formatCompact,
  formatDuration,
  formatPercent,
} from '../../../lib/format/format-analytics.ts';
import { useGaCredentialsForm } from '../../../lib/integrations/use-ga-credentials-form.ts';
import { useFetchGaWithCredentials, useGaDashboard } from '../api/use-dashboard-data.ts';
import { StatCard, TopPagesCard, TrafficPieCard } from './ga-widgets.tsx';

/** Error text for the GA fetch toast and panel (spec §8): the server's sentence, else the failure's own text. */
export function gaFailureMessage(error: unknown): string {
  return errorSentence(error, 'Failed to fetch analytics data');
}

/** Google Analytics tab of the Analytics Dashboard (spec §2). */
export function GaTab({ connected }: { connected: boolean }) {
  return connected ? <ConnectedGa /> : <NotConnectedGa />;
}

function ConnectedGa() {
  const { overview, pages, traffic } = useGaDashboard(true);
  const error = overview.error ?? pages.error ?? traffic.error;
  if (error) {
    return (
      <Card data-testid="ga-error">
        <CardHeader>
          <CardTitle>Google Analytics Data Error</CardTitle>
          <CardDescription>{gaFailureMessage(error) || 'Failed to fetch analytics data'}</CardDescription>
        </CardHeader>
      </Card>
    );
  }
  if (!overview.data || !pages.data || !traffic.data) {
    return (
      <div className="grid gap-4 md:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
    );
  }
  const data = overview.data;
  // One currency beside the store's figures (decision 081): GA4's revenue in the shop currency.
  const converted = Boolean(data.shopCurrency && data.shopCurrency !== data.currency);
  return (
    <div className="grid gap-6" data-testid="ga-dashboard">
      <p className="text-sm text-emerald-300">
        Live data (last 30 days, ending on the store's last complete day) · GA4-reported
      </p>
      <div className="grid gap-4 md:grid-cols-4">
        <StatCard label="Active Users" value={formatCompact(data.activeUsers)} testId="ga-active-users" />
        <StatCard label="Sessions" value={formatCompact(data.sessions)} testId="ga-sessions" />
        <StatCard label="Page Views" value={formatCompact(data.pageViews)} testId="ga-page-views" />
        <StatCard label="Bounce Rate" value={formatPercent(data.bounceRate)} testId="ga-bounce-rate" />
      </div>
      {data.currencyNote ? (
        <p className="text-sm text-slate-400" data-testid="ga-currency-note">
          {data.currencyNote}
        </p>
      ) : null}
      {Number(data.revenue) > 0 ? (
        <div className="grid gap-4 md:grid-cols-2">
          <StatCard
            label={
              converted
                ? `Revenue (GA4-reported, converted to ${data.shopCurrency})`
                : 'Revenue (GA4-reported)'
            }
            value={formatGa4Revenue(data)}
            testId="ga-revenue"
          />
          <StatCard
            label="Conversions (GA4-reported)"
            value={formatCompact(data.conversions)}
            testId="ga-conversions"
          />
        </div>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <TopPagesCard pages={pages.data.pages} />
        <TrafficPieCard sources={traffic.data.sources} />
      </div>
      <StatCard
        label="Avg Session Duration"
        value={formatDuration(data.sessionDuration)}
        testId="ga-session-duration"
      />
    </div>
  );
}

function NotConnectedGa() {
  const { toast } = useToast();
  const fetchData = useFetchGaWithCredentials();
  const [result, setResult] = useState<{ overview: GaOverview; pages: GaPages; traffic: GaTraffic } | null>(
    null,
  );
  const { propertyId, setPropertyId, serviceAccountJson, setServiceAccountJson, submit } =
    useGaCredentialsForm((credentials) =>
      fetchData.mutate(credentials, {
        onSuccess: (data) => {
          setResult(data);
          toast({ title: 'Data Loaded', description: 'Google Analytics data loaded for the last 30 days.' });
        },
        onError: (error) =>
          toast({
            title: 'Failed to Load Data',
            description: gaFailureMessage(error),
            variant: 'destructive',
          }),
      }),
    );

  const overview = result?.overview;
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Connect Google Analytics 4</CardTitle>
          <CardDescription>Enter your GA4 property and service account to load real data.</CardDescription>
        </CardHeader>
        <CardContent>
          <form className="grid gap-4" onSubmit={submit} noValidate>
            <div className="grid gap-2">
              <Label htmlFor="dash-ga-property">GA4 Property ID</Label>
              <Input
                id="dash-ga-property"
                inputMode="numeric"
                placeholder="123456789"
                value={propertyId}
                onChange={(e) => setPropertyId(e.target.value)}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="dash-ga-json">Service Account JSON</Label>
              <Textarea
                id="dash-ga-json"
                rows={6}
                className="font-mono text-xs"
                value={serviceAccountJson}
                onChange={(e) => setServiceAccountJson(e.target.value)}
              />
            </div>
            <div>
              <Button type="submit" disabled={fetchData.isPending}>
                {fetchData.isPending ? 'Fetching...' : 'Fetch Real Google Analytics Data'}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
      {fetchData.error && !result ? (
        <Card data-testid="ga-error">
          <CardHeader>
            <CardTitle>Google Analytics Data Error</CardTitle>
            <CardDescription>
              {gaFailureMessage(fetchData.error) || 'Failed to fetch analytics data'}
            </CardDescription>
          </CardHeader>
        </Card>
      ) : null}
      {overview && result ? (
        <div className="grid gap-6" data-testid="ga-fetched">
          <div className="grid gap-4 md:grid-cols-4">
            <StatCard
              label="Sessions"
              value={formatCompact(overview.sessions)}
              note={
                overview.totalUsers > 0
                  ? `${formatPercent((overview.sessions - overview.totalUsers) / overview.totalUsers)} vs ${formatCompact(overview.totalUsers)} total users`
                  : 'No users recorded'
              }
            />
            <StatCard label="Active Users" value={formatCompact(overview.activeUsers)} />
            <StatCard
              label="Page Views"
              value={formatCompact(overview.pageViews)}
              note={`${overview.sessions > 0 ? (overview.pageViews / overview.sessions).toFixed(1) : '0'} per session`}
            />
            <StatCard
              label="Bounce Rate"
              value={formatPercent(overview.bounceRate)}
              note={
                <Badge variant={bounceRateLabel(overview.bounceRate) === 'Good' ? 'success' : 'warning'}>
                  {bounceRateLabel(overview.bounceRate)}
                </Badge>
              }
            />
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <TopPagesCard pages={result.pages.pages} />
            <TrafficPieCard sources={result.traffic.sources} />
          </div>
        </div>
      ) : null}
    </div>
  );
}
