import type { CampaignPerformance, CampaignRow } from '@shared/contracts/campaigns.ts';
import { METRIC_NAMES, ROAS_RULES } from '@shared/metrics.ts';
import { periodNearest } from '@web/components/date-range.ts';
import { LoadingCards, ProfilePrompt, ReadError, SummaryStat } from '@web/components/page-states.tsx';
import { ProfitRangePicker } from '@web/components/profit-range-picker.tsx';
import { RangeWindow } from '@web/components/range-window.tsx';
import { Badge } from '@web/components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { HeadRow } from '@web/components/ui/head-row.tsx';
import { useDateRange } from '@web/components/use-date-range.ts';
import { cn } from '@web/lib/cn.ts';
import { metricAttributes } from '@web/lib/metric-attributes.ts';
import { formatAmountIn } from '@web/lib/money.ts';
import { Link } from 'wouter';
import {
  formatCount,
  formatCpc,
  formatRate,
  formatRoas,
  labelAdvice,
  labelVariant,
  statusLabel,
} from '../../../lib/format/format-campaign.ts';
import { type CampaignPeriod, useCampaignPerformance } from '../api/campaign-queries.ts';
import { AdPlatformCampaignsCard } from './ad-platform-campaigns.tsx';
import { CampaignChart } from './campaign-chart.tsx';
import { CampaignProfitSummary, CampaignProfitTables } from './campaign-profit.tsx';
import { FirstPartyAttributionCard } from './first-party-attribution.tsx';
import { FirstPartyHealthCard } from './first-party-health.tsx';

/**
 * Campaign Performance: each Meta campaign's spend and platform figures beside the revenue the store
 * verifies (our attribution), with ROAS, match rate, the action label, a daily spend/revenue chart
 * and links to the related opportunities, for the last 7, 30 or 90 days.
 */
