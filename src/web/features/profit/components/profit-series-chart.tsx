import type { ProfitReport } from '@shared/contracts/profit.ts';
import { formatMoney } from '@web/lib/money.ts';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

const tooltipStyle = { background: '#0f172a', border: '1px solid #334155', color: '#e2e8f0' };

/**
 * Net sales (bars), contribution margin and net profit (lines) per day, week or month; the
 * comparison's net profit, bucket by bucket, as a dashed line.
 */
export function ProfitSeriesChart({ report }: { report: ProfitReport }) {
  const compared = report.comparison?.series ?? [];
  const data = report.series.map((bucket, index) => ({
    period: bucket.period,
    netSales: Number(bucket.netSales),
    contributionMargin: Number(bucket.contributionMargin),
    netProfit: Number(bucket.netProfit),
    comparedNetProfit: compared[index] ? Number(compared[index].netProfit) : null,
    comparedPeriod: compared[index]?.period ?? null,
  }));
  const money = (v: number) => formatMoney(v, report.currency);
  return (
    <div className="h-72" data-testid="profit-series-chart">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, left: 8, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#334155" />
          <XAxis dataKey="period" tick={{ fill: '#cbd5e1', fontSize: 10 }} minTickGap={16} />
          <YAxis
            tick={{ fill: '#cbd5e1', fontSize: 10 }}
            width={64}
            tickFormatter={(v: number) => formatMoney(v, report.currency, { notation: 'compact' })}
          />
          <Tooltip
            contentStyle={tooltipStyle}
            formatter={(value, name, item) => {
              const row = item.payload as (typeof data)[number];
              const label =
                name === 'Compared net profit' && row.comparedPeriod
                  ? `Net profit (${row.comparedPeriod})`
                  : name;
              return [money(Number(value)), label];
            }}
          />
          <Legend wrapperStyle={{ fontSize: 12, color: '#cbd5e1' }} />
          <Bar dataKey="netSales" name="Net sales" fill="#475569" isAnimationActive={false} />
          <Line
            dataKey="contributionMargin"
            name="Contribution margin"
            stroke="#34d399"
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
          <Line
            dataKey="netProfit"
            name="Net profit"
            stroke="#818cf8"
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
          {report.comparison ? (
            <Line
              dataKey="comparedNetProfit"
              name="Compared net profit"
              stroke="#a5b4fc"
              strokeDasharray="5 4"
              strokeWidth={1.5}
              dot={false}
              connectNulls={false}
              isAnimationActive={false}
            />
          ) : null}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
