import type { DashboardKpis, KpiValue, MoneyKpi, RatioKpi } from '@shared/contracts/dashboard.ts';
import { METRIC_NAMES } from '@shared/metrics.ts';
import { KPI_DEFINITIONS } from '@shared/money-definitions.ts';
import { LoadingCards, NoStoreData, ReadError } from '@web/components/page-states.tsx';
import { ProfitRangePicker } from '@web/components/profit-range-picker.tsx';
import { RangeWindow } from '@web/components/range-window.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Definition } from '@web/components/ui/tooltip.tsx';
import { useDateRange } from '@web/components/use-date-range.ts';
import { TodayCard } from '@web/features/live-today/components/today-card.tsx';
import { metricAttributes } from '@web/lib/metric-attributes.ts';
import { formatMoney } from '@web/lib/money.ts';
import { formatTimeAgo } from '@web/lib/opportunities/format-opportunity.ts';
import { useAnalysisStatus, useRevenueForecast } from '@web/lib/opportunities/opportunity-queries.ts';
import { useDashboardKpis } from '../features/dashboard/api/dashboard-queries.ts';
import { RevenueForecastCard } from '../features/dashboard/components/revenue-forecast-card.tsx';
import { changeTone, channelLabel, formatChange, formatDayRange } from '../lib/format/format-kpi.ts';

const TONE_CLASS = { good: 'text-emerald-300', bad: 'text-red-300', flat: 'text-slate-400' } as const;

function KpiCard({
  testId,
  title,
  value,
  change,
  previous,
  higherIsBetter = true,
  note,
  hint,
  metric,
}: {
  /** Names the figure (`metricAttributes`) for the cross-page check of decision 011. */
  metric?: ReturnType<typeof metricAttributes>;
  testId: string;
  title: string;
  value: string;
  change: number | null;
  /** null: nothing to compare with (no comparison, or one before the shop's first day). */
  previous: string | null;
  higherIsBetter?: boolean;
  note?: string | null;
  /** What is in the figure: shown on hover and focus of its title. */
  hint: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader className="p-4 pb-2 sm:p-6 sm:pb-2">
        <CardTitle className="text-sm font-medium text-slate-300">
          <Definition text={hint}>{title}</Definition>
        </CardTitle>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        <p
          className="text-lg font-bold tabular-nums text-white sm:text-2xl"
          data-testid="kpi-value"
          {...metric}
        >
          {value}
        </p>
        <p className="text-xs text-slate-400">
          {change === null && previous === null ? (
            'No comparison'
          ) : (
            <>
              <span className={TONE_CLASS[changeTone(change, higherIsBetter)]}>{formatChange(change)}</span>{' '}
              vs {previous}
            </>
          )}
        </p>
        {note ? <p className="mt-1 text-xs text-amber-300">{note}</p> : null}
      </CardContent>
    </Card>
  );
}

