import type { ModelChecks, ModelDiagnostics } from '@shared/contracts/models.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { formatCurrency } from '@web/lib/money.ts';
import {
  Area,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { improvementOverBaseline, modelName } from '../lib/format-model.ts';
import { ChecksPending } from './checks-pending.tsx';

const tooltipStyle = { background: '#0f172a', border: '1px solid #334155', color: '#e2e8f0' };
const num = (value: number | null | undefined, digits = 2) =>
  value === null || value === undefined ? '—' : value.toFixed(digits);

type Row = {
  name: string;
  mase?: number;
  smape?: number;
  wape?: number;
  coverage80?: number | null;
  coverage95?: number | null;
};

function AccuracyTable({ rows, coverage, testId }: { rows: Row[]; coverage: boolean; testId: string }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid={testId}>
        <thead>
          <tr className="text-left text-slate-400">
            <th className="py-1 pr-3 font-medium">Model</th>
            <th className="py-1 pr-3 font-medium">MASE</th>
            <th className="py-1 pr-3 font-medium">WAPE</th>
            <th className="py-1 pr-3 font-medium">sMAPE</th>
            {coverage ? <th className="py-1 pr-3 font-medium">In 80 % band</th> : null}
            {coverage ? <th className="py-1 font-medium">In 95 % band</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr
              key={r.name}
              className={
                i === 0 ? 'border-t border-slate-800 font-semibold text-white' : 'border-t border-slate-800'
              }
            >
              <td className="py-1 pr-3">{r.name}</td>
              <td className="py-1 pr-3">{num(r.mase)}</td>
              <td className="py-1 pr-3">{r.wape === undefined ? '—' : `${r.wape.toFixed(1)}%`}</td>
              <td className="py-1 pr-3">{r.smape === undefined ? '—' : `${r.smape.toFixed(1)}%`}</td>
              {coverage ? (
                <td className="py-1 pr-3">{r.coverage80 == null ? '—' : `${r.coverage80.toFixed(0)}%`}</td>
              ) : null}
              {coverage ? (
                <td className="py-1">{r.coverage95 == null ? '—' : `${r.coverage95.toFixed(0)}%`}</td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The revenue forecast's trust report: the model the run chose, its rolling-origin backtest beside
 * the two baselines, and a holdout — forecasts made before the last 28 days, against what happened,
 * with how often the actual days fell inside the 80 % and 95 % bands.
 */
export function ForecastSection({
  diagnostics,
  checks,
}: {
  diagnostics: ModelDiagnostics;
  checks: ModelChecks | null;
}) {
  const forecast = diagnostics.forecast;
  const currency = diagnostics.currency ?? 'USD';
  if (!forecast) {
    return (
      <Card data-testid="forecast-section" className="min-w-0">
        <CardHeader>
          <CardTitle>Revenue Forecast</CardTitle>
          <CardDescription>No forecast: the store has no revenue in its history yet.</CardDescription>
        </CardHeader>
      </Card>
    );
  }
  const b = forecast.backtest;
  const gain = improvementOverBaseline(b.model?.wape ?? null, b.seasonalNaive?.wape ?? null);
  const holdout = checks?.holdout ?? null;
  return (
    <Card data-testid="forecast-section" className="min-w-0">
      <CardHeader>
        <CardTitle>Revenue Forecast</CardTitle>
        <CardDescription>
          Daily net revenue, 28 and 90 days ahead with 80 % and 95 % intervals. Chosen model:{' '}
          <span className="font-medium text-slate-200" data-testid="forecast-model">
            {modelName(forecast.model)}
          </span>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="grid gap-2">
          <h4 className="text-sm font-semibold text-slate-200">
            Backtest the model was chosen on ({b.origins} origins, {b.horizon} days ahead each)
          </h4>
          <AccuracyTable
            testId="backtest-table"
            coverage={false}
            rows={[
              { name: 'Chosen model', ...(b.model ?? {}) },
              { name: 'Seasonal naive', ...(b.seasonalNaive ?? {}) },
              { name: 'Weekday mean', ...(b.weekdayMean ?? {}) },
            ]}
          />
          <p className="text-xs text-slate-400">
            {gain === null
              ? 'Too little history to compare with the baselines.'
              : gain >= 0
                ? `Its error (WAPE) is ${gain.toFixed(0)} % lower than repeating last week's same weekday.`
                : `Its error (WAPE) is ${Math.abs(gain).toFixed(0)} % higher than repeating last week's same weekday: treat the forecast with care.`}{' '}
            MASE below 1 beats the seasonal-naive forecast; WAPE is total absolute error over total revenue.
          </p>
        </div>
        {checks === null || checks.status === 'computing' ? (
          <ChecksPending />
        ) : holdout === null ? (
          <p className="text-sm text-slate-400" data-testid="holdout-note">
            {checks.holdoutNote ?? checks.error ?? 'No holdout check for this run.'}
          </p>
        ) : (
          <div className="grid gap-2" data-testid="holdout">
            <h4 className="text-sm font-semibold text-slate-200">
              Holdout: forecast made on {holdout.origin} for the next {holdout.horizon} days, against what
              happened
            </h4>
            <div className="h-72" data-testid="holdout-chart">
              <ResponsiveContainer width="100%" height="100%">
                <ComposedChart
                  data={holdout.points.map((p) => ({
                    ...p,
                    band95: [p.lo95, p.hi95],
                    band80: [p.lo80, p.hi80],
                  }))}
                  margin={{ top: 8, right: 8, left: 8, bottom: 0 }}
                >
                  <CartesianGrid strokeDasharray="3 3" stroke="#334155" />
                  <XAxis
                    dataKey="date"
                    tick={{ fill: '#cbd5e1', fontSize: 10 }}
                    tickFormatter={(d: string) => d.slice(5)}
                  />
                  <YAxis
                    tick={{ fill: '#cbd5e1', fontSize: 10 }}
                    width={64}
                    tickFormatter={(v: number) => formatCurrency(v, currency, 0)}
                  />
                  <Tooltip
                    contentStyle={tooltipStyle}
                    formatter={(value, name) =>
                      Array.isArray(value)
                        ? [
                            `${formatCurrency(Number(value[0]), currency, 0)} – ${formatCurrency(Number(value[1]), currency, 0)}`,
                            name,
                          ]
                        : [formatCurrency(Number(value), currency, 0), name]
                    }
                  />
                  <Legend wrapperStyle={{ fontSize: 12, color: '#cbd5e1' }} />
                  <Area
                    dataKey="band95"
                    name="95 % interval"
                    fill="#6366f1"
                    fillOpacity={0.15}
                    stroke="none"
                    isAnimationActive={false}
                  />
                  <Area
                    dataKey="band80"
                    name="80 % interval"
                    fill="#6366f1"
                    fillOpacity={0.3}
                    stroke="none"
                    isAnimationActive={false}
                  />
                  <Line
                    dataKey="predicted"
                    name="Forecast"
                    stroke="#a5b4fc"
                    strokeWidth={2}
                    strokeDasharray="4 3"
                    dot={false}
                    isAnimationActive={false}
                  />
                  <Line
                    dataKey="actual"
                    name="Actual"
                    stroke="#22c55e"
                    strokeWidth={2}
                    dot={false}
                    isAnimationActive={false}
                  />
                </ComposedChart>
              </ResponsiveContainer>
            </div>
            <AccuracyTable
              testId="holdout-table"
              coverage
              rows={[
                { name: 'Forecast', ...holdout.model },
                { name: 'Seasonal naive', ...holdout.seasonalNaive },
                { name: 'Weekday mean', ...holdout.weekdayMean },
              ]}
            />
            <p className="text-xs text-slate-400">
              Averaged over {holdout.origins} forecast origins a week apart, each blind to the{' '}
              {holdout.horizon} days it forecast. Well-calibrated bands hold about 80 % and 95 % of the actual
              days.
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
