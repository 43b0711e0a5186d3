import type { ModelChecks, ModelDiagnostics } from '@shared/contracts/models.ts';
import { Badge } from '@web/components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { formatCurrency } from '@web/lib/money.ts';
import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatParam } from '../lib/format-model.ts';
import { ChecksPending } from './checks-pending.tsx';

const tooltipStyle = { background: '#0f172a', border: '1px solid #334155', color: '#e2e8f0' };
type Lifetime = NonNullable<ModelDiagnostics['lifetime']>;

function ParamTable({ rows, testId }: { rows: [string, ReactNode, ReactNode?][]; testId: string }) {
  return (
    <table className="w-full text-sm" data-testid={testId}>
      <tbody>
        {rows.map(([label, value, note]) => (
          <tr key={label} className="border-t border-slate-800">
            <td className="py-1 pr-3 text-slate-400">{label}</td>
            <td className="py-1 pr-3 font-medium text-white">{value}</td>
            <td className="py-1 text-xs text-slate-400">{note}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const fitBadge = (converged: boolean) => (
  <Badge variant={converged ? 'success' : 'warning'}>{converged ? 'converged' : 'not converged'}</Badge>
);

/**
 * Churn and lifetime value models: BG/NBD (and the Pareto/NBD alternative) for purchase frequency
 * and churn, Gamma-Gamma for spend, the observed-vs-expected frequency check and the
 * calibration/holdout check; or, with too few repeat customers, the reason there are no numbers.
 */
export function LifetimeSection({
  diagnostics,
  checks,
}: {
  diagnostics: ModelDiagnostics;
  checks: ModelChecks | null;
}) {
  const lifetime = diagnostics.lifetime;
  if (!lifetime) return null;
  if (lifetime.status === 'insufficient_data') {
    return (
      <Card data-testid="lifetime-section" className="min-w-0">
        <CardHeader>
          <CardTitle>Churn &amp; Lifetime Value</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="text-amber-300" data-testid="too-little-data">
            Too little data: {lifetime.repeatCustomers.toLocaleString('en-US')} customers have ordered more
            than once, and the churn and lifetime-value models need at least {lifetime.minimum}. Churn
            probabilities and CLV are not shown until then.
          </p>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card data-testid="lifetime-section" className="min-w-0">
      <CardHeader>
        <CardTitle>Churn &amp; Lifetime Value</CardTitle>
        <CardDescription>
          Fitted on {(lifetime.customers ?? lifetime.bgnbd?.customers ?? 0).toLocaleString('en-US')}{' '}
          customers, of whom {lifetime.repeatCustomers.toLocaleString('en-US')} ordered again; time unit{' '}
          {lifetime.timeUnit ?? 'week'}, CLV over {lifetime.horizonMonths ?? 12} months discounted at{' '}
          {((lifetime.monthlyDiscountRate ?? 0.01) * 100).toFixed(0)} % a month.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="grid gap-6 lg:grid-cols-3">
          <FrequencyModels lifetime={lifetime} checks={checks} />
          <SpendModel lifetime={lifetime} currency={diagnostics.currency ?? 'USD'} />
        </div>
        {checks === null || checks.status === 'computing' ? (
          <ChecksPending />
        ) : checks.status === 'failed' ? (
          <p role="alert" className="text-sm text-red-300">
            The model checks failed: {checks.error}
          </p>
        ) : (
          <div className="grid gap-6 lg:grid-cols-2">
            <FrequencyCheck checks={checks} />
            <CalibrationCheck checks={checks} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function FrequencyModels({ lifetime, checks }: { lifetime: Lifetime; checks: ModelChecks | null }) {
  const bg = lifetime.bgnbd;
  const pareto = checks?.paretoNbd ?? null;
  return (
    <div className="grid min-w-0 content-start gap-2 lg:col-span-2">
      <h4 className="text-sm font-semibold text-slate-200">Purchase frequency and churn</h4>
      <div className="overflow-x-auto">
        <table className="w-full text-sm" data-testid="frequency-models">
          <thead>
            <tr className="text-left text-slate-400">
              <th className="py-1 pr-3 font-medium">Model</th>
              <th className="py-1 pr-3 font-medium">r</th>
              <th className="py-1 pr-3 font-medium">α</th>
              <th className="py-1 pr-3 font-medium">a / s</th>
              <th className="py-1 pr-3 font-medium">b / β</th>
              <th className="py-1 pr-3 font-medium">Log-likelihood</th>
              <th className="py-1 font-medium">Fit</th>
            </tr>
          </thead>
          <tbody>
            {bg ? (
              <tr className="border-t border-slate-800" data-testid="bgnbd-row">
                <td className="py-1 pr-3 font-medium text-white">BG/NBD (used)</td>
                <td className="py-1 pr-3">{formatParam(bg.r)}</td>
                <td className="py-1 pr-3">{formatParam(bg.alpha)}</td>
                <td className="py-1 pr-3">{formatParam(bg.a)}</td>
                <td className="py-1 pr-3">{formatParam(bg.b)}</td>
                <td className="py-1 pr-3">{formatParam(bg.logLikelihood)}</td>
                <td className="py-1">{fitBadge(bg.converged)}</td>
              </tr>
            ) : null}
            <tr className="border-t border-slate-800" data-testid="pareto-row">
              <td className="py-1 pr-3 font-medium text-white">Pareto/NBD</td>
              {pareto ? (
                <>
                  <td className="py-1 pr-3">{formatParam(pareto.r)}</td>
                  <td className="py-1 pr-3">{formatParam(pareto.alpha)}</td>
                  <td className="py-1 pr-3">{formatParam(pareto.s)}</td>
                  <td className="py-1 pr-3">{formatParam(pareto.beta)}</td>
                  <td className="py-1 pr-3">{formatParam(pareto.logLikelihood)}</td>
                  <td className="py-1">{fitBadge(pareto.converged)}</td>
                </>
              ) : (
                <td className="py-1 text-slate-400" colSpan={6}>
                  {checks?.status === 'computing' || checks === null ? 'Fitting…' : '—'}
                </td>
              )}
            </tr>
          </tbody>
        </table>
      </div>
      <p className="text-xs text-slate-400">
        Purchase rates follow Gamma(r, α) across customers (α in weeks); BG/NBD customers drop out after a
        purchase with probability Beta(a, b), Pareto/NBD ones at any time at rate Gamma(s, β). The higher
        log-likelihood fits the same customers better. Churn probability = 1 − P(alive).
      </p>
    </div>
  );
}

function SpendModel({ lifetime, currency }: { lifetime: Lifetime; currency: string }) {
  const gg = lifetime.gammaGamma;
  if (!gg) return null;
  return (
    <div className="grid min-w-0 content-start gap-2">
      <h4 className="text-sm font-semibold text-slate-200">Spend per order (Gamma-Gamma)</h4>
      <ParamTable
        testId="gamma-gamma"
        rows={[
          ['p', formatParam(gg.p), 'shape of order values'],
          ['q', formatParam(gg.q), 'shape across customers'],
          ['γ', formatParam(gg.gamma), 'scale'],
          [
            'Mean order value',
            gg.meanSpend === null ? '—' : formatCurrency(gg.meanSpend, currency),
            'p·γ/(q − 1)',
          ],
          ['Log-likelihood', formatParam(gg.logLikelihood), fitBadge(gg.converged)],
          ['Repeat customers', gg.customers.toLocaleString('en-US')],
        ]}
      />
    </div>
  );
}

/** Bars of what happened (green) beside what the model says (indigo), by purchase count. */
function ActualVsModelChart({
  data,
  actualName,
  modelName,
}: {
  data: { name: string; actual: number; model: number }[];
  actualName: string;
  modelName: string;
}) {
  return (
    <div className="h-60">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#334155" />
          <XAxis dataKey="name" tick={{ fill: '#cbd5e1', fontSize: 11 }} />
          <YAxis tick={{ fill: '#cbd5e1', fontSize: 10 }} width={48} />
          <Tooltip contentStyle={tooltipStyle} />
          <Legend wrapperStyle={{ fontSize: 12, color: '#cbd5e1' }} />
          <Bar dataKey="actual" name={actualName} fill="#22c55e" isAnimationActive={false} />
          <Bar dataKey="model" name={modelName} fill="#6366f1" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

function FrequencyCheck({ checks }: { checks: ModelChecks }) {
  const rows = checks.frequency;
  if (!rows) return null;
  const data = rows.map((r) => ({
    name: `${r.repeatPurchases}${r.orMore ? '+' : ''}`,
    actual: r.observed,
    model: Math.round(r.expected * 10) / 10,
  }));
  return (
    <div className="grid min-w-0 content-start gap-2" data-testid="frequency-check">
      <h4 className="text-sm font-semibold text-slate-200">
        Customers by repeat purchases: actual vs BG/NBD
      </h4>
      <ActualVsModelChart data={data} actualName="Actual" modelName="BG/NBD expects" />
      <p className="text-xs text-slate-400">
        Each customer's chance of each count over their own time as a customer, summed. Close bars mean the
        model describes how often customers come back.
      </p>
    </div>
  );
}

function CalibrationCheck({ checks }: { checks: ModelChecks }) {
  const c = checks.calibration;
  if (!c) {
    return (
      <p className="text-sm text-slate-400" data-testid="calibration-note">
        {checks.calibrationNote ?? 'No calibration check for this run.'}
      </p>
    );
  }
  const data = c.rows.map((r) => ({
    name: `${r.calibrationPurchases}${r.orMore ? '+' : ''}`,
    actual: Math.round(r.actual * 1000) / 1000,
    model: Math.round(r.predicted * 1000) / 1000,
  }));
  const ratio = c.actualTotal > 0 ? c.predictedTotal / c.actualTotal : null;
  return (
    <div className="grid min-w-0 content-start gap-2" data-testid="calibration-check">
      <h4 className="text-sm font-semibold text-slate-200">
        Holdout: repeat purchases after {c.calibrationEnd}, predicted vs actual
      </h4>
      <ActualVsModelChart data={data} actualName="Actual per customer" modelName="Predicted per customer" />
      <p className="text-xs text-slate-400" data-testid="calibration-totals">
        BG/NBD refitted on the data up to {c.calibrationEnd} ({c.repeatCustomers.toLocaleString('en-US')}{' '}
        repeat customers) predicted {c.predictedTotal.toFixed(0)} repeat purchases in the next {c.holdoutDays}{' '}
        days; customers made {c.actualTotal.toLocaleString('en-US')}
        {ratio === null ? '' : ` (${(100 * ratio).toFixed(0)} % of actual)`}. Grouped by purchases made before
        the holdout.
      </p>
    </div>
  );
}