function KpiGrid({ data }: { data: DashboardKpis }) {
  const k = data.kpis!;
  const currency = data.currency ?? 'USD';
  // Without a comparison with data, no previous figure is shown (never "$0.00 in the previous year").
  const compared = data.comparison?.hasData === true;
  const before = (text: string) => (compared ? text : null);
  const money = (v: MoneyKpi, cur = currency) => ({
    value: formatMoney(v.current, cur),
    previous: before(formatMoney(v.previous, cur)),
    change: v.changePercent,
  });
  const count = (v: KpiValue) => ({
    value: v.current.toLocaleString('en-US'),
    previous: before(v.previous.toLocaleString('en-US')),
    change: v.changePercent,
  });
  const ratio = (v: RatioKpi) => ({
    value: v.current === null ? '—' : `${v.current.toFixed(2)}x`,
    previous: before(v.previous === null ? '—' : `${v.previous.toFixed(2)}x`),
    change: v.changePercent,
  });
  const spendCurrency = data.adSpendCurrency ?? currency;
  const days = data.periodDays;
  // The figure's exact value for the cross-page check (decision 011): a number, compared, never summed.
  const major = (amount: string) => Number(amount);
  return (
    <div className="grid gap-2">
      <p className="text-sm text-slate-300" data-testid="kpi-window">
        {data.periodDays} days{data.current ? `, ${data.current.start} to ${data.current.end}` : ''}
      </p>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" data-testid="kpi-grid">
        <KpiCard
          testId="kpi-revenue"
          title={METRIC_NAMES.revenue}
          hint={KPI_DEFINITIONS.revenue}
          metric={metricAttributes('store.revenue', days, major(k.revenue.current))}
          {...money(k.revenue)}
        />
        <KpiCard
          testId="kpi-orders"
          title="Orders"
          hint={KPI_DEFINITIONS.orders}
          metric={metricAttributes('store.orders', days, k.orders.current)}
          {...count(k.orders)}
        />
        <KpiCard
          testId="kpi-aov"
          title="Average order value"
          hint={KPI_DEFINITIONS.averageOrderValue}
          metric={metricAttributes('store.aov', days, major(k.averageOrderValue.current))}
          {...money(k.averageOrderValue)}
        />
        <KpiCard
          testId="kpi-refunds"
          title={`Refunds (${k.refundCount.current.toLocaleString('en-US')})`}
          hint={KPI_DEFINITIONS.refunds}
          higherIsBetter={false}
          {...money(k.refunds)}
        />
        <KpiCard
          testId="kpi-new-customers"
          title="New customers"
          hint={KPI_DEFINITIONS.newCustomers}
          {...count(k.newCustomers)}
        />
        <KpiCard
          testId="kpi-returning-customers"
          title="Returning customers"
          hint={KPI_DEFINITIONS.returningCustomers}
          {...count(k.returningCustomers)}
        />
        {k.adSpend ? (
          <KpiCard
            testId="kpi-ad-spend"
            title={METRIC_NAMES.adSpend}
            hint={KPI_DEFINITIONS.adSpend}
            metric={metricAttributes('ads.spend', days, major(k.adSpend.current))}
            higherIsBetter={false}
            {...money(k.adSpend, spendCurrency)}
            note={k.roas ? null : data.adsNote}
          />
        ) : (
          <AdsMissing note={data.adsNote} />
        )}
        {k.metaRoas ? (
          <KpiCard
            testId="kpi-meta-roas"
            title={METRIC_NAMES.metaAttributedRoas}
            metric={metricAttributes('meta.roas', days, k.metaRoas.current)}
            hint={KPI_DEFINITIONS.metaRoas}
            {...ratio(k.metaRoas)}
          />
        ) : null}
        {k.roas ? (
          <KpiCard
            testId="kpi-roas"
            title={METRIC_NAMES.blendedRoas}
            metric={metricAttributes('ads.blendedRoas', days, k.roas.current)}
            hint={KPI_DEFINITIONS.roas}
            {...ratio(k.roas)}
            note={data.adsNote}
          />
        ) : null}
      </div>
      {data.adPlatforms.length > 0 ? (
        <p className="text-xs text-slate-400" data-testid="kpi-ad-platforms">
          Ad spend by platform:{' '}
          {data.adPlatforms
            .map(
              (p) =>
                `${PLATFORM_NAMES[p.platform] ?? p.platform} ${formatMoney(p.spend, spendCurrency)} (platform-reported ROAS ${p.platformRoas === null ? '—' : `${p.platformRoas.toFixed(2)}x`})`,
            )
            .join(' · ')}
        </p>
      ) : null}
    </div>
  );
}

const PLATFORM_NAMES: Record<string, string> = {
  meta: 'Meta',
  google_ads: 'Google Ads',
  tiktok_ads: 'TikTok Ads',
};

function AdsMissing({ note }: { note: string | null }) {
  return (
    <Card data-testid="kpi-ads-missing">
      <CardHeader className="pb-2">
        <CardTitle className="text-sm font-medium text-slate-300">Ad spend and ROAS</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-sm text-slate-400">{note ?? 'Not available.'}</p>
      </CardContent>
    </Card>
  );
}

