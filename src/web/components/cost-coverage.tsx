import { buttonClasses } from '@web/components/ui/button.tsx';
import { Card, CardContent } from '@web/components/ui/card.tsx';
import { COSTS_PAGE_PATH } from '@web/lib/costs-page-path.ts';
import { Link } from 'wouter';

/** Units sold and those whose cost is known (the contracts' `coverage` objects have both). */
export interface CoverageCounts {
  unitsSold: number;
  unitsWithCost: number;
}

/** Share as a percentage with one decimal, never rounded up to 100 % while a unit is missing. */
export function formatCoverageShare({ unitsSold, unitsWithCost }: CoverageCounts): string {
  if (unitsSold === 0) return '—';
  return `${(Math.floor((unitsWithCost / unitsSold) * 1000) / 10).toFixed(1)}%`;
}

/**
 * Cost coverage (issue #13): the share of sold units whose cost is known (entered by the owner or
 * from Shopify), not estimated from the default margin — shown beside every profit figure so a
 * guess is never mistaken for a fact. The one component of every profit view: `card` heads a
 * profit page (with "Add costs" while units lack a cost), `note` sits under a profit table.
 * `coverage` null: still loading.
 */
export function CostCoverage({
  coverage,
  variant = 'note',
}: {
  coverage: CoverageCounts | null;
  variant?: 'card' | 'note';
}) {
  const incomplete = coverage !== null && coverage.unitsWithCost < coverage.unitsSold;
  const counts = coverage
    ? `${coverage.unitsWithCost.toLocaleString('en-US')} of ${coverage.unitsSold.toLocaleString('en-US')} units sold have a known cost`
    : '';
  if (variant === 'note')
    return (
      <p className="text-xs text-slate-400" data-testid="cost-coverage-note">
        {coverage
          ? `Cost coverage ${formatCoverageShare(coverage)} (${counts}, not estimated)`
          : 'Cost coverage …'}
      </p>
    );
  return (
    <Card data-testid="cost-coverage">
      <CardContent className="flex flex-wrap items-center justify-between gap-3 py-4">
        <div>
          <p className="text-sm text-slate-300">Cost coverage</p>
          <p className="text-2xl font-bold text-white" data-testid="cost-coverage-share">
            {coverage ? formatCoverageShare(coverage) : '…'}
          </p>
          <p className="text-xs text-slate-400" data-testid="cost-coverage-detail">
            {coverage
              ? coverage.unitsSold === 0
                ? 'No units sold in this range.'
                : `${counts}; ${incomplete ? 'the rest are estimated or missing.' : 'none are estimated.'}`
              : 'Share of sold units whose cost is known, not estimated.'}
          </p>
        </div>
        {incomplete ? (
          <Link href={COSTS_PAGE_PATH} className={buttonClasses({ variant: 'outline' })}>
            Add costs
          </Link>
        ) : null}
      </CardContent>
    </Card>
  );
}
