import type { ProfitCoverage } from '@shared/contracts/profit.ts';
import { buttonClasses } from '@web/components/ui/button.tsx';
import { Card, CardContent } from '@web/components/ui/card.tsx';
import { Link } from 'wouter';
import { COSTS_PAGE_PATH } from '../lib/costs-page-path.ts';

/** Share as a percentage with one decimal, never rounded up to 100 % while a unit is missing. */
function formatShare(coverage: ProfitCoverage): string {
  if (coverage.share === null) return '—';
  const tenths = Math.floor(coverage.share * 1000) / 10;
  return `${tenths.toFixed(1)}%`;
}

/**
 * Cost coverage (issue #13): the share of sold units whose cost is known (entered by the owner or
 * from Shopify), not estimated from the default margin. Shown on every state of the page, so a
 * guess is never mistaken for a fact.
 */
export function CostCoverageCard({ coverage }: { coverage: ProfitCoverage | null }) {
  const incomplete =
    coverage !== null && coverage.share !== null && coverage.unitsWithCost < coverage.unitsSold;
  return (
    <Card data-testid="cost-coverage">
      <CardContent className="flex flex-wrap items-center justify-between gap-3 py-4">
        <div>
          <p className="text-sm text-slate-300">Cost coverage</p>
          <p className="text-2xl font-bold text-white" data-testid="cost-coverage-share">
            {coverage ? formatShare(coverage) : '…'}
          </p>
          <p className="text-xs text-slate-400" data-testid="cost-coverage-detail">
            {coverage
              ? coverage.unitsSold === 0
                ? 'No units sold in this range.'
                : `${coverage.unitsWithCost.toLocaleString('en-US')} of ${coverage.unitsSold.toLocaleString(
                    'en-US',
                  )} units sold have a known cost; ${
                    incomplete ? 'the rest are estimated or missing.' : 'none are estimated.'
                  }`
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
