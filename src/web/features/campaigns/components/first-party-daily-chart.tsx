import { FIRST_PARTY_GRADES, type FirstPartyHealth } from '@shared/contracts/first-party.ts';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

const tooltipStyle = { background: '#0f172a', border: '1px solid #334155', color: '#e2e8f0' };

/** Bar colour of a day's rate: the grade's colour (≥ 90 % good, ≥ 80 % fair, else poor). */
const colourOf = (rate: number) =>
  rate >= FIRST_PARTY_GRADES.good ? '#34d399' : rate >= FIRST_PARTY_GRADES.fair ? '#fbbf24' : '#f87171';

/**
 * The attribution rate per shop day (issue 16 item 2): one bar per day with orders, coloured by the
 * day's grade, with the 90 % and 80 % grade lines, so a day the tracker broke (a theme change, a
 * consent banner) stands out from the period's average.
 */
export function FirstPartyDailyChart({ byDay }: { byDay: FirstPartyHealth['byDay'] }) {
  const data = byDay
    .filter((d) => d.orders > 0)
    .map((d) => ({ ...d, percent: Math.round(d.rate * 1000) / 10 }));
  if (data.length === 0) return null;
  const worst = data.reduce((low, d) => (d.rate < low.rate ? d : low));
  return (
    <div className="grid gap-1" data-testid="first-party-by-day" data-days={data.length}>
      <div className="h-40">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#334155" />
            <XAxis
              dataKey="day"
              tick={{ fill: '#cbd5e1', fontSize: 10 }}
              tickFormatter={(d: string) => d.slice(5)}
              minTickGap={16}
            />
            <YAxis domain={[0, 100]} tick={{ fill: '#cbd5e1', fontSize: 10 }} width={36} unit="%" />
            <ReferenceLine y={FIRST_PARTY_GRADES.good * 100} stroke="#34d399" strokeDasharray="4 4" />
            <ReferenceLine y={FIRST_PARTY_GRADES.fair * 100} stroke="#fbbf24" strokeDasharray="4 4" />
            <Tooltip
              contentStyle={tooltipStyle}
              formatter={(_value, _name, item) => {
                const row = item.payload as (typeof data)[number];
                return [`${row.percent} % (${row.joinedOrders} of ${row.orders} orders)`, 'Attribution rate'];
              }}
            />
            <Bar dataKey="percent" name="Attribution rate" isAnimationActive={false}>
              {data.map((d) => (
                <Cell key={d.day} fill={colourOf(d.rate)} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      <p className="text-xs text-slate-400" data-testid="first-party-worst-day">
        Attribution rate per shop day (dashed: 90 % good, 80 % fair). Lowest: {worst.day},{' '}
        {(worst.rate * 100).toFixed(1)} % ({worst.joinedOrders} of {worst.orders} orders)
      </p>
    </div>
  );
}
