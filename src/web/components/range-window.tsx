import type { RangeComparison } from '@shared/contracts/date-range.ts';

/**
 * The window a page's figures cover, stated under its range picker (issue #36): the shop days,
 * the shop's time zone, the comparison, and "No data before <first day>" when the comparison lies
 * before the shop's first day with data (its figures are then not shown as zeros).
 */
export function RangeWindow({
  from,
  to,
  timeZone,
  comparison,
}: {
  from: string | null;
  to: string | null;
  timeZone: string | null;
  comparison?: RangeComparison | null;
}) {
  if (from === null || to === null) return null;
  return (
    <p className="text-sm text-slate-300" data-testid="range-window">
      {from === to ? from : `${from} to ${to}`} · shop days in {timeZone ?? 'the shop’s time zone'}
      {comparison ? ` · compared with ${comparison.from} to ${comparison.to}` : ''}
      {comparison && !comparison.hasData ? (
        <span className="ml-1 text-amber-300" data-testid="comparison-no-data">
          · No data before {comparison.firstDataDay ?? from}
        </span>
      ) : null}
    </p>
  );
}
