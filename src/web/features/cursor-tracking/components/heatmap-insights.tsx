import type { ScrollMap } from '@shared/contracts/heatmap-insights.ts';
import { formatMoney } from '@shared/money.ts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Skeleton } from '@web/components/ui/skeleton.tsx';
import { errorSentence } from '@web/lib/api-error.ts';
import { type HeatmapFilters, useElementRevenue, useFrustration } from '../api/tracking-api.ts';
import { formatRate } from '../lib/format.ts';

/** Loading, error and empty states shared by the three sections. */
function Section<T>({
  title,
  testId,
  query,
  isEmpty,
  empty,
  children,
}: {
  title: string;
  testId: string;
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  empty: string;
  children: (data: T) => React.ReactNode;
}) {
  return (
    <section className="space-y-2" data-testid={testId}>
      <h3 className="text-sm font-semibold text-slate-200">{title}</h3>
      {query.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : query.isError ? (
        <p className="text-sm text-rose-300">{errorSentence(query.error, 'Failed to load data')}</p>
      ) : isEmpty(query.data) ? (
        <p className="text-sm text-slate-400">{empty}</p>
      ) : (
        children(query.data)
      )}
    </section>
  );
}

/** The scroll map: how many views reached each tenth of the page, with the fold's figures. */
export function ScrollMapSection({ query }: { query: UseQueryResult<ScrollMap> }) {
  return (
    <Section
      title="Scroll map"
      testId="scroll-map"
      query={query}
      isEmpty={(data) => data.views === 0}
      empty="No page views in this selection yet."
    >
      {(data) => (
        <div className="space-y-2">
          <p className="text-sm text-slate-300" data-testid="fold-summary">
            Fold at {data.foldY} px (median viewport height of {data.views} views);{' '}
            {formatRate(data.clicksBelowFoldShare * 100)} of clicks are below it.
          </p>
          <ol className="space-y-1">
            {data.depths.map((depth) => (
              <li
                key={depth.depthPercent}
                className="flex items-center gap-2 text-xs text-slate-300"
                data-testid="scroll-depth"
                data-depth={depth.depthPercent}
                data-share={depth.reachedShare}
              >
                <span className="w-10 text-right tabular-nums">{depth.depthPercent} %</span>
                <span className="h-3 flex-1 overflow-hidden rounded bg-slate-800">
                  <span
                    className="block h-full rounded bg-gradient-to-r from-rose-500 to-amber-400"
                    style={{ width: `${depth.reachedShare * 100}%` }}
                  />
                </span>
                <span className="w-28 whitespace-nowrap tabular-nums">
                  {formatRate(depth.reachedShare * 100)} reached
                </span>
              </li>
            ))}
          </ol>
        </div>
      )}
    </Section>
  );
}

function CountTable({ rows, label }: { rows: Array<{ selector: string; count: number }>; label: string }) {
  if (rows.length === 0) return <p className="py-1 text-sm text-slate-400">None.</p>;
  return (
    <table className="w-full text-left text-sm">
      <thead className="text-xs text-slate-400">
        <tr>
          <th className="py-1 font-medium">Element</th>
          <th className="py-1 text-right font-medium">{label}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.selector} className="border-t border-slate-800">
            <td className="py-1 font-mono text-xs text-slate-200">{row.selector}</td>
            <td className="py-1 text-right tabular-nums">{row.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Rage clicks (≥ 3 clicks within 30 px and 1 s) and the tracker's dead clicks, by element. */
export function FrustrationSection({ filters }: { filters: HeatmapFilters }) {
  const query = useFrustration(filters);
  return (
    <Section
      title="Frustration"
      testId="frustration"
      query={query}
      isEmpty={(data) => data.rageClicks.length === 0 && data.deadClicks.length === 0}
      empty="No rage or dead clicks in this selection."
    >
      {(data) => (
        <div className="grid gap-4 md:grid-cols-2">
          <div>
            <p className="text-xs text-slate-400">Rage clicks: 3 or more clicks within 30 px and 1 s</p>
            <CountTable rows={data.rageClicks} label="Rage clicks" />
          </div>
          <div>
            <p className="text-xs text-slate-400">Dead clicks: no navigation or page change within 2.5 s</p>
            <CountTable rows={data.deadClicks} label="Dead clicks" />
          </div>
        </div>
      )}
    </Section>
  );
}

/** Revenue per clicked element, with the rule that credits an order to an element. */
export function ElementRevenueSection({ filters }: { filters: HeatmapFilters }) {
  const query = useElementRevenue(filters);
  return (
    <Section
      title="Revenue per element"
      testId="element-revenue"
      query={query}
      isEmpty={(data) => data.elements.length === 0}
      empty="No clicked element led to a joined order in this selection."
    >
      {(data) => (
        <div className="space-y-1">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-slate-400">
              <tr>
                <th className="py-1 font-medium">Element</th>
                <th className="py-1 text-right font-medium">Orders</th>
                <th className="py-1 text-right font-medium">Revenue</th>
              </tr>
            </thead>
            <tbody>
              {data.elements.map((row) => (
                <tr key={row.selector} className="border-t border-slate-800">
                  <td className="py-1 font-mono text-xs text-slate-200">{row.selector}</td>
                  <td className="py-1 text-right tabular-nums">{row.orders}</td>
                  <td className="py-1 text-right tabular-nums">
                    {formatMoney(row.revenue, data.currency ?? undefined)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="text-xs text-slate-400" data-testid="revenue-rule">
            {data.rule}
          </p>
        </div>
      )}
    </Section>
  );
}
