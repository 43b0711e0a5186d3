import { CONNECTION_BADGES, type ConnectionHealth } from '@shared/contracts/connection-health.ts';
import { METRIC_NAMES, ROAS_RULES } from '@shared/metrics.ts';
import { formatMoney } from '@shared/money.ts';
import type { DateRangeValue } from '@web/components/date-range.ts';
import { ProfitRangePicker } from '@web/components/profit-range-picker.tsx';
import { Badge } from '@web/components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Skeleton } from '@web/components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs.tsx';
import { useDateRange } from '@web/components/use-date-range.ts';
import { errorSentence } from '@web/lib/api-error.ts';
import { metricAttributes } from '@web/lib/metric-attributes.ts';
import { useMetaSummary, useShopifySummary } from '../features/analytics-dashboard/api/use-dashboard-data.ts';
import { GaTab } from '../features/analytics-dashboard/components/ga-tab.tsx';
import { StatCard } from '../features/analytics-dashboard/components/ga-widgets.tsx';
import { useDashboardKpis } from '../features/dashboard/api/dashboard-queries.ts';
import { formatCompact } from '../lib/format/format-analytics.ts';
import { useCredentialsStatus } from '../lib/integrations/use-integrations.ts';

/**
 * A source's badge from the server's health judgement (Connected only when its last test or sync
 * succeeded; "Needs attention" with the reason in the tooltip otherwise), never from stored
 * credentials alone.
 */
function SourceBadge({ label, health }: { label: string; health: ConnectionHealth | undefined }) {
  const state = health?.state ?? 'not_connected';
  return (
    <Badge
      variant={state === 'connected' ? 'success' : state === 'needs_attention' ? 'warning' : 'secondary'}
      data-testid={`badge-${label}`}
      data-state={state}
      title={health?.reason ?? undefined}
    >
      {label}: {CONNECTION_BADGES[state]}
    </Badge>
  );
}

/** Analytics Dashboard (/analytics, spec §2). */
export function AnalyticsDashboardPage() {
  const status = useCredentialsStatus();
  const shopify = status.data?.shopify ?? false;
  const ga4 = status.data?.ga4 ?? false;
  const meta = status.data?.meta ?? false;
  const dates = useDateRange();
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-white">Revenue Analytics</h1>
          <p className="mt-1 text-slate-300">Traffic, store and advertising performance in one place.</p>
          <p className="mt-1 text-xs text-slate-400">
            The range applies to the Shopify and Meta tabs (shop days in{' '}
            {dates.timeZone ?? 'the shop’s time zone'}); Google Analytics shows its last 30 days.
          </p>
        </div>
        <ProfitRangePicker state={dates} comparable />
        <div className="flex flex-wrap gap-2">
          <SourceBadge label="Shopify" health={status.data?.health.shopify} />
          <SourceBadge label="GA4" health={status.data?.health.ga4} />
          <SourceBadge label="Meta" health={status.data?.health.meta} />
        </div>
      </div>
      <Tabs defaultValue="ga">
        <TabsList>
          <TabsTrigger value="ga">Google Analytics</TabsTrigger>
          <TabsTrigger value="shopify" disabled={!shopify}>
            Shopify Analytics
          </TabsTrigger>
          <TabsTrigger value="meta" disabled={!meta}>
            Meta Analytics
          </TabsTrigger>
        </TabsList>
        <TabsContent value="ga">
          {status.isLoading ? <Skeleton className="h-40" /> : <GaTab connected={ga4} />}
        </TabsContent>
        <TabsContent value="shopify">
          <ShopifyTab connected={shopify} dates={dates} />
        </TabsContent>
        <TabsContent value="meta">
          <MetaAnalyticsTab connected={meta} range={dates.range} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function ErrorCard({ title, error }: { title: string; error: unknown }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{errorSentence(error, 'Failed to load data')}</CardDescription>
      </CardHeader>
    </Card>
  );
}

/**
 * Store figures of the last 30 days from the metrics layer (the Dashboard's KPIs, decision 011), so
 * orders, revenue and AOV read the same here as on /dashboard; the recent orders come live from
 * Shopify.
 */
