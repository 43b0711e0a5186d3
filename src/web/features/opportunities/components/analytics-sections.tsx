import type {
  AttributionRow,
  CohortPoint,
  CustomerSegment,
  StockImpactRow,
} from '@shared/contracts/analytics.ts';
import type { Opportunity } from '@shared/contracts/opportunities.ts';
import { METRIC_NAMES, ROAS_RULES, STOCK_ALERTS_RULE } from '@shared/metrics.ts';
import { Badge } from '@web/components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { cn } from '@web/lib/cn.ts';
import { metricAttributes } from '@web/lib/metric-attributes.ts';
import { formatMoney, formatThousands, NO_DECIMALS } from '@web/lib/money.ts';
import type { ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  LabelList,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { StockAlertCount } from '../../../components/stock-alert-count.tsx';
import { SIGNAL_TONE_CLASS, segmentGrowthTone } from '../../../lib/customers/format-customers.ts';
import {
  attributionActionLabel,
  CHART_PALETTE,
  segmentDescription,
  typeLabel,
} from '../../../lib/opportunities/format-opportunity.ts';

function Section({
  title,
  description,
  children,
  testId,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

const Empty = ({ text }: { text: string }) => (
  <p className="py-6 text-center text-sm text-slate-400">{text}</p>
);

const tooltipStyle = { background: '#0f172a', border: '1px solid #334155', color: '#e2e8f0' };

/**
 * Spec §2: first 5 opportunities by type, value = revenueImpactMax, labels in $K, five-colour
 * palette — of those whose impact is revenue (savings from cutting spend are not revenue, issue #36).
 */
export function RevenueImpactChart({ opportunities }: { opportunities: readonly Opportunity[] }) {
  const data = opportunities
    .filter((o) => o.impactKind === 'revenue')
    .slice(0, 5)
    // A plot position only (decision 146): the bar's height, never summed.
    .map((o) => ({ name: typeLabel(o.type), value: Number(o.revenueImpactMax) }));
  const currency = opportunities[0]?.currency;
  const thousands = (v: unknown) => formatThousands(Number(v), currency);
  return (
    <Section
      title="Revenue Impact Forecast"
      description="Upper revenue impact of the top opportunities"
      testId="impact-chart"
    >
      {data.length === 0 ? (
        <Empty text="No revenue impact data available" />
      ) : (
        <div className="h-80">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data} margin={{ top: 24, right: 8, left: 8, bottom: 8 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#334155" />
              <XAxis
                dataKey="name"
                tick={{ fill: '#cbd5e1', fontSize: 10 }}
                interval={0}
                angle={-25}
                textAnchor="end"
                height={70}
              />
              <YAxis tick={{ fill: '#cbd5e1', fontSize: 11 }} tickFormatter={thousands} />
              <Tooltip contentStyle={tooltipStyle} formatter={(v) => [thousands(v), 'Revenue impact']} />
              <Bar dataKey="value" isAnimationActive={false}>
                {data.map((entry, i) => (
                  <Cell key={entry.name + String(i)} fill={CHART_PALETTE[i % CHART_PALETTE.length]} />
                ))}
                <LabelList
                  dataKey="value"
                  position="top"
                  fill="#e2e8f0"
                  fontSize={11}
                  formatter={thousands}
                />
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </div>
      )}
    </Section>
  );
}

/** Spec §2: the behaviour placeholder. */
export function CustomerBehaviorPlaceholder() {
  return (
    <Section title="Customer Behavior Analytics" testId="behavior-placeholder">
      <div className="py-6 text-center">
        <p className="text-slate-200">Coming soon - visitor behavior insights</p>
        <p className="text-sm text-slate-400">Feature in development</p>
      </div>
    </Section>
  );
}

/** Spec §2/§9: match > 90 good else warning, ROAS > 2.5 good, action labels. */
export function AttributionTable({
  rows,
  currency,
  periodDays = 30,
}: {
  rows: readonly AttributionRow[];
  currency: string;
  periodDays?: number;
}) {
  // The Meta row's figures are the ones /campaigns and /dashboard show (decision 011).
  const metaMetric = (row: AttributionRow, metric: string, value: number | null) =>
    row.channel === 'meta_ads' ? metricAttributes(metric, periodDays, value) : {};
  return (
    <Section
      title="Attribution & Channel Performance"
      description={`Store-verified revenue by channel, net of refunds, last ${periodDays} days (last non-direct click). ROAS: ${METRIC_NAMES.metaAttributedRoas}, ${ROAS_RULES.metaAttributedRoas}`}
      testId="attribution-table"
    >
      {rows.length === 0 ? (
        <Empty text="No attribution data available" />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-slate-400">
                <th className="py-2 pr-3 font-medium">Channel</th>
                <th className="py-2 pr-3 font-medium">Attribution</th>
                <th className="py-2 pr-3 font-medium">Revenue</th>
                <th className="py-2 pr-3 font-medium">ROAS</th>
                <th className="py-2 pr-3 font-medium">Opportunity</th>
                <th className="py-2 font-medium">Action</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.channel} className="border-t border-slate-800" data-channel={row.channel}>
                  <td className="py-2 pr-3 font-medium">{row.channel.replaceAll('_', ' ')}</td>
                  <td
                    data-testid="attribution-match"
                    {...metaMetric(row, 'meta.matchRate', row.matchRate)}
                    className={cn('py-2 pr-3', row.matchRate > 90 ? 'text-emerald-300' : 'text-amber-300')}
                  >
                    {Math.round(row.matchRate)}%
                  </td>
                  <td
                    className="py-2 pr-3"
                    data-testid="attribution-revenue"
                    {...metaMetric(row, 'meta.attributedRevenue', Number(row.revenue))}
                  >
                    {formatMoney(row.revenue, currency, NO_DECIMALS)}
                  </td>
                  <td
                    data-testid="attribution-roas"
                    {...metaMetric(row, 'meta.roas', row.roas)}
                    className={cn(
                      'py-2 pr-3',
                      row.roas !== null && row.roas > 2.5 ? 'text-emerald-300' : 'text-slate-200',
                    )}
                  >
                    {row.roas === null ? '—' : `${row.roas.toFixed(2)}x`}
                  </td>
                  <td className="py-2 pr-3">{row.opportunity}</td>
                  <td className="py-2">
                    <Badge
                      variant={
                        row.opportunity === 'Scale up'
                          ? 'success'
                          : row.opportunity === 'Attribution gap'
                            ? 'warning'
                            : 'secondary'
                      }
                    >
                      {attributionActionLabel(row.opportunity)}
                    </Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

/** Spec §2/§9: RFM segment cards with the spec's descriptions, growth, churn and CLV when supported. */
export function SegmentCards({
  segments,
  currency,
  lifetimeModel,
}: {
  segments: readonly CustomerSegment[];
  currency: string;
  lifetimeModel: string | null;
}) {
  return (
    <Section title="Customer Segments" description="RFM analysis" testId="segment-cards">
      {segments.length === 0 ? (
        <Empty text="No customer segments available" />
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          {lifetimeModel === 'insufficient_data' ? (
            <p className="text-sm text-amber-300 sm:col-span-2">
              Too little data for churn and lifetime value: fewer than 200 repeat customers.
            </p>
          ) : null}
          {segments.map((s) => (
            <div
              key={s.segment}
              className="rounded-lg border border-slate-700 p-3"
              data-testid="segment-card"
            >
              <div className="flex items-baseline justify-between gap-2">
                <p className="font-semibold text-white">{s.segment}</p>
                <p className="text-lg font-bold">{s.count.toLocaleString('en-US')}</p>
              </div>
              <p className="text-xs text-slate-400">{segmentDescription(s.segment)}</p>
              <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-300">
                <span
                  className={SIGNAL_TONE_CLASS[segmentGrowthTone(s.segment, s.growthRate)]}
                  data-tone={segmentGrowthTone(s.segment, s.growthRate)}
                  data-testid="segment-growth"
                >
                  {s.growthRate === null
                    ? 'new'
                    : `${s.growthRate >= 0 ? '+' : ''}${s.growthRate.toFixed(1)}%`}{' '}
                  vs 30 days ago
                </span>
                {s.averageProbabilityAlive !== null ? (
                  <span>Churn risk {Math.round((1 - s.averageProbabilityAlive) * 100)}%</span>
                ) : null}
                {s.averageClv !== null ? (
                  <span>12-month CLV {formatMoney(s.averageClv, currency, NO_DECIMALS)}</span>
                ) : null}
              </div>
            </div>
          ))}
        </div>
      )}
    </Section>
  );
}

/** Spec §2: weekly retention, y-axis fixed 0–100 %. */
export function CohortRetentionChart({ points }: { points: readonly CohortPoint[] }) {
  return (
    <Section
      title="Cohort Retention"
      description="Share of customers ordering again, by week since the first order"
      testId="cohort-chart"
    >
      {points.length === 0 ? (
        <Empty text="No cohort data available" />
      ) : (
        <div className="h-64">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={[...points]} margin={{ top: 8, right: 8, left: 0, bottom: 8 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#334155" />
              <XAxis
                dataKey="week"
                tick={{ fill: '#cbd5e1', fontSize: 11 }}
                tickFormatter={(w: number) => `W${w}`}
              />
              <YAxis
                domain={[0, 100]}
                tick={{ fill: '#cbd5e1', fontSize: 11 }}
                tickFormatter={(v: number) => `${v}%`}
              />
              <Tooltip
                contentStyle={tooltipStyle}
                labelFormatter={(w) => `Week ${String(w)}`}
                formatter={(v) => [`${Number(v).toFixed(1)}%`, 'Retention']}
              />
              <Line
                type="monotone"
                dataKey="retentionRate"
                stroke={CHART_PALETTE[0]}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
            </LineChart>
          </ResponsiveContainer>
        </div>
      )}
    </Section>
  );
}

/**
 * Spec §2: variants out of stock or running low (one definition with /products, decision 034) and
 * those that lost sales to a stock-out in the last 90 days, with the estimated lost revenue ($K, one
 * decimal). Every out or low variant is listed; the others up to ten rows. `summary` is /products'
 * "N out · M low" count of products, shown above the list.
 */
export function StockImpactList({
  rows,
  currency,
  summary,
}: {
  rows: readonly StockImpactRow[];
  currency: string;
  summary: { outOfStockProducts: number; lowStockProducts: number } | undefined;
}) {
  const short = rows.filter((r) => r.stockState !== 'In stock');
  const shown = [
    ...short,
    ...rows.filter((r) => r.stockState === 'In stock').slice(0, Math.max(0, 10 - short.length)),
  ];
  return (
    <Section
      title="Stock-out Impact"
      description="Lost revenue from stock-outs in the last 90 days"
      testId="stock-impact"
    >
      {summary ? (
        <p className="mb-3 text-sm text-slate-300" data-testid="stock-summary">
          <StockAlertCount totals={summary} />{' '}
          <span className="text-slate-400">({STOCK_ALERTS_RULE.toLowerCase()})</span>
        </p>
      ) : null}
      {rows.length === 0 ? (
        <Empty text="No stock-out issues detected" />
      ) : (
        <ul className="grid gap-2">
          {shown.map((row) => (
            <li
              key={row.variantId}
              data-testid="stock-row"
              data-variant-id={row.variantId}
              data-stock-state={row.stockState}
              className="flex items-center justify-between gap-3 rounded-lg border border-slate-700 px-3 py-2"
            >
              <div>
                <p className="font-medium">{row.product}</p>
                <p
                  className={cn(
                    'text-xs',
                    row.stockState === 'Out of stock'
                      ? 'text-red-300'
                      : row.stockState === 'Low stock'
                        ? 'text-amber-300'
                        : 'text-slate-400',
                  )}
                >
                  {row.status}
                  {row.baselineHadStockouts ? ' · estimate may be low' : ''}
                </p>
              </div>
              {/* Red only for a real loss: a low-stock variant that has lost nothing yet reads $0.0K quietly. */}
              <p
                className={cn(
                  'font-semibold',
                  Number(row.estimatedLoss) > 0 ? 'text-red-300' : 'text-slate-400',
                )}
              >
                {formatThousands(row.estimatedLoss, currency, 1)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
