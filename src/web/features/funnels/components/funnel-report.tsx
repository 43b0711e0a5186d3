import { Skeleton } from '@web/components/ui/skeleton.tsx';
import { formatMoney } from '@web/lib/money.ts';
import { useState } from 'react';
import { type FunnelReportFilters, useFunnelReport } from '../api/funnel-queries.ts';
import { FunnelStepSessions } from './funnel-step-sessions.tsx';

const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`;
const seconds = (s: number | null) =>
  s === null
    ? '–'
    : s < 90
      ? `${Math.round(s)} s`
      : s < 5400
        ? `${Math.round(s / 60)} min`
        : `${(s / 3600).toFixed(1)} h`;

/**
 * One funnel's report (issue 40): per step a bar as wide as its conversion from step 1, the
 * sessions, median time from the previous step, drop-off, and the revenue (with its share) and
 * contribution margin of the orders whose sessions passed it. A step opens its sessions and the pages people left from, with
 * their heatmaps. Loading, error and empty states of its own.
 */
export function FunnelReport({ id, filters }: { id: string; filters: FunnelReportFilters }) {
  const report = useFunnelReport(id, filters);
  const [opened, setOpened] = useState<number | null>(null);
  if (report.isPending) return <Skeleton className="h-64" data-testid="funnel-loading" />;
  if (report.isError)
    return (
      <p role="alert" className="text-sm text-red-300" data-testid="funnel-error">
        The funnel could not be loaded: {report.error.message}
      </p>
    );
  const { steps, currency } = report.data;
  if (steps.every((step) => step.sessions === 0))
    return (
      <p className="text-sm text-slate-400" data-testid="funnel-empty">
        No session passed the first step from {report.data.from} to {report.data.to}. Is the Shopify pixel
        installed (Cursor tracking → your website → Shopify checkout)?
      </p>
    );
  return (
    <ol className="grid gap-3" data-testid="funnel-report">
      {steps.map((step, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a funnel may repeat a step; steps are positional
        <li key={`${i}-${step.name}`} className="grid gap-1 text-sm" data-testid="funnel-step">
          <div className="flex flex-wrap justify-between gap-2">
            <button
              type="button"
              className="text-left font-medium text-slate-100 underline-offset-4 hover:underline"
              aria-expanded={opened === i}
              onClick={() => setOpened(opened === i ? null : i)}
              data-testid="funnel-step-open"
            >
              {i + 1}. {step.name}
            </button>
            <span className="text-slate-300">
              <span data-testid="funnel-step-sessions">{step.sessions}</span> sessions ·{' '}
              {percent(step.conversionRate)}
              {i > 0 ? ` · ${step.dropOff} dropped · median ${seconds(step.medianSeconds)}` : ''}
            </span>
          </div>
          <div className="h-6 rounded bg-slate-800">
            <div
              className="h-6 rounded bg-indigo-500"
              style={{ width: `${Math.max(step.conversionRate * 100, 0.5)}%` }}
              aria-hidden="true"
            />
          </div>
          <span className="text-xs text-slate-400">
            Orders of these sessions: {formatMoney(step.revenue, currency)} ({percent(step.revenueShare)} of
            revenue) · contribution{' '}
            <span data-testid="funnel-step-contribution">{formatMoney(step.contribution, currency)}</span>
          </span>
          {opened === i ? <FunnelStepSessions id={id} step={i + 1} filters={filters} /> : null}
        </li>
      ))}
    </ol>
  );
}
