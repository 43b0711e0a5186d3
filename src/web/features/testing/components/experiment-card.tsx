import type { Experiment } from '@shared/contracts/experiments.ts';
import { Badge, type BadgeVariant } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { formatMoney } from '@web/lib/money.ts';
import { Pencil, Trash2 } from 'lucide-react';
import { Bar, BarChart, CartesianGrid, ErrorBar, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatLift, formatPValue, formatRate } from '../lib/format-experiment.ts';

const VERDICT_VARIANT: Record<Experiment['analysis']['verdict']['status'], BadgeVariant> = {
  winner: 'success',
  no_difference: 'secondary',
  not_enough_data: 'warning',
};
const tooltipStyle = { background: '#0f172a', border: '1px solid #334155', color: '#e2e8f0' };

export interface ExperimentCardProps {
  experiment: Experiment;
  onEdit(experiment: Experiment): void;
  onDelete(experiment: Experiment): void;
  deleting: boolean;
}

/**
 * One experiment's analysis: the verdict with its rule, conversion rates with 95 % intervals (table
 * and chart), lift with interval, p-value, probability to beat the control and revenue per visitor.
 */
export function ExperimentCard({ experiment: e, onEdit, onDelete, deleting }: ExperimentCardProps) {
  const a = e.analysis;
  const money = (amount: string | null) => (amount === null ? '—' : formatMoney(amount, e.currency));
  const comparison = (name: string) => a.comparisons.find((c) => c.variant === name);
  const chart = a.variants.map((v) => ({
    name: v.name,
    rate: v.conversionRate * 100,
    interval: [(v.conversionRate - v.rateLow) * 100, (v.rateHigh - v.conversionRate) * 100],
  }));
  return (
    <Card data-testid="experiment-card" data-experiment-id={e.id}>
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid gap-1">
            <CardTitle>{e.name}</CardTitle>
            {e.hypothesis ? <p className="text-sm text-slate-300">{e.hypothesis}</p> : null}
          </div>
          <div className="flex gap-1">
            <Button size="sm" variant="outline" onClick={() => onEdit(e)}>
              <Pencil aria-hidden="true" /> Edit
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={deleting}
              onClick={() => onDelete(e)}
              aria-label={`Delete ${e.name}`}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2" data-testid="verdict">
          <Badge variant={VERDICT_VARIANT[a.verdict.status]} className="text-sm">
            {a.verdict.label}
          </Badge>
          <span className="text-sm text-slate-300">{a.verdict.detail}</span>
        </div>
        <p className="text-xs text-slate-400" data-testid="verdict-rule">
          Rule: {a.verdict.rule}
        </p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="experiment-table">
            <thead className="text-left text-xs text-slate-400">
              <tr>
                <th className="py-2 pr-3 font-medium">Variant</th>
                <th className="py-2 pr-3 text-right font-medium">Visitors</th>
                <th className="py-2 pr-3 text-right font-medium">Conversions</th>
                <th className="py-2 pr-3 text-right font-medium">Conversion rate (95 %)</th>
                <th className="py-2 pr-3 text-right font-medium">Lift (95 %)</th>
                <th className="py-2 pr-3 text-right font-medium">p-value</th>
                <th className="py-2 pr-3 text-right font-medium">P(beats control)</th>
                <th className="py-2 text-right font-medium">Revenue / visitor</th>
              </tr>
            </thead>
            <tbody>
              {a.variants.map((v, i) => {
                const c = comparison(v.name);
                return (
                  <tr key={v.name} className="border-t border-slate-800">
                    <td className="py-2 pr-3 font-medium text-white">
                      {v.name}
                      {i === 0 ? <span className="ml-1 text-xs text-slate-400">(control)</span> : null}
                    </td>
                    <td className="py-2 pr-3 text-right">{v.visitors.toLocaleString('en-US')}</td>
                    <td className="py-2 pr-3 text-right">{v.conversions.toLocaleString('en-US')}</td>
                    <td className="py-2 pr-3 text-right" data-testid="conversion-rate">
                      {formatRate(v.conversionRate)}
                      <span className="block text-xs text-slate-400">
                        {formatRate(v.rateLow)} – {formatRate(v.rateHigh)}
                      </span>
                    </td>
                    <td className="py-2 pr-3 text-right">
                      {c ? (
                        <>
                          {formatLift(c.lift)}
                          {c.liftLow !== null && c.liftHigh !== null ? (
                            <span className="block text-xs text-slate-400">
                              {formatLift(c.liftLow)} to {formatLift(c.liftHigh)}
                            </span>
                          ) : null}
                        </>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td className="py-2 pr-3 text-right" data-testid="p-value">
                      {c ? formatPValue(c.pValue) : '—'}
                    </td>
                    <td className="py-2 pr-3 text-right" data-testid="probability-to-beat">
                      {c ? formatRate(c.probabilityToBeatControl, 1) : '—'}
                    </td>
                    <td className="py-2 text-right">
                      {money(v.revenuePerVisitor)}
                      {c?.revenuePerVisitorLift !== null && c?.revenuePerVisitorLift !== undefined ? (
                        <span className="block text-xs text-slate-400">
                          {formatLift(c.revenuePerVisitorLift)}
                        </span>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className="mt-2 text-xs text-slate-400">
            Intervals: Wilson (rates) and Katz log (lift). p-value: two-sided pooled two-proportion z-test.
            P(beats control): exact Beta posteriors with uniform priors. Revenue per visitor has no interval:
            it needs per-order amounts, which totals do not carry.
            {a.requiredVisitorsPerArm
              ? ` Planned sample: ${a.requiredVisitorsPerArm.toLocaleString('en-US')} visitors per arm.`
              : ''}
          </p>
        </div>
        <div className="h-56 w-full max-w-xl" data-testid="rate-chart">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={chart} margin={{ top: 8, right: 8, left: 0, bottom: 8 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#334155" />
              <XAxis dataKey="name" tick={{ fill: '#cbd5e1', fontSize: 11 }} />
              <YAxis
                tick={{ fill: '#cbd5e1', fontSize: 11 }}
                tickFormatter={(v: number) => `${v.toFixed(1)}%`}
                width={48}
              />
              <Tooltip
                contentStyle={tooltipStyle}
                formatter={(value) => [`${Number(value).toFixed(2)} %`, 'Conversion rate']}
              />
              <Bar dataKey="rate" fill="#6366f1" isAnimationActive={false}>
                <ErrorBar dataKey="interval" stroke="#e2e8f0" width={8} />
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </div>
      </CardContent>
    </Card>
  );
}
