import { ReadError, SummaryStat } from '@web/components/page-states.tsx';
import { PeriodSelect } from '@web/components/period-select.tsx';
import { buttonClasses } from '@web/components/ui/button.tsx';
import { Card, CardContent } from '@web/components/ui/card.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select.tsx';
import { formatThousands } from '@web/lib/money.ts';
import { Download, Gauge, Lightbulb, Target, TrendingUp } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { ResultsProgressWhileBusy } from '../../../components/connect-progress.tsx';
import {
  formatTimeAgo,
  type SortKey,
  sortOpportunities,
} from '../../../lib/opportunities/format-opportunity.ts';
import {
  type StatsPeriod,
  useAnalysisStatus,
  useAttribution,
  useCohortRetention,
  useCustomerSegments,
  useOpportunities,
  useOpportunityStats,
  useStockImpact,
} from '../../../lib/opportunities/opportunity-queries.ts';
import { useProductPerformance } from '../../../lib/products/product-queries.ts';
import {
  AttributionTable,
  CohortRetentionChart,
  CustomerBehaviorPlaceholder,
  RevenueImpactChart,
  SegmentCards,
  StockImpactList,
} from './analytics-sections.tsx';
import { useOpportunityControls } from './opportunity-actions.tsx';
import { OpportunityCard } from './opportunity-card.tsx';
import { OpportunityDetailsDialog } from './opportunity-details-dialog.tsx';

/** A clock that ticks every 30 s, so "Last updated … ago" stays true without a refetch. */
function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * The Revenue Opportunities page (spec §2) on the latest analysis snapshot: header with the time since
 * the last run, period selector (stats), CSV export, four summary cards, the sortable list with
 * Implement and View Details, the impact chart and the analytics sections. Everything polls every 30 s.
 */
export function OpportunitiesPage() {
  const [period, setPeriod] = useState<StatsPeriod>('30');
  const [sort, setSort] = useState<SortKey>('impact');
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const now = useNow();
  const list = useOpportunities();
  const stats = useOpportunityStats(period);
  const status = useAnalysisStatus();
  const segments = useCustomerSegments();
  const cohorts = useCohortRetention();
  const attribution = useAttribution(period);
  const stock = useStockImpact();
  // /products' count of products out and low: the same figure on both pages (decision 034).
  const stockAlerts = useProductPerformance('30');

  const opportunities = list.data ?? [];
  const sorted = useMemo(() => sortOpportunities(opportunities, sort), [opportunities, sort]);
  const currency = opportunities[0]?.currency ?? 'USD';
  const details = opportunities.find((o) => o.id === detailsId) ?? null;
  const controls = useOpportunityControls(opportunities);

  if (list.isPending) {
    return <p className="py-16 text-center text-slate-300">Loading opportunities...</p>;
  }

  const s = stats.data;
  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-white">Revenue Opportunities</h1>
          <p className="text-slate-300">Actionable insights to increase revenue</p>
          <p className="mt-1 text-xs text-slate-400" data-testid="last-updated">
            {status.data?.running ? 'Analysing now… ' : ''}
            {formatTimeAgo(status.data?.lastSucceededAt, now)}
          </p>
          <div className="mt-2">
            <ResultsProgressWhileBusy />
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <PeriodSelect value={period} onChange={setPeriod} />
          <a
            href="/api/opportunities/export.csv"
            download
            className={buttonClasses({ variant: 'outline' })}
            data-testid="export-report"
          >
            <Download aria-hidden="true" />
            Export Report
          </a>
        </div>
      </header>

      {list.isError ? <ReadError error={list.error} /> : null}

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SummaryStat
          testId="summary-total"
          title="Total Opportunities"
          value={formatThousands(s?.totalPotential ?? 0, s?.currency ?? currency, 1)}
          hint={
            s && Number(s.totalSavings) > 0
              ? `Potential revenue, next 30 days (savings of ${formatThousands(s.totalSavings, s.currency, 1)} not included)`
              : 'Potential revenue, next 30 days'
          }
          icon={<TrendingUp aria-hidden="true" className="size-4 text-emerald-300" />}
        />
        <SummaryStat
          testId="summary-high"
          title="High Priority"
          value={String(s?.highPriorityCount ?? 0)}
          hint="Requires immediate action"
          icon={<Target aria-hidden="true" className="size-4 text-red-300" />}
        />
        <SummaryStat
          testId="summary-confidence"
          title="Confidence Score"
          value={`${Math.round(s?.confidenceScore ?? 0)}%`}
          hint="AI prediction accuracy"
          icon={<Gauge aria-hidden="true" className="size-4 text-indigo-300" />}
        />
        <SummaryStat
          testId="summary-implementation"
          title="Implementation Rate"
          value={`${Math.round(s?.implementationRate ?? 0)}%`}
          hint="Current period"
          icon={<Lightbulb aria-hidden="true" className="size-4 text-amber-300" />}
        />
      </div>

      <div className="grid gap-6 xl:grid-cols-3">
        <section className="grid content-start gap-4 xl:col-span-2" data-testid="opportunity-list">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-xl font-semibold text-white">Priority Opportunities</h2>
            <Select value={sort} onValueChange={(value) => setSort(value as SortKey)}>
              <SelectTrigger aria-label="Sort by" className="w-48" data-testid="sort-select">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="impact">Revenue Impact</SelectItem>
                <SelectItem value="profit">Profit Impact</SelectItem>
                <SelectItem value="confidence">Confidence</SelectItem>
                <SelectItem value="effort">Effort Required</SelectItem>
              </SelectContent>
            </Select>
          </div>
          {sorted.length === 0 ? (
            <Card>
              <CardContent className="py-10 text-center">
                <p className="font-semibold text-white">No opportunities detected</p>
                <p className="text-sm text-slate-400">
                  Check back later as our system continuously analyzes your data for new opportunities.
                </p>
              </CardContent>
            </Card>
          ) : (
            sorted.map((o) => (
              <OpportunityCard
                key={o.id}
                opportunity={o}
                busy={controls.pendingId === o.id}
                onImplement={controls.onImplement}
                onDismiss={controls.onDismiss}
                onSnooze={controls.onSnooze}
                onViewDetails={setDetailsId}
              />
            ))
          )}
        </section>
        <div className="grid content-start gap-6">
          <RevenueImpactChart opportunities={opportunities} />
          <CustomerBehaviorPlaceholder />
          <StockImpactList rows={stock.data ?? []} currency={currency} summary={stockAlerts.data?.totals} />
        </div>
      </div>

      <AttributionTable rows={attribution.data ?? []} currency={currency} periodDays={Number(period)} />
      <div className="grid gap-6 lg:grid-cols-2">
        <SegmentCards
          segments={segments.data ?? []}
          currency={currency}
          lifetimeModel={status.data?.lifetimeModel ?? null}
        />
        <CohortRetentionChart points={cohorts.data ?? []} />
      </div>

      {controls.confirmation}
      <OpportunityDetailsDialog
        opportunity={details}
        onOpenChange={(open) => (open ? null : setDetailsId(null))}
      />
    </div>
  );
}