export function CampaignsPage() {
  const dates = useDateRange();
  const query = useCampaignPerformance(dates.range, dates.ready);
  const period = periodNearest(dates.range);
  const data = query.data;
  return (
    <div className="grid min-w-0 gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-white">Campaign Performance</h1>
          <p className="text-slate-300">
            What your Meta campaigns cost and what the store verifies they earned
          </p>
          {data?.startDate && data.endDate ? (
            <p className="mt-1 text-xs text-slate-400" data-testid="campaign-range">
              {data.period} days, {data.startDate} to {data.endDate} (shop days; a rolling period ends on the
              store's last complete day with synced orders)
            </p>
          ) : null}
          {data ? (
            <RangeWindow
              from={data.from}
              to={data.to}
              timeZone={dates.timeZone ?? null}
              comparison={data.comparison}
            />
          ) : null}
        </div>
        <ProfitRangePicker state={dates} comparable />
      </header>
      {query.isPending ? (
        <LoadingCards count={4} />
      ) : query.isError ? (
        <ReadError error={query.error} />
      ) : !query.data.hasData ? (
        query.data.connected ? (
          <ProfilePrompt
            testId="campaigns-empty"
            title="No campaign data yet"
            text="Meta is connected, but no campaign insights have been synced yet. They appear after the first sync; check the connection on your profile page if this lasts."
            action="Check the Meta connection"
          />
        ) : (
          <ProfilePrompt
            testId="campaigns-empty"
            title="Meta is not connected"
            text="Connect your Meta ad account (or the demo store) on your profile page to compare what each campaign spends with the revenue your store verifies."
            action="Connect Meta"
          />
        )
      ) : null}
      {!query.isError && query.data && !query.data.hasData && query.data.adPlatforms.length > 0 ? (
        <AdPlatformCampaignsCard data={query.data} />
      ) : null}
      {!query.isError && query.data?.hasData ? <CampaignReport data={query.data} period={period} /> : null}
    </div>
  );
}

function CampaignReport({ data, period }: { data: CampaignPerformance; period: CampaignPeriod }) {
  const { totals, shopCurrency, accountCurrency } = data;
  return (
    <>
      {data.currencyNote ? (
        <p className="rounded-lg border border-amber-500/40 bg-amber-950/30 p-3 text-sm text-amber-200">
          {data.currencyNote}
        </p>
      ) : null}
      {data.ga4CurrencyNote ? (
        <p className="text-xs text-slate-400" data-testid="ga4-currency-note">
          {data.ga4CurrencyNote}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SummaryStat
          testId="total-spend"
          title={METRIC_NAMES.metaSpend}
          value={formatAmountIn(totals.spend, accountCurrency)}
          metric={metricAttributes('meta.spend', data.period, Number(totals.spend))}
          hint={`${formatCount(totals.clicks)} clicks · CPC ${formatCpc(totals.cpc, accountCurrency)}`}
        />
        <SummaryStat
          testId="total-revenue"
          title="Store-verified Revenue"
          value={formatAmountIn(totals.netRevenue, shopCurrency)}
          metric={metricAttributes('meta.attributedRevenue', data.period, Number(totals.netRevenue))}
          hint={`${formatCount(totals.verifiedOrders)} orders, net of ${formatAmountIn(totals.refunds, shopCurrency)} refunds`}
        />
        <SummaryStat
          testId="total-roas"
          title={METRIC_NAMES.metaAttributedRoas}
          value={formatRoas(totals.roas)}
          metric={metricAttributes('meta.roas', data.period, totals.roas)}
          hint={ROAS_RULES.metaAttributedRoas}
        />
        <SummaryStat
          testId="total-match"
          title={METRIC_NAMES.matchRate}
          value={formatRate(totals.matchRate, 0)}
          metric={metricAttributes('meta.matchRate', data.period, totals.matchRate)}
          hint={`Meta claims ${formatAmountIn(totals.reportedPurchaseValue, accountCurrency)} (${formatCount(totals.reportedPurchases)} purchases)`}
        />
      </div>
      <CampaignProfitSummary data={data} />
      <FirstPartyHealthCard period={period} />
      <FirstPartyAttributionCard period={period} />
      <CampaignTable data={data} />
      {data.adPlatforms.length > 0 ? <AdPlatformCampaignsCard data={data} /> : null}
      <CampaignProfitTables data={data} />
      <section className="grid gap-4 lg:grid-cols-2" data-testid="campaign-cards">
        {data.campaigns.map((c) => (
          <CampaignCard key={c.campaignId} campaign={c} data={data} />
        ))}
      </section>
      <Card>
        <CardContent className="grid gap-2 pt-6 text-xs text-slate-400" data-testid="attribution-rule">
          <p>{data.attributionRule}</p>
          <p>Meta reports days in the ad account's time zone.</p>
          {data.unmatched.orders > 0 ? (
            <p data-testid="unmatched">
              {formatCount(data.unmatched.orders)} Meta-credited orders (
              {formatAmountIn(data.unmatched.revenue, shopCurrency)}) name no known campaign in their UTM
              tags: they count in the totals above, not in a campaign row.
            </p>
          ) : null}
        </CardContent>
      </Card>
    </>
  );
}

function CampaignTable({ data }: { data: CampaignPerformance }) {
  const { shopCurrency, accountCurrency } = data;
  const head = ['Campaign', 'Spend', 'Impr.', 'Clicks', 'CTR', 'CPC', 'Verified orders', 'Verified revenue'];
  return (
    <Card data-testid="campaign-table" className="min-w-0">
      <CardHeader>
        <CardTitle>Campaigns</CardTitle>
        <CardDescription>
          The revenue your store verifies, then three views of what each campaign earned side by side
        </CardDescription>
        <ul className="grid gap-1 text-xs text-slate-400" data-testid="revenue-sources-note">
          <li>
            <span className="text-slate-300">First-party</span>: orders your own tracker joins to the
            campaign's visits (last non-direct click over first-party journeys), at their order totals.
          </li>
          <li>
            <span className="text-slate-300">GA4-reported</span>: GA4's purchase revenue of sessions whose
            campaign (utm_campaign) is this one; GA4 misses purchases it cannot see (ad blockers, consent)
            {data.totals.ga4ReportedRevenue !== null
              ? ` and reports ${formatAmountIn(data.totals.ga4ReportedRevenue, shopCurrency)} for Meta traffic in total.`
              : '. Google Analytics is not connected.'}
          </li>
          <li>
            <span className="text-slate-300">Meta-reported</span>: what Meta claims (click- and view-through,
            its own attribution window), in the ad account's currency.
          </li>
        </ul>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        {data.campaigns.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-400">No campaign spent in this period.</p>
        ) : (
          <table className="w-full min-w-[70rem] text-sm">
            <HeadRow
              labels={[
                ...head,
                'First-party revenue',
                'GA4-reported revenue',
                'Meta-reported purchases',
                'Meta-reported value',
                'Meta-attributed ROAS',
                'Match',
                'Label',
              ]}
            />
            <tbody>
              {data.campaigns.map((c) => (
                <tr key={c.campaignId} className="border-t border-slate-800" data-testid="campaign-row">
                  <td className="py-2 pr-3">
                    <p className="font-medium text-white">{c.name}</p>
                    <p className="text-xs text-slate-400">{statusLabel(c.status)}</p>
                  </td>
                  <td className="py-2 pr-3">{formatAmountIn(c.spend, accountCurrency)}</td>
                  <td className="py-2 pr-3">{formatCount(c.impressions)}</td>
                  <td className="py-2 pr-3">{formatCount(c.clicks)}</td>
                  <td className="py-2 pr-3">{formatRate(c.ctr, 2)}</td>
                  <td className="py-2 pr-3">{formatCpc(c.cpc, accountCurrency)}</td>
                  <td className="py-2 pr-3">{formatCount(c.verifiedOrders)}</td>
                  <td className="py-2 pr-3">{formatAmountIn(c.netRevenue, shopCurrency)}</td>
                  <td className="py-2 pr-3" data-testid="campaign-first-party">
                    {formatAmountIn(c.firstPartyRevenue, shopCurrency)}
                  </td>
                  <td className="py-2 pr-3" data-testid="campaign-ga4">
                    {c.ga4ReportedRevenue === null ? '—' : formatAmountIn(c.ga4ReportedRevenue, shopCurrency)}
                  </td>
                  <td className="py-2 pr-3">{formatCount(c.reportedPurchases)}</td>
                  <td className="py-2 pr-3" data-testid="campaign-meta-reported">
                    {formatAmountIn(c.reportedPurchaseValue, accountCurrency)}
                  </td>
                  <td
                    className={cn(
                      'py-2 pr-3',
                      c.roas !== null && c.roas > 2.5 && 'text-emerald-300',
                      c.roas !== null && c.roas < 1 && 'text-red-300',
                    )}
                    {...metricAttributes(`campaign.${c.campaignId}.roas`, data.period, c.roas)}
                  >
                    {formatRoas(c.roas)}
                  </td>
                  <td
                    className={cn(
                      'py-2 pr-3',
                      c.matchRate !== null && (c.matchRate > 90 ? 'text-emerald-300' : 'text-amber-300'),
                    )}
                  >
                    {formatRate(c.matchRate, 0)}
                  </td>
                  <td className="py-2">
                    {c.label ? <Badge variant={labelVariant(c.label)}>{c.label}</Badge> : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}

function CampaignCard({ campaign: c, data }: { campaign: CampaignRow; data: CampaignPerformance }) {
  return (
    <Card data-testid="campaign-card" data-campaign-id={c.campaignId}>
      <CardHeader className="pb-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>{c.name}</CardTitle>
          {c.label ? <Badge variant={labelVariant(c.label)}>{c.label}</Badge> : null}
        </div>
        <CardDescription>
          {statusLabel(c.status)} · spend {formatAmountIn(c.spend, data.accountCurrency)} · verified{' '}
          {formatAmountIn(c.netRevenue, data.shopCurrency)} · Meta-attributed ROAS {formatRoas(c.roas)}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm text-slate-300">{labelAdvice(c.label)}</p>
        <CampaignChart campaign={c} shopCurrency={data.shopCurrency} accountCurrency={data.accountCurrency} />
        {c.opportunities.length > 0 ? (
          <ul className="grid gap-1 text-sm" data-testid="campaign-opportunities">
            {c.opportunities.map((o) => (
              <li key={o.id}>
                <Link href="/opportunities" className="text-indigo-300 underline-offset-4 hover:underline">
                  {o.title}
                </Link>
                {o.status === 'implemented' ? (
                  <span className="text-xs text-slate-400"> · implemented</span>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
