import type { GaPageRow, GaTrafficRow } from '@shared/contracts/ga.ts';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import type { metricAttributes } from '@web/lib/metric-attributes.ts';
import type { ReactNode } from 'react';
import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { formatCompact, formatDuration, sourceLabel } from '../../../lib/format/format-analytics.ts';

/** Five-colour pie palette (spec §9). */
export const PIE_COLOURS = ['#6366f1', '#10b981', '#f59e0b', '#ef4444', '#0ea5e9'];

export function StatCard({
  label,
  value,
  note,
  testId,
  metric,
}: {
  label: string;
  value: ReactNode;
  note?: ReactNode;
  testId?: string;
  /** Names the figure (`metricAttributes`) for the cross-page check of decision 011. */
  metric?: ReturnType<typeof metricAttributes>;
}) {
  return (
    <Card data-testid={testId}>
      <CardContent className="pt-6">
        <p className="text-sm text-slate-400">{label}</p>
        <p className="mt-1 text-3xl font-bold text-white" {...metric}>
          {value}
        </p>
        {note ? <div className="mt-1 text-xs text-slate-400">{note}</div> : null}
      </CardContent>
    </Card>
  );
}

export function TopPagesCard({ pages }: { pages: GaPageRow[] }) {
  return (
    <Card data-testid="ga-top-pages">
      <CardHeader>
        <CardTitle>Top Pages</CardTitle>
      </CardHeader>
      <CardContent>
        {pages.length === 0 ? (
          <p className="text-sm text-slate-400">No page data for this period.</p>
        ) : (
          <ul className="grid gap-2">
            {pages.slice(0, 5).map((page) => (
              <li
                key={`${page.pagePath}-${page.pageTitle}`}
                className="flex items-center justify-between gap-3 border-b border-slate-700/60 pb-2 text-sm last:border-0"
              >
                <div className="min-w-0">
                  <p className="truncate text-slate-100">{page.pageTitle || page.pagePath}</p>
                  <p className="truncate font-mono text-xs text-slate-400">{page.pagePath}</p>
                </div>
                <div className="shrink-0 text-right">
                  <p className="text-slate-100">{formatCompact(page.screenPageViews)} views</p>
                  <p className="text-xs text-slate-400">{formatDuration(page.avgTimeOnPage)} avg</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export function TrafficPieCard({ sources }: { sources: GaTrafficRow[] }) {
  const top = sources.slice(0, 5).map((row) => ({ name: sourceLabel(row.source), value: row.sessions }));
  const total = top.reduce((sum, row) => sum + row.value, 0);
  return (
    <Card data-testid="ga-traffic-sources">
      <CardHeader>
        <CardTitle>Traffic Sources</CardTitle>
      </CardHeader>
      <CardContent>
        {top.length === 0 || total === 0 ? (
          <p className="text-sm text-slate-400">No traffic data for this period.</p>
        ) : (
          <div className="h-64">
            <ResponsiveContainer width="100%" height="100%">
              <PieChart>
                <Pie
                  data={top}
                  dataKey="value"
                  nameKey="name"
                  outerRadius={80}
                  label={({ percent }) => `${Math.round((percent ?? 0) * 100)}%`}
                  isAnimationActive={false}
                >
                  {top.map((row, index) => (
                    <Cell key={row.name} fill={PIE_COLOURS[index % PIE_COLOURS.length]} />
                  ))}
                </Pie>
                <Tooltip formatter={(value) => formatCompact(Number(value))} />
                <Legend />
              </PieChart>
            </ResponsiveContainer>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
