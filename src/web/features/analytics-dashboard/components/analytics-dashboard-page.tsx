import { Badge } from '@web/components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Skeleton } from '@web/components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs.tsx';
import { errorSentence } from '@web/lib/api-error.ts';
import { formatCurrency } from '@web/lib/money.ts';
import { useCredentialsStatus } from '../../integrations/api/use-integrations.ts';
import { useMetaSummary, useShopifySummary } from '../api/use-dashboard-data.ts';
import { formatCompact } from '../lib/format.ts';
import { GaTab } from './ga-tab.tsx';
import { StatCard } from './ga-widgets.tsx';

function ConnectionBadge({ label, connected }: { label: string; connected: boolean }) {
  return (
    <Badge variant={connected ? 'success' : 'secondary'} data-testid={`badge-${label}`}>
      {label}: {connected ? 'Connected' : 'Not Connected'}
    </Badge>
  );
}

/** Analytics Dashboard (/analytics, spec §2). */
export function AnalyticsDashboardPage() {
  const status = useCredentialsStatus();
  const shopify = status.data?.shopify ?? false;
  const ga4 = status.data?.ga4 ?? false;
  const meta = status.data?.meta ?? false;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-white">Revenue Analytics</h1>
          <p className="mt-1 text-slate-300">Traffic, store and advertising performance in one place.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ConnectionBadge label="Shopify" connected={shopify} />
          <ConnectionBadge label="GA4" connected={ga4} />
          <ConnectionBadge label="Meta" connected={meta} />
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
          <ShopifyTab connected={shopify} />
        </TabsContent>
        <TabsContent value="meta">
          <MetaAnalyticsTab connected={meta} />
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

function ShopifyTab({ connected }: { connected: boolean }) {
  const summary = useShopifySummary(connected);
  if (summary.error) return <ErrorCard title="Shopify Data Error" error={summary.error} />;
  if (!summary.data) return <Skeleton className="h-40" />;
  const data = summary.data;
  return (
    <div className="grid gap-6" data-testid="shopify-analytics">
      <p className="text-sm text-slate-300">
        {data.shopName} — last {data.periodDays} days ({data.timezone})
        {data.truncated ? ' — partial: the most recent orders only' : ''}
      </p>
      <div className="grid gap-4 md:grid-cols-3">
        <StatCard label="Orders" value={formatCompact(data.orderCount)} />
        <StatCard
          label="Revenue"
          value={formatCurrency(data.revenue, data.currency)}
          testId="shopify-revenue"
        />
        <StatCard label="Average Order Value" value={formatCurrency(data.averageOrderValue, data.currency)} />
      </div>
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
                <span className="text-slate-100">{formatCurrency(Number(order.total), data.currency)}</span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}

function MetaAnalyticsTab({ connected }: { connected: boolean }) {
  const summary = useMetaSummary(connected);
  if (summary.error) return <ErrorCard title="Meta Data Error" error={summary.error} />;
  if (!summary.data) return <Skeleton className="h-40" />;
  const data = summary.data;
  return (
    <div className="grid gap-6" data-testid="meta-analytics">
      <p className="text-sm text-slate-300">Last {data.periodDays} days</p>
      <div className="grid gap-4 md:grid-cols-4">
        <StatCard label="Spend" value={formatCurrency(data.spend, data.currency)} testId="meta-spend" />
        <StatCard label="Impressions" value={formatCompact(data.impressions)} />
        <StatCard label="Clicks" value={formatCompact(data.clicks)} />
        <StatCard label="ROAS" value={data.roas === null ? '—' : `${data.roas.toFixed(2)}x`} />
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
                <th className="py-1 text-right font-medium">Purchase value</th>
              </tr>
            </thead>
            <tbody>
              {data.campaigns.map((campaign) => (
                <tr key={campaign.id} className="border-t border-slate-700/70">
                  <td className="py-2 text-slate-100">{campaign.name}</td>
                  <td className="py-2 text-right">{formatCurrency(campaign.spend, data.currency)}</td>
                  <td className="py-2 text-right">{formatCompact(campaign.clicks)}</td>
                  <td className="py-2 text-right">{formatCurrency(campaign.purchaseValue, data.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </CardContent>
      </Card>
    </div>
  );
}
