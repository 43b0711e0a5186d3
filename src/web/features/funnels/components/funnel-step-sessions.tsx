import { Skeleton } from '@web/components/ui/skeleton.tsx';
import { formatMoney } from '@web/lib/money.ts';
import { type FunnelReportFilters, useFunnelStepSessions } from '../api/funnel-queries.ts';

/** The page part of an exit URL (the origin is the website's). */
const pathOf = (url: string) => {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
};

/** The Cursor Tracking heatmap of one page of one website. */
export const heatmapHref = (trackingId: string, pageUrl: string) =>
  `/cursor-tracking?${new URLSearchParams({ trackingId, page: pageUrl, tab: 'heatmap' })}`;

/**
 * A funnel step opened (issue 40): of the sessions that passed it, those that went no further and
 * the pages they left the site from, each linking to that page's heatmap, and the latest sessions
 * (those that left here first). Loading, error and empty states of its own.
 */
export function FunnelStepSessions({
  id,
  step,
  filters,
}: {
  id: string;
  step: number;
  filters: FunnelReportFilters;
}) {
  const drill = useFunnelStepSessions(id, step, filters);
  if (drill.isPending) return <Skeleton className="h-32" data-testid="funnel-step-loading" />;
  if (drill.isError)
    return (
      <p role="alert" className="text-sm text-red-300">
        This step's sessions could not be loaded: {drill.error.message}
      </p>
    );
  const { sessions, leftHere, exitPages, latest, currency } = drill.data;
  return (
    <div
      className="grid gap-3 rounded border border-slate-700 p-3 text-sm"
      data-testid="funnel-step-drilldown"
    >
      <p className="text-slate-300">
        <span data-testid="funnel-step-left">{leftHere}</span> of {sessions} sessions went no further than
        this step.
      </p>
      {exitPages.length > 0 ? (
        <div className="grid gap-1">
          <span className="font-medium text-slate-200">Where they left</span>
          <ul className="grid gap-1">
            {exitPages.slice(0, 8).map((page) => (
              <li key={`${page.trackingId} ${page.pageUrl}`} className="flex flex-wrap justify-between gap-2">
                <span className="truncate text-slate-300" title={page.pageUrl}>
                  {pathOf(page.pageUrl)} · {page.sessions} sessions
                </span>
                <a
                  className="text-indigo-300 underline-offset-4 hover:underline"
                  href={heatmapHref(page.trackingId, page.pageUrl)}
                  data-testid="funnel-exit-heatmap"
                >
                  Heatmap of this page
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {latest.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-xs">
            <caption className="sr-only">Latest sessions of this step</caption>
            <thead className="text-slate-400">
              <tr>
                <th className="py-1 pr-3 font-normal">Started</th>
                <th className="py-1 pr-3 font-normal">Device</th>
                <th className="py-1 pr-3 font-normal">Furthest step</th>
                <th className="py-1 pr-3 font-normal">Left from</th>
                <th className="py-1 font-normal">Orders</th>
              </tr>
            </thead>
            <tbody>
              {latest.map((s) => (
                <tr
                  key={s.sessionId}
                  className="border-t border-slate-800 text-slate-300"
                  data-testid="funnel-step-session"
                >
                  <td className="py-1 pr-3">{new Date(s.startedAt).toLocaleString()}</td>
                  <td className="py-1 pr-3">{s.device ?? '–'}</td>
                  <td className="py-1 pr-3">{s.furthestStep}</td>
                  <td className="max-w-48 truncate py-1 pr-3" title={s.exitPage}>
                    {pathOf(s.exitPage)}
                  </td>
                  <td className="py-1">{Number(s.revenue) > 0 ? formatMoney(s.revenue, currency) : '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="text-slate-400">No session passed this step.</p>
      )}
    </div>
  );
}
