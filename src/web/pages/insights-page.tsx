import { LoadingCards, NoStoreData, ReadError, SummaryStat } from '@web/components/page-states.tsx';
import { ProfitRangePicker } from '@web/components/profit-range-picker.tsx';
import { RangeWindow } from '@web/components/range-window.tsx';
import { Card, CardContent } from '@web/components/ui/card.tsx';
import { useDateRange } from '@web/components/use-date-range.ts';
import { AskPanel } from '@web/features/ask/components/ask-panel.tsx';
import { formatMoney } from '@web/lib/money.ts';
import { Sparkles } from 'lucide-react';
import { useInsights } from '../features/insights/api/insight-queries.ts';
import { AnomalyChart } from '../features/insights/components/anomaly-chart.tsx';
import { InsightCard } from '../features/insights/components/insight-card.tsx';
import { revenueChange } from '../features/insights/lib/format-insight.ts';

const SEVERITY_RULE =
  "How severity is graded: money at stake against the period's revenue — high from 5 %, medium from 1 %; " +
  'segment shifts (RFM segment sizes against 30 days earlier) are medium from a 25 % change, low from 10 %. ' +
  'Stock-outs are those under way now; attribution uses the last 30 days.';

/**
 * AI Insights: revenue anomalies against the forecast, the period's biggest movers, segment shifts,
 * stock-outs under way and attribution gaps, as ranked narrative cards computed from the store's own
 * data by Upside's models (no external AI service), for the range chosen in the shared date-range control.
 */
export function InsightsPage() {
  const dates = useDateRange();
  const query = useInsights(dates.range, dates.ready);
  const data = query.data;
  const currency = data?.currency ?? 'USD';
  const insights = data?.insights ?? [];
  const change = data?.revenue ? revenueChange(data.revenue) : null;
  const count = (severity: string) => insights.filter((i) => i.severity === severity).length;
  const anomalies = insights.filter((i) => i.kind === 'revenue_anomaly').length;

  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-white">AI Insights</h1>
          <p className="flex items-center gap-2 text-slate-300">
            <Sparkles aria-hidden="true" className="size-4 text-indigo-300" />
            Anomalies and narrative insights, computed from your data by Upside's models — no external AI
            service sees your store.
          </p>
          {data?.asOf ? (
            <p className="mt-1 text-xs text-slate-400" data-testid="insights-period">
              {data.periodStart} – {data.asOf}, days in the shop's time zone ({data.timeZone ?? 'unknown'});
              revenue is net of refunds, on the refund's day.
            </p>
          ) : null}
          {data ? (
            <RangeWindow
              from={data.from}
              to={data.to}
              timeZone={data.timeZone}
              comparison={data.comparison}
            />
          ) : null}
        </div>
        <ProfitRangePicker state={dates} comparable />
      </header>
      <AskPanel />

      {query.isError ? <ReadError error={query.error} /> : null}
      {query.isPending ? (
        <LoadingCards count={4} />
      ) : !data?.asOf ? (
        query.isError ? null : (
          <NoStoreData what="Insights" />
        )
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <SummaryStat
              testId="stat-revenue"
              title={`Revenue, ${data.period} days`}
              value={formatMoney(data.revenue?.current ?? 0, currency)}
              hint={
                change === null
                  ? 'No revenue in the previous period'
                  : `${change >= 0 ? '+' : '−'}${Math.abs(change).toFixed(1)} % on ${data.comparison ? `${data.comparison.from} to ${data.comparison.to}` : `the previous ${data.period} days`} (${formatMoney(data.revenue?.previous ?? 0, currency)})`
              }
            />
            <SummaryStat
              testId="stat-anomalies"
              title="Anomalous days"
              value={String(anomalies)}
              hint="Outside the forecast's 95 % interval"
            />
            <SummaryStat
              testId="stat-high"
              title="High severity"
              value={String(count('high'))}
              hint="≥ 5 % of the period's revenue at stake"
            />
            <SummaryStat
              testId="stat-total"
              title="Insights"
              value={String(insights.length)}
              hint={`${count('medium')} medium, ${count('low')} low`}
            />
          </div>

          <AnomalyChart days={data.revenueDays} currency={currency} />

          <section className="grid gap-4" data-testid="insight-list">
            <h2 className="text-xl font-semibold text-white">Insights</h2>
            {insights.length === 0 ? (
              <Card>
                <CardContent className="py-10 text-center">
                  <p className="font-semibold text-white">
                    Nothing unusual from {data.periodStart} to {data.asOf}
                  </p>
                  <p className="text-sm text-slate-400">
                    No day left the forecast's interval and no product, channel or segment moved by 1 % of
                    revenue or more.
                  </p>
                </CardContent>
              </Card>
            ) : (
              <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
                {insights.map((insight) => (
                  <InsightCard key={insight.id} insight={insight} currency={currency} />
                ))}
              </div>
            )}
          </section>
          <p className="text-xs text-slate-400">{SEVERITY_RULE}</p>
        </>
      )}
    </div>
  );
}
