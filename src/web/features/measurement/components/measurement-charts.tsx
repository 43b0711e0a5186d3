import type { MmmAnswer } from '@shared/contracts/measurement.ts';
import { formatMoney } from '@web/lib/money.ts';
import {
  Area,
  AreaChart,
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
const COLOURS = ['#60a5fa', '#34d399', '#f472b6', '#fbbf24', '#a78bfa', '#f87171'];
const axis = { fill: '#cbd5e1', fontSize: 10 };

/** Net sales per week stacked as the model splits them: the baseline, then each channel's estimated share. */
export function ContributionOverTime({ answer }: { answer: MmmAnswer }) {
  const data = answer.weeks.map((week) => ({
    week: week.weekStart,
    baseline: Number(week.baseline),
    actual: Number(week.actual),
    ...Object.fromEntries(answer.channels.map((c, i) => [c.name, Number(week.channels[i] ?? 0)])),
  }));
  const money = (v: number) => formatMoney(v, answer.currency, { notation: 'compact' });
  return (
    <div className="h-72" data-testid="mmm-contribution-chart">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={data} margin={{ top: 8, right: 8, left: 8, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#334155" />
          <XAxis dataKey="week" tick={axis} minTickGap={16} />
          <YAxis tick={axis} width={64} tickFormatter={money} />
          <Tooltip
            contentStyle={tooltipStyle}
            formatter={(value, name) => [formatMoney(Number(value), answer.currency), `${name} (estimated)`]}
          />
          <Legend wrapperStyle={{ fontSize: 12, color: '#cbd5e1' }} />
          <Area
            dataKey="baseline"
            name="Baseline"
            stackId="1"
            stroke="#475569"
            fill="#475569"
            isAnimationActive={false}
          />
          {answer.channels.map((c, i) => (
            <Area
              key={c.name}
              dataKey={c.name}
              name={c.name}
              stackId="1"
              stroke={COLOURS[i % COLOURS.length]}
              fill={COLOURS[i % COLOURS.length]}
              isAnimationActive={false}
            />
          ))}
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}

/** One channel's weekly response curve: net sales caused at a steady weekly spend, with its 90 % band. */
export function ResponseCurve({ answer, index }: { answer: MmmAnswer; index: number }) {
  const channel = answer.channels[index]!;
  const data = channel.curve.map((p) => ({
    spend: Number(p.spend),
    response: Number(p.response),
    band: [Number(p.responseLow), Number(p.responseHigh)],
  }));
  const money = (v: number) => formatMoney(v, answer.currency, { notation: 'compact' });
  const colour = COLOURS[index % COLOURS.length];
  return (
    <div className="h-56" data-testid={`mmm-curve-${channel.name}`}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, left: 8, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#334155" />
          <XAxis dataKey="spend" type="number" tick={axis} tickFormatter={money} />
          <YAxis tick={axis} width={64} tickFormatter={money} />
          <Tooltip
            contentStyle={tooltipStyle}
            labelFormatter={(spend) => `Weekly spend ${formatMoney(Number(spend), answer.currency)}`}
            formatter={(value, name) =>
              Array.isArray(value)
                ? [value.map((v) => formatMoney(Number(v), answer.currency)).join(' – '), name]
                : [formatMoney(Number(value), answer.currency), name]
            }
          />
          <Area
            dataKey="band"
            name="90 % interval"
            stroke="none"
            fill={colour}
            fillOpacity={0.2}
            isAnimationActive={false}
          />
          <Line
            dataKey="response"
            name="Estimated net sales caused"
            stroke={colour}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
