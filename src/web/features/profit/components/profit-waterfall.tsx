import type { ProfitLines } from '@shared/contracts/profit.ts';
import { formatMoney } from '@web/lib/money.ts';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { type WaterfallStep, waterfallSteps } from '../lib/waterfall-steps.ts';

const tooltipStyle = { background: '#0f172a', border: '1px solid #334155', color: '#e2e8f0' };

const colorOf = (step: WaterfallStep) => {
  if (step.kind === 'subtotal') return step.negative ? '#f87171' : '#818cf8';
  return step.negative ? '#fb923c' : '#34d399';
};

/** A line's name under its bar, slanted so twelve names fit. */
function WaterfallTick({
  x,
  y,
  payload,
}: {
  x?: number | string;
  y?: number | string;
  payload?: { value?: string };
}) {
  return (
    <text
      x={Number(x)}
      y={Number(y) + 12}
      fill="#cbd5e1"
      fontSize={11}
      textAnchor="end"
      transform={`rotate(-30 ${Number(x)} ${Number(y) + 12})`}
      data-testid="waterfall-tick"
    >
      {payload?.value}
    </text>
  );
}

/** Gross sales down to net profit: results from zero, each cost a floating bar between them. */
export function ProfitWaterfall({
  totals,
  currency,
  cogsEstimated,
}: {
  totals: ProfitLines;
  currency: string;
  cogsEstimated: boolean;
}) {
  const steps = waterfallSteps(totals, currency);
  const data = steps.map((step) => ({
    ...step,
    name: step.line === 'cogs' && cogsEstimated ? `${step.label}*` : step.label,
  }));
  return (
    <div className="h-96" data-testid="profit-waterfall">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, left: 8, bottom: 64 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#334155" vertical={false} />
          <XAxis dataKey="name" interval={0} tick={WaterfallTick} />
          <YAxis
            tick={{ fill: '#cbd5e1', fontSize: 10 }}
            width={64}
            tickFormatter={(v: number) => formatMoney(v, currency, { notation: 'compact' })}
          />
          <Tooltip
            contentStyle={tooltipStyle}
            cursor={{ fill: 'rgba(148,163,184,0.1)' }}
            formatter={(_value, _name, item) => {
              const step = item.payload as (typeof data)[number];
              const sign = step.kind === 'deduction' ? '−' : step.kind === 'addition' ? '+' : '';
              return [`${sign}${formatMoney(step.amount, currency)}`, step.label];
            }}
          />
          <Bar dataKey="range" isAnimationActive={false}>
            {data.map((step) => (
              <Cell key={step.line} fill={colorOf(step)} data-testid={`waterfall-bar-${step.line}`} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
