import type { CampaignRow, Currency } from '@shared/contracts/campaigns.ts';
import { formatAmountIn } from '@web/lib/money.ts';
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
 * One campaign's days: ad spend (bars, account currency) against the store-verified revenue credited
 * to it (line, shop currency, net of refunds). Two axes when the currencies differ.
 */
export function CampaignChart({
  campaign,
  shopCurrency,
  accountCurrency,
}: {
  campaign: CampaignRow;
  shopCurrency: Currency | null;
  accountCurrency: Currency | null;
}) {
  const data = campaign.daily.map((d) => ({
    date: d.date,
    // Plot positions only; the tooltip shows the wire strings.
    spend: Number(d.spend),
    revenue: Number(d.revenue),
    spendAmount: d.spend,
    revenueAmount: d.revenue,
  }));
  const sameCurrency = shopCurrency?.code === accountCurrency?.code;
  return (
    <div className="h-56" data-testid="campaign-chart">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#334155" />
          <XAxis
            dataKey="date"
            tick={{ fill: '#cbd5e1', fontSize: 10 }}
            tickFormatter={(d: string) => d.slice(5)}
            minTickGap={16}
          />
          <YAxis yAxisId="spend" tick={{ fill: '#cbd5e1', fontSize: 10 }} width={48} />
          {sameCurrency ? null : (
            <YAxis
              yAxisId="revenue"
              orientation="right"
              tick={{ fill: '#cbd5e1', fontSize: 10 }}
              width={48}
            />
          )}
          <Tooltip
            contentStyle={tooltipStyle}
            formatter={(_value, name, item) => {
              const row = item.payload as (typeof data)[number];
              return name === 'Spend'
                ? [formatAmountIn(row.spendAmount, accountCurrency), 'Spend']
                : [formatAmountIn(row.revenueAmount, shopCurrency), 'Verified revenue'];
            }}
          />
          <Legend wrapperStyle={{ fontSize: 12, color: '#cbd5e1' }} />
          <Bar yAxisId="spend" dataKey="spend" name="Spend" fill="#6366f1" isAnimationActive={false} />
          <Line
            yAxisId={sameCurrency ? 'spend' : 'revenue'}
            dataKey="revenue"
            name="Verified revenue"
            stroke="#22c55e"
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
