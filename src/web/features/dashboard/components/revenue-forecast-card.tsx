import type { RevenueForecast } from '@shared/contracts/analytics.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { formatCurrency } from '@web/lib/money.ts';
import { useMemo } from 'react';
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
import { accuracyPercent, buildForecastChart, forecastTotal } from '../../../lib/format/format-kpi.ts';
import { ForecastClosures } from './forecast-closures.tsx';

const HORIZON = 28;
const tooltipStyle = { background: '#0f172a', border: '1px solid #334155', color: '#e2e8f0' };

/**
 * Daily revenue of the last 90 days and the next 28 days' forecast with its 80 % and 95 %
 * intervals, from the latest analysis run, with the rolling-origin backtest beside the two
 * seasonal baselines (design §6).
 */
export function RevenueForecastCard({ data }: { data: RevenueForecast | undefined }) {
  const points = useMemo(() => (data ? buildForecastChart(data, 90, HORIZON) : []), [data]);
  const currency = data?.currency ?? 'USD';
  const money = (value: number) => formatCurrency(value, currency, 0);
  const backtest = data?.backtest ?? null;
  const model = accuracyPercent(backtest?.model?.wape);
  const naive = accuracyPercent(backtest?.seasonalNaive?.wape);
  const weekday = accuracyPercent(backtest?.weekdayMean?.wape);
  const total = data ? forecastTotal(data.forecast, HORIZON) : null;
  return (
    <Card data-testid="revenue-forecast">
      <CardHeader>
        <CardTitle>Revenue and 28-day forecast</CardTitle>
        <CardDescription>
          Daily revenue net of refunds, the last 90 days and the next 28 with 80% and 95% intervals
          {data?.model ? ` (model: ${data.model})` : ''}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!data || data.forecast.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-400">
            The forecast appears after the first analysis of your store's orders.
          </p>
        ) : (
          <>
            <div className="h-72" data-testid="forecast-chart">
              <ResponsiveContainer width="100%" height="100%">
                <ComposedChart data={points} margin={{ top: 8, right: 8, left: 8, bottom: 8 }}>
                  <CartesianGrid strokeDasharray="3 3" stroke="#334155" />
                  <XAxis dataKey="date" tick={{ fill: '#cbd5e1', fontSize: 11 }} minTickGap={28} />
                  <YAxis tick={{ fill: '#cbd5e1', fontSize: 11 }} tickFormatter={money} width={72} />
                  <Tooltip
                    contentStyle={tooltipStyle}
                    formatter={(value, name) =>
                      Array.isArray(value)
                        ? [`${money(Number(value[0]))} – ${money(Number(value[1]))}`, name]
                        : [money(Number(value)), name]
                    }
                  />
                  <Legend wrapperStyle={{ color: '#cbd5e1', fontSize: 12 }} />
                  <Area
                    dataKey="band95"
                    name="95% interval"
                    stroke="none"
                    fill="#6366f1"
                    fillOpacity={0.15}
                    isAnimationActive={false}
                  />
                  <Area
                    dataKey="band80"
                    name="80% interval"
                    stroke="none"
                    fill="#6366f1"
                    fillOpacity={0.3}
                    isAnimationActive={false}
                  />
                  <Line
                    dataKey="actual"
                    name="Revenue"
                    stroke="#22c55e"
                    strokeWidth={2}
                    dot={false}
                    isAnimationActive={false}
                  />
                  <Line
                    dataKey="forecast"
                    name="Forecast"
                    stroke="#a5b4fc"
                    strokeWidth={2}
                    strokeDasharray="5 4"
                    dot={false}
                    isAnimationActive={false}
                  />
                </ComposedChart>
              </ResponsiveContainer>
            </div>
            <div className="grid gap-2 text-sm text-slate-300 sm:grid-cols-2">
              {total ? (
                <p data-testid="forecast-total">
                  Next {total.days} days:{' '}
                  <span className="font-semibold text-white">{money(total.value)}</span> (80%:{' '}
                  {money(total.lo80)} – {money(total.hi80)})
                </p>
              ) : null}
              <p data-testid="forecast-accuracy">
                {model === null ? (
                  'Backtested accuracy: not enough history yet'
                ) : (
                  <>
                    Backtested accuracy <span className="font-semibold text-white">{model.toFixed(1)}%</span>{' '}
                    (100 − WAPE, {backtest?.origins} origins
                    {naive !== null ? `; seasonal naive ${naive.toFixed(1)}%` : ''}
                    {weekday !== null ? `, weekday mean ${weekday.toFixed(1)}%` : ''})
                  </>
                )}
              </p>
            </div>
            <ForecastClosures data={data} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
