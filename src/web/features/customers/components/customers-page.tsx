import type { CustomersSummary } from '@shared/contracts/customers.ts';
import { LoadingCards, NoStoreData, ReadError, SummaryStat } from '@web/components/page-states.tsx';
import { ProfitRangePicker } from '@web/components/profit-range-picker.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { useDateRange } from '@web/components/use-date-range.ts';
import { cn } from '@web/lib/cn.ts';
import { formatCurrency, formatMoney } from '@web/lib/money.ts';
import { formatTimeAgo } from '@web/lib/opportunities/format-opportunity.ts';
import { useAnalysisStatus } from '@web/lib/opportunities/opportunity-queries.ts';
import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useCohortProfit, useCustomersSummary } from '../../../lib/customers/customer-queries.ts';
import {
  formatGrowth,
  formatParameter,
  formatProbability,
  formatShare,
  SIGNAL_TONE_CLASS,
  segmentGrowthTone,
  tooLittleDataText,
} from '../../../lib/customers/format-customers.ts';
import { CohortProfitSection } from './cohort-profit.tsx';
import { CustomerTable } from './customer-table.tsx';

const tooltipStyle = { background: '#0f172a', border: '1px solid #334155', color: '#e2e8f0' };

function SummaryStats({ data }: { data: CustomersSummary }) {
  const money = (v: string | null) => (v === null ? '—' : formatCurrency(v, data.currency ?? 'USD', 0));
  const fitted = data.lifetime.status === 'fitted';
  const cohorts = useCohortProfit();
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
      <SummaryStat
        testId="stat-customers"
        title="Customers"
        value={data.customers.toLocaleString('en-US')}
        hint={`Customer records with an order up to ${data.asOf ?? '—'}; guest checkouts not counted`}
      />
      <SummaryStat
        testId="stat-revenue"
        title="Customer revenue"
        value={money(data.revenue)}
        hint="All their orders, before refunds"
      />
      <SummaryStat
        testId="stat-clv"
        title="Expected 12-month value"
        value={fitted ? money(data.clv12m) : 'Too little data'}
        hint="BG/NBD × Gamma-Gamma, 1% monthly discount"
      />
      <SummaryStat
        testId="stat-ltv-contribution"
        title="Lifetime value (contribution)"
        value={
          cohorts.data?.lifetime.ltv ? formatMoney(cohorts.data.lifetime.ltv, cohorts.data.currency) : '—'
        }
        hint="Contribution margin to date per customer, after costs, shipping and fees"
      />
      <SummaryStat
        testId="stat-orders"
        title="Expected orders, 12 months"
        value={
          fitted && data.expectedOrders12m !== null
            ? Math.round(data.expectedOrders12m).toLocaleString('en-US')
            : 'Too little data'
        }
        hint="From customers already acquired"
      />
    </div>
  );
}

