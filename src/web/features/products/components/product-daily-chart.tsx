import type { Currency } from '@shared/contracts/campaigns.ts';
import type { ProductDaily } from '@shared/contracts/products.ts';
import { formatAmountIn } from '@web/lib/money.ts';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  ReferenceArea,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

const tooltipStyle = { background: '#0f172a', border: '1px solid #334155', color: '#e2e8f0' };

/** Consecutive out-of-stock days as [first, last] date pairs (shaded on the chart). */
function outOfStockRuns(days: ProductDaily['days']): [string, string][] {
  const runs: [string, string][] = [];
  days.forEach((d, i) => {
    if (!d.outOfStock) return;
    const last = runs.at(-1);
    if (last && days[i - 1]?.outOfStock) last[1] = d.date;
    else runs.push([d.date, d.date]);
  });
  return runs;
}

/** Units sold per shop day; days when every tracked variant was out of stock are shaded red. */
export function ProductDailyChart({ daily, currency }: { daily: ProductDaily; currency: Currency | null }) {
  const runs = outOfStockRuns(daily.days);
  return (
    <div className="grid gap-1">
      <div className="h-56" data-testid="product-daily-chart">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={daily.days} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#334155" />
            <XAxis
              dataKey="date"
              tick={{ fill: '#cbd5e1', fontSize: 10 }}
              tickFormatter={(d: string) => d.slice(5)}
              minTickGap={16}
            />
            <YAxis allowDecimals={false} tick={{ fill: '#cbd5e1', fontSize: 10 }} width={36} />
            {runs.map(([from, to]) => (
              <ReferenceArea
                key={from}
                x1={from}
                x2={to}
                fill="#ef4444"
                fillOpacity={0.18}
                ifOverflow="extendDomain"
              />
            ))}
            <Tooltip
              contentStyle={tooltipStyle}
              formatter={(_value, _name, item) => {
                const row = item.payload as ProductDaily['days'][number];
                return [
                  `${row.units} units · ${formatAmountIn(row.revenue, currency)}${row.outOfStock ? ' · out of stock' : ''}`,
                  'Sold',
                ];
              }}
            />
            <Bar dataKey="units" name="Units sold" fill="#6366f1" isAnimationActive={false} />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <p className="text-xs text-slate-400" data-testid="out-of-stock-note">
        {runs.length === 0
          ? 'In stock every day of the period.'
          : `Shaded: out of stock (${daily.days.filter((d) => d.outOfStock).length} days, every tracked variant).`}
      </p>
    </div>
  );
}