function TopLists({ data }: { data: DashboardKpis }) {
  const currency = data.currency ?? 'USD';
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card data-testid="top-products">
        <CardHeader>
          <CardTitle>Top products</CardTitle>
          <CardDescription>Line items after discounts, before refunds</CardDescription>
        </CardHeader>
        <CardContent>
          {data.topProducts.length === 0 ? (
            <p className="py-4 text-center text-sm text-slate-400">No sales in this period</p>
          ) : (
            <ol className="grid gap-2">
              {data.topProducts.map((p) => (
                <li
                  key={p.productId}
                  className="flex items-center justify-between gap-3 rounded-lg border border-slate-700 px-3 py-2"
                >
                  <div className="min-w-0">
                    <p className="truncate font-medium">{p.title}</p>
                    <p className="text-xs text-slate-400">{p.units.toLocaleString('en-US')} units</p>
                  </div>
                  <p className="font-semibold">{formatMoney(p.sales, currency)}</p>
                </li>
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
      <Card data-testid="top-channels">
        <CardHeader>
          <CardTitle>Channels</CardTitle>
          <CardDescription>
            <Definition text={KPI_DEFINITIONS.grossSales}>Order totals before refunds</Definition> by the
            visit that led to them
          </CardDescription>
        </CardHeader>
        <CardContent>
          {data.channels.length === 0 ? (
            <p className="py-4 text-center text-sm text-slate-400">No orders in this period</p>
          ) : (
            <ul className="grid gap-3">
              {data.channels.map((c) => (
                <li key={c.channel} className="grid gap-1">
                  <div className="flex items-baseline justify-between gap-3 text-sm">
                    <span className="font-medium">{channelLabel(c.channel)}</span>
                    <span>
                      {formatMoney(c.sales, currency)}{' '}
                      <span className="text-xs text-slate-400">
                        · {c.orders.toLocaleString('en-US')} orders · {c.share.toFixed(1)}%
                      </span>
                    </span>
                  </div>
                  <div className="h-1.5 rounded-full bg-slate-800">
                    <div
                      className="h-1.5 rounded-full bg-indigo-400"
                      style={{ width: `${Math.min(100, Math.max(0, c.share))}%` }}
                    />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function Freshness({ data, running }: { data: DashboardKpis | undefined; running: boolean }) {
  const now = new Date();
  const sync = data?.lastSyncAt ? new Date(data.lastSyncAt).toLocaleString('en-US') : null;
  return (
    <p className="mt-1 text-xs text-slate-400" data-testid="last-updated">
      {running ? 'Analysing now… ' : ''}
      {formatTimeAgo(data?.lastAnalysisAt, now)}
      {sync ? ` · last sync ${sync}` : ''}
    </p>
  );
}

/**
 * The Dashboard: the store's KPIs for the last 7, 30 or 90 shop-local days against the period
 * before (exact sums in the shop currency, from the warehouse), the revenue history with the
 * 28-day forecast and its backtested accuracy, top products and channels, and data freshness.
 */
export function DashboardPage() {
  const dates = useDateRange('previous_period');
  const kpis = useDashboardKpis(dates.range, dates.ready);
  const forecast = useRevenueForecast();
  const status = useAnalysisStatus();
  const data = kpis.data;
  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-white">Dashboard</h1>
          <p className="text-slate-300" data-testid="period-range">
            {data?.current
              ? `${formatDayRange(data.current.start, data.current.end)}${
                  data.comparison ? ` vs ${formatDayRange(data.comparison.from, data.comparison.to)}` : ''
                } (${data.timeZone})`
              : 'Your store at a glance'}
          </p>
          {data ? (
            <RangeWindow
              from={data.from}
              to={data.to}
              timeZone={data.timeZone}
              comparison={data.comparison}
            />
          ) : null}
          <Freshness data={data} running={status.data?.running ?? false} />
        </div>
        <ProfitRangePicker state={dates} comparable />
      </header>

      <TodayCard />
      {kpis.isError ? <ReadError error={kpis.error} /> : null}
      {kpis.isPending ? <LoadingCards count={8} /> : null}
      {data && !data.hasData ? <NoStoreData what="Your revenue, orders and customers" /> : null}
      {data?.hasData ? (
        <>
          <KpiGrid data={data} />
          <p className="text-xs text-slate-400" data-testid="revenue-rule">
            {data.revenueRule} Days are shop days ({data.timeZone}). Refunds are the money returned to
            customers (refunded shipping and tax included); /profit’s Returns are only the value of the
            returned items, as Shopify’s reports count them.
          </p>
          <RevenueForecastCard data={forecast.data} />
          {forecast.isError ? <ReadError error={forecast.error} /> : null}
          <TopLists data={data} />
        </>
      ) : null}
    </div>
  );
}