function SegmentTable({
  data,
  selected,
  onSelect,
}: {
  data: CustomersSummary;
  selected: string | undefined;
  onSelect: (segment: string | undefined) => void;
}) {
  const money = (v: string | null) => (v === null ? '—' : formatCurrency(v, data.currency ?? 'USD', 0));
  return (
    <Card data-testid="segment-table">
      <CardHeader>
        <CardTitle>RFM segments</CardTitle>
        <CardDescription>
          Recency, frequency and monetary quintile scores (1–5); growth is the segment's size against 30 days
          earlier. Select a segment to list its customers.
        </CardDescription>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-slate-400">
              <th className="py-2 pr-3 font-medium">Segment</th>
              <th className="py-2 pr-3 text-right font-medium">Customers</th>
              <th className="py-2 pr-3 text-right font-medium">Revenue share</th>
              <th className="py-2 pr-3 text-right font-medium">Growth</th>
              <th className="py-2 pr-3 text-right font-medium">Churn risk</th>
              <th className="py-2 pr-3 text-right font-medium">CLV / customer</th>
              <th className="py-2 text-right font-medium">Segment CLV</th>
            </tr>
          </thead>
          <tbody>
            {data.segments.map((s) => (
              <tr
                key={s.segment}
                data-testid="segment-row"
                className={cn('border-t border-slate-800', selected === s.segment && 'bg-indigo-500/10')}
              >
                <td className="py-2 pr-3">
                  <button
                    type="button"
                    className="font-medium text-indigo-200 underline-offset-4 hover:underline"
                    aria-pressed={selected === s.segment}
                    onClick={() => onSelect(selected === s.segment ? undefined : s.segment)}
                  >
                    {s.segment}
                  </button>
                </td>
                <td className="py-2 pr-3 text-right">
                  {s.customers.toLocaleString('en-US')}{' '}
                  <span className="text-xs text-slate-400">({formatShare(s.customerShare)})</span>
                </td>
                <td className="py-2 pr-3 text-right">
                  {formatShare(s.revenueShare)}{' '}
                  <span className="text-xs text-slate-400">{money(s.revenue)}</span>
                </td>
                <td
                  className={cn(
                    'py-2 pr-3 text-right',
                    SIGNAL_TONE_CLASS[segmentGrowthTone(s.segment, s.growthRate)],
                  )}
                  data-tone={segmentGrowthTone(s.segment, s.growthRate)}
                >
                  {formatGrowth(s.growthRate)}
                </td>
                <td className="py-2 pr-3 text-right">{formatProbability(s.averageChurnProbability)}</td>
                <td className="py-2 pr-3 text-right">{money(s.averageClv)}</td>
                <td className="py-2 text-right">{money(s.totalClv)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}

function ChurnDistribution({ data }: { data: CustomersSummary }) {
  const bins = data.churnDistribution.map((b) => ({
    label: `${Math.round(b.from * 100)}–${Math.round(b.to * 100)}%`,
    customers: b.customers,
  }));
  return (
    <Card data-testid="churn-distribution">
      <CardHeader>
        <CardTitle>Churn probability</CardTitle>
        <CardDescription>
          Customers by 1 − P(alive) from the {data.lifetime.churnModel ?? 'BG/NBD'} model, as of{' '}
          {data.asOf ?? '—'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="h-64">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={bins} margin={{ top: 8, right: 8, left: 0, bottom: 8 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#334155" />
              <XAxis
                dataKey="label"
                tick={{ fill: '#cbd5e1', fontSize: 10 }}
                interval={0}
                angle={-30}
                textAnchor="end"
                height={50}
              />
              <YAxis tick={{ fill: '#cbd5e1', fontSize: 11 }} allowDecimals={false} />
              <Tooltip
                contentStyle={tooltipStyle}
                formatter={(v) => [Number(v).toLocaleString('en-US'), 'Customers']}
              />
              <Bar dataKey="customers" fill="#f59e0b" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </CardContent>
    </Card>
  );
}

function ModelFit({ data }: { data: CustomersSummary }) {
  const { lifetime } = data;
  const tooLittle = tooLittleDataText(lifetime);
  return (
    <Card data-testid="model-fit">
      <CardHeader>
        <CardTitle>Lifetime models</CardTitle>
        <CardDescription>
          {lifetime.churnModel ?? 'BG/NBD'} for P(alive) and churn, BG/NBD for expected orders, Gamma-Gamma
          for spend per order; time unit {lifetime.timeUnit ?? 'week'}, horizon {lifetime.horizonMonths ?? 12}{' '}
          months, discount {((lifetime.monthlyDiscountRate ?? 0.01) * 100).toFixed(0)}% a month.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {tooLittle ? (
          <p className="text-amber-300" data-testid="too-little-data">
            {tooLittle}
          </p>
        ) : null}
        {lifetime.bgnbd ? (
          <div>
            <p className="font-medium text-white">BG/NBD</p>
            <p className="text-slate-300">
              r {formatParameter(lifetime.bgnbd.r)}, α {formatParameter(lifetime.bgnbd.alpha)}, a{' '}
              {formatParameter(lifetime.bgnbd.a)}, b {formatParameter(lifetime.bgnbd.b)} · log-likelihood{' '}
              {lifetime.bgnbd.logLikelihood.toFixed(1)} · {lifetime.bgnbd.customers.toLocaleString('en-US')}{' '}
              customers · {lifetime.bgnbd.converged ? 'converged' : 'did not converge'}
            </p>
          </div>
        ) : null}
        {lifetime.mbgnbd ? (
          <div data-testid="mbgnbd-fit">
            <p className="font-medium text-white">MBG/NBD (churn)</p>
            <p className="text-slate-300">
              r {formatParameter(lifetime.mbgnbd.r)}, α {formatParameter(lifetime.mbgnbd.alpha)}, a{' '}
              {formatParameter(lifetime.mbgnbd.a)}, b {formatParameter(lifetime.mbgnbd.b)} · log-likelihood{' '}
              {lifetime.mbgnbd.logLikelihood.toFixed(1)} ·{' '}
              {lifetime.mbgnbd.converged ? 'converged' : 'did not converge'}
            </p>
          </div>
        ) : null}
        {lifetime.gammaGamma ? (
          <div>
            <p className="font-medium text-white">Gamma-Gamma</p>
            <p className="text-slate-300">
              p {formatParameter(lifetime.gammaGamma.p)}, q {formatParameter(lifetime.gammaGamma.q)}, γ{' '}
              {formatParameter(lifetime.gammaGamma.gamma)} · log-likelihood{' '}
              {lifetime.gammaGamma.logLikelihood.toFixed(1)} ·{' '}
              {lifetime.gammaGamma.customers.toLocaleString('en-US')} repeat customers ·{' '}
              {lifetime.gammaGamma.converged ? 'converged' : 'did not converge'}
            </p>
          </div>
        ) : null}
        {lifetime.status === 'fitted' && lifetime.repeatCustomers !== null ? (
          <p className="text-xs text-slate-400">
            Fitted on {lifetime.repeatCustomers.toLocaleString('en-US')} repeat customers (at least{' '}
            {lifetime.minimumRepeatCustomers} needed).{' '}
            {lifetime.mbgnbd
              ? 'Churn comes from MBG/NBD, in which a customer may also drop out right after the first order, so one-time buyers get a real churn risk that grows the longer they stay away.'
              : 'This run used BG/NBD for churn, which counts a customer who never ordered again as still alive (P(alive) = 100%); the next analysis run uses MBG/NBD.'}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

/**
 * Customer Segments: the latest analysis run's RFM segments with their shares and growth, churn
 * probability and expected 12-month CLV when the lifetime models could be fitted (otherwise the
 * "too little data" note, design §6), the models' fit in brief, and the searchable customer list.
 */
export function CustomersPage() {
  const summary = useCustomersSummary();
  const status = useAnalysisStatus();
  const [segment, setSegment] = useState<string | undefined>(undefined);
  const dates = useDateRange();
  const data = summary.data;
  const fitted = data?.lifetime.status === 'fitted';
  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-white">Customer Segments</h1>
          <p className="text-slate-300">RFM segments, churn risk and expected lifetime value</p>
          <p className="mt-1 text-xs text-slate-400" data-testid="last-updated">
            {status.data?.running ? 'Analysing now… ' : ''}
            {formatTimeAgo(data?.analysedAt, new Date())}
          </p>
          <p className="mt-1 text-xs text-slate-400">
            The range picks the customers listed below (an order in it; shop days in{' '}
            {dates.timeZone ?? 'the shop’s time zone'}); segments and lifetime value are as of the latest
            analysis.
          </p>
        </div>
        <ProfitRangePicker state={dates} />
      </header>
      {summary.isError ? <ReadError error={summary.error} /> : null}
      {summary.isPending ? <LoadingCards count={4} /> : null}
      {data && !data.hasData ? <NoStoreData what="Customer segments, churn and lifetime value" /> : null}
      {data?.hasData ? (
        <>
          <SummaryStats data={data} />
          <SegmentTable data={data} selected={segment} onSelect={setSegment} />
          <div className={cn('grid gap-6', fitted && 'lg:grid-cols-2')}>
            {fitted ? <ChurnDistribution data={data} /> : null}
            <ModelFit data={data} />
          </div>
          <CohortProfitSection />
          <CustomerTable
            currency={data.currency ?? 'USD'}
            segments={data.segments.map((s) => s.segment)}
            segment={segment}
            onSegmentChange={setSegment}
            fitted={fitted}
            range={dates.range}
          />
        </>
      ) : null}
    </div>
  );
}
