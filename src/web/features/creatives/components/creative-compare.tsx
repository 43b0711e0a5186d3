import type { CreativeRow } from '@shared/contracts/creatives.ts';
import { ReadError } from '@web/components/page-states.tsx';
import { LabelledSelect } from '@web/components/ui/labelled-select.tsx';
import { Skeleton } from '@web/components/ui/skeleton.tsx';
import { useState } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { adChoiceOf, useCreativeDaily } from '../api/creative-queries.ts';

const METRICS = { ctr: 'CTR (%)', cpa: 'CPA', frequency: 'Frequency' } as const;
type Metric = keyof typeof METRICS;

function AdSelect(props: {
  label: string;
  value: string;
  rows: CreativeRow[];
  onChange: (id: string) => void;
}) {
  const options = [
    { value: '', label: 'Choose an ad' },
    ...props.rows.map((r) => ({ value: adChoiceOf(r), label: r.name })),
  ];
  return (
    <LabelledSelect label={props.label} value={props.value} onChange={props.onChange} options={options} />
  );
}

/** Two chosen creatives over time: daily CTR, CPA or frequency from GET /api/creatives/:adId/daily. */
export function CreativeCompare({ rows, period }: { rows: CreativeRow[]; period: string }) {
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  const [metric, setMetric] = useState<Metric>('ctr');
  const a = useCreativeDaily(first, period);
  const b = useCreativeDaily(second, period);
  const value = (d: { ctr: number | null; cpa: string | null; frequency: number | null }) =>
    metric === 'cpa' ? (d.cpa === null ? null : Number(d.cpa)) : d[metric];
  const byDate = new Map<string, { date: string; a?: number | null; b?: number | null }>();
  for (const d of a.data?.days ?? []) byDate.set(d.date, { date: d.date, a: value(d) });
  for (const d of b.data?.days ?? [])
    byDate.set(d.date, { ...(byDate.get(d.date) ?? { date: d.date }), b: value(d) });
  const data = [...byDate.values()].sort((x, y) => (x.date < y.date ? -1 : 1));
  const error = a.error ?? b.error;
  return (
    <section className="grid gap-3" data-testid="creative-compare">
      <h2 className="text-lg font-semibold text-white">Compare two creatives</h2>
      <div className="flex flex-wrap items-end gap-3 text-sm">
        <AdSelect label="First ad" value={first} rows={rows} onChange={setFirst} />
        <AdSelect label="Second ad" value={second} rows={rows} onChange={setSecond} />
        <LabelledSelect
          label="Measure"
          value={metric}
          onChange={(value) => setMetric(value as Metric)}
          options={Object.entries(METRICS).map(([value, label]) => ({ value, label }))}
        />
      </div>
      {error ? <ReadError error={error} /> : null}
      {(first !== '' && a.isPending) || (second !== '' && b.isPending) ? <Skeleton className="h-64" /> : null}
      {data.length > 0 ? (
        <div className="h-64 w-full" data-testid="compare-chart">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={data}>
              <CartesianGrid stroke="#334155" strokeDasharray="3 3" />
              <XAxis dataKey="date" stroke="#94a3b8" fontSize={11} />
              <YAxis stroke="#94a3b8" fontSize={11} />
              <Tooltip />
              <Legend />
              {[
                { key: 'a', name: a.data?.name ?? 'First', stroke: '#38bdf8' },
                { key: 'b', name: b.data?.name ?? 'Second', stroke: '#f97316' },
              ].map((line) => (
                <Line
                  key={line.key}
                  type="monotone"
                  dataKey={line.key}
                  name={line.name}
                  stroke={line.stroke}
                  dot={false}
                  connectNulls
                />
              ))}
            </LineChart>
          </ResponsiveContainer>
        </div>
      ) : (
        <p className="text-sm text-slate-400">Choose two ads to see their days side by side.</p>
      )}
    </section>
  );
}
