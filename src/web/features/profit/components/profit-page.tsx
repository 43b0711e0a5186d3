import type { ProfitGranularity, ProfitReport } from '@shared/contracts/profit.ts';
import { CostCoverage } from '@web/components/cost-coverage.tsx';
import { LoadingCards, NoStoreData, ReadError, SummaryStat } from '@web/components/page-states.tsx';
import { ProfitRangePicker } from '@web/components/profit-range-picker.tsx';
import { buttonClasses } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select.tsx';
import { useDateRange } from '@web/components/use-date-range.ts';
import { COSTS_PAGE_PATH } from '@web/lib/costs-page-path.ts';
import { formatMoney } from '@web/lib/money.ts';
import { useState } from 'react';
import { Link } from 'wouter';
import { useProfitReport } from '../api/profit-queries.ts';
import { ProfitSeriesChart } from './profit-series-chart.tsx';
import { ProfitStatementTable } from './profit-statement-table.tsx';
import { ProfitWaterfall } from './profit-waterfall.tsx';

const GRANULARITY_LABELS: Readonly<Record<ProfitGranularity, string>> = {
  day: 'By day',
  week: 'By week',
  month: 'By month',
};

const COMPARE_NAMES = { previous_period: 'the previous period', previous_year: 'the previous year' } as const;

/** Sales but no known cost: every cost of goods is an estimate (or missing) until costs are added. */
function AddCostsPrompt() {
  return (
    <Card data-testid="no-costs">
      <CardContent className="grid justify-items-center gap-3 py-8 text-center">
        <p className="text-lg font-semibold text-white">Add your costs</p>
        <p className="max-w-lg text-sm text-slate-300">
          None of the units sold in this range has a known cost, so cost of goods and profit rest on
          estimates. Enter or import your unit costs to see real margins.
        </p>
        <Link href={COSTS_PAGE_PATH} className={buttonClasses()}>
          Add costs
        </Link>
      </CardContent>
    </Card>
  );
}

function Headline({ report }: { report: ProfitReport }) {
  const compared = report.comparison?.totals;
  const stat = (line: 'netSales' | 'grossProfit' | 'contributionMargin' | 'netProfit', title: string) => (
    <SummaryStat
      testId={`profit-${line}`}
      title={title}
      value={formatMoney(report.totals[line], report.currency)}
      hint={
        compared
          ? `${formatMoney(compared[line], report.currency)} in ${COMPARE_NAMES[report.comparison!.compare]}`
          : ' '
      }
    />
  );
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {stat('netSales', 'Net sales')}
      {stat('grossProfit', 'Gross profit')}
      {stat('contributionMargin', 'Contribution margin')}
      {stat('netProfit', 'Net profit')}
    </div>
  );
}

function Report({ report }: { report: ProfitReport }) {
  const estimated = Number(report.estimated.cogs) !== 0;
  return (
    <>
      <Headline report={report} />
      <Card>
        <CardHeader>
          <CardTitle>Profit and loss</CardTitle>
          <CardDescription>
            From gross sales to net profit, {report.from} to {report.to}
            {estimated ? ' · * cost of goods includes estimates from your default margin' : ''}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ProfitWaterfall totals={report.totals} currency={report.currency} cogsEstimated={estimated} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Over time</CardTitle>
          <CardDescription>
            {GRANULARITY_LABELS[report.granularity]}
            {report.comparison
              ? ` · dashed: net profit of ${report.comparison.from} to ${report.comparison.to}`
              : ''}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ProfitSeriesChart report={report} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Statement</CardTitle>
          <CardDescription>
            Every line in {report.currency}; days are shop days ({report.timeZone}).
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ProfitStatementTable report={report} />
        </CardContent>
      </Card>
    </>
  );
}

/**
 * The Profit page (issue #13): the P&L waterfall from gross sales to net profit over any range,
 * by day, week or month, compared with the previous period or year, and the cost coverage always
 * in view. Amounts arrive as exact decimal strings and are only formatted here.
 */
export function ProfitPage() {
  const dates = useDateRange('previous_period');
  const { range } = dates;
  const [granularity, setGranularity] = useState<ProfitGranularity>('day');
  const report = useProfitReport(
    { from: range.from, to: range.to, granularity, compare: range.compare },
    dates.ready,
  );
  const data = report.data;
  const noCosts = data?.hasData && data.coverage.unitsSold > 0 && data.coverage.unitsWithCost === 0;
  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-white">Profit</h1>
          <p className="text-slate-300" data-testid="profit-range">
            {range.from} to {range.to}
            {data?.comparison ? ` vs ${data.comparison.from} to ${data.comparison.to}` : ''}
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <ProfitRangePicker state={dates} comparable />
          <Select value={granularity} onValueChange={(next) => setGranularity(next as ProfitGranularity)}>
            <SelectTrigger aria-label="Granularity" className="w-32" data-testid="profit-granularity">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {(Object.keys(GRANULARITY_LABELS) as ProfitGranularity[]).map((g) => (
                <SelectItem key={g} value={g}>
                  {GRANULARITY_LABELS[g]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </header>

      <CostCoverage variant="card" coverage={data?.coverage ?? null} />
      {report.isError ? <ReadError error={report.error} /> : null}
      {report.isPending ? <LoadingCards count={4} /> : null}
      {data && !data.hasData ? <NoStoreData what="Your profit and loss" /> : null}
      {noCosts ? <AddCostsPrompt /> : null}
      {data?.hasData ? <Report report={data} /> : null}
    </div>
  );
}