function ShopifyTab({ connected, dates }: { connected: boolean; dates: ReturnType<typeof useDateRange> }) {
  const summary = useShopifySummary(connected, dates.range);
  const kpis = useDashboardKpis(dates.range, dates.ready);
  if (summary.error) return <ErrorCard title="Shopify Data Error" error={summary.error} />;
  if (!summary.data) return <Skeleton className="h-40" />;
  const data = summary.data;
  const figures = kpis.data?.hasData ? kpis.data : null;
  const k = figures?.kpis ?? null;
  const currency = figures?.currency ?? data.currency;
  // The exact value for the cross-page check (decision 011): a number, compared, never summed.
  const major = (amount: string) => Number(amount);
  const shown = (amount: string) => formatMoney(amount, currency);
  const days = figures?.periodDays ?? 30;
  return (
    <div className="grid gap-6" data-testid="shopify-analytics">
      <p className="text-sm text-slate-300" data-testid="shopify-window">
        {data.shopName} —{' '}
        {figures?.current ? `${figures.current.start} to ${figures.current.end}` : 'last 30 days'} (
        {data.timezone})
      </p>
      {k ? (
        <div className="grid gap-4 md:grid-cols-3">
          <StatCard
            label="Orders"
            value={k.orders.current.toLocaleString('en-US')}
            testId="shopify-orders"
            metric={metricAttributes('store.orders', days, k.orders.current)}
          />
          <StatCard
            label="Revenue (net of refunds)"
            value={shown(k.revenue.current)}
            testId="shopify-revenue"
            metric={metricAttributes('store.revenue', days, major(k.revenue.current))}
          />
          <StatCard
            label="Average order value"
            value={shown(k.averageOrderValue.current)}
            testId="shopify-aov"
            metric={metricAttributes('store.aov', days, major(k.averageOrderValue.current))}
          />
        </div>
      ) : kpis.data ? (
        <p className="text-sm text-slate-300" data-testid="shopify-no-orders">
          No orders synced yet. Orders, revenue and average order value appear here after the first sync of
          the store.
        </p>
      ) : kpis.error ? (
        <p className="text-sm text-rose-300">{errorSentence(kpis.error, 'Failed to load the figures')}</p>
      ) : (
        <Skeleton className="h-28" />
      )}
      {figures ? <p className="text-xs text-slate-400">{figures.revenueRule}</p> : null}
      <Card>
        <CardHeader>
          <CardTitle>Recent Orders</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-2 text-sm">
            {data.recentOrders.map((order) => (
              <li
                key={order.name}
                className="flex justify-between border-b border-slate-700/60 pb-2 last:border-0"
              >
                <span className="text-slate-100">{order.name}</span>
                <span className="text-slate-400">
                  {new Date(order.createdAt).toLocaleDateString('en-US')}
                </span>
                <span className="text-slate-100">{formatMoney(order.total, data.currency)}</span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}

function MetaAnalyticsTab({ connected, range }: { connected: boolean; range: DateRangeValue }) {
  const summary = useMetaSummary(connected, range);
  if (summary.error) return <ErrorCard title="Meta Data Error" error={summary.error} />;
  if (!summary.data) return <Skeleton className="h-40" />;
  const data = summary.data;
  return (
    <div className="grid gap-6" data-testid="meta-analytics">
      <p className="text-sm text-slate-300" data-testid="meta-window">
        {data.from && data.to ? `${data.from} to ${data.to} (shop days)` : `Last ${data.periodDays} days`} ·
        Meta-reported figures
      </p>
      <div className="grid gap-4 md:grid-cols-4">
        <StatCard
          label="Meta ad spend (Meta-reported)"
          value={formatMoney(data.spend, data.currency)}
          testId="meta-spend"
          metric={metricAttributes('meta.spend', data.periodDays, Number(data.spend))}
        />
        <StatCard label="Impressions" value={formatCompact(data.impressions)} />
        <StatCard label="Clicks" value={formatCompact(data.clicks)} />
        <StatCard
          label={METRIC_NAMES.metaReportedRoas}
          value={data.roas === null ? '—' : `${data.roas.toFixed(2)}x`}
          note={ROAS_RULES.metaReportedRoas}
          testId="meta-reported-roas"
          metric={metricAttributes('meta.reportedRoas', data.periodDays, data.roas)}
        />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Campaigns</CardTitle>
        </CardHeader>
        <CardContent className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-slate-400">
              <tr>
                <th className="py-1 font-medium">Campaign</th>
                <th className="py-1 text-right font-medium">Spend</th>
                <th className="py-1 text-right font-medium">Clicks</th>
                <th className="py-1 text-right font-medium">Purchase value (Meta-reported)</th>
              </tr>
            </thead>
            <tbody>
              {data.campaigns.map((campaign) => (
                <tr key={campaign.id} className="border-t border-slate-700/70">
                  <td className="py-2 text-slate-100">{campaign.name}</td>
                  <td className="py-2 text-right">{formatMoney(campaign.spend, data.currency)}</td>
                  <td className="py-2 text-right">{formatCompact(campaign.clicks)}</td>
                  <td className="py-2 text-right">{formatMoney(campaign.purchaseValue, data.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </CardContent>
      </Card>
    </div>
  );
}
