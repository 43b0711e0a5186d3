import type { RevenueCheckDay } from '@shared/contracts/insights.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { formatCurrency, formatMoney } from '@web/lib/money.ts';
import { useMemo } from 'react';
import {
  Area,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Scatter,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { buildAnomalyChart } from '../lib/format-insight.ts';

const tooltipStyle = { background: '#0f172a', border: '1px solid #334155', color: '#e2e8f0' };

/**
 * The period's daily revenue against the forecast made the day before the period began, with the
 * forecast's 95 % interval; days outside it are marked in red.
 */
export function AnomalyChart({ days, currency }: { days: readonly RevenueCheckDay[]; currency: string }) {
  const points = useMemo(() => buildAnomalyChart(days), [days]);
  const money = (value: number) => formatCurrency(value, currency, 0);
  const outside = points.filter((p) => p.outside !== null).length;
  return (
    <Card data-testid="anomaly-chart">
      <CardHeader>
        <CardTitle>Revenue against the forecast</CardTitle>
        <CardDescription>
          Each day's net revenue beside what the forecast made before the period expected, with its 95 %
          interval. {outside} day{outside === 1 ? '' : 's'} fell outside it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {points.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-400" data-testid="too-little-history">
            Too little history before this period for a forecast to compare with (8 weeks are needed).
          </p>
        ) : (
          <div className="h-72">
            <ResponsiveContainer width="100%" height="100%">
              <ComposedChart data={points} margin={{ top: 8, right: 8, left: 8, bottom: 8 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="#334155" />
                <XAxis dataKey="date" tick={{ fill: '#cbd5e1', fontSize: 11 }} minTickGap={24} />
                <YAxis tick={{ fill: '#cbd5e1', fontSize: 11 }} tickFormatter={money} width={72} />
                <Tooltip
                  contentStyle={tooltipStyle}
                  formatter={(value, name) =>
                    Array.isArray(value)
                      ? [`${money(Number(value[0]))} – ${money(Number(value[1]))}`, name]
                      : [formatMoney(Number(value), currency), name]
                  }
                />
                <Legend wrapperStyle={{ color: '#cbd5e1', fontSize: 12 }} />
                <Area
                  dataKey="band"
                  name="95% interval"
                  stroke="none"
                  fill="#6366f1"
                  fillOpacity={0.2}
                  isAnimationActive={false}
                />
                <Line
                  dataKey="expected"
                  name="Forecast"
                  stroke="#a5b4fc"
                  strokeDasharray="5 4"
                  strokeWidth={2}
                  dot={false}
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
                <Scatter
                  dataKey="outside"
                  name="Outside the interval"
                  fill="#f43f5e"
                  isAnimationActive={false}
                />
              </ComposedChart>
            </ResponsiveContainer>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
