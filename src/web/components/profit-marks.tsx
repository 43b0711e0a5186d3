import { Badge } from '@web/components/ui/badge.tsx';

/**
 * The two marks every profit figure outside /profit carries (issue #13): "estimated" where a cost
 * is a guess (default margin, shipping taken equal to the charge), and the cost coverage it rests
 * on, so nobody mistakes a guess for a fact.
 */
export function EstimatedBadge({ title }: { title: string }) {
  return (
    <Badge variant="warning" title={title} data-testid="estimated-badge">
      estimated
    </Badge>
  );
}

/** Share with one decimal, never rounded up to 100 % while a unit is missing. */
export function formatCoverageShare(unitsSold: number, unitsWithCost: number): string {
  if (unitsSold === 0) return '—';
  return `${(Math.floor((unitsWithCost / unitsSold) * 1000) / 10).toFixed(1)}%`;
}

/** "Cost coverage 92.5% (370 of 400 units sold have a known cost)". */
export function CostCoverageNote({ unitsSold, unitsWithCost }: { unitsSold: number; unitsWithCost: number }) {
  return (
    <p className="text-xs text-slate-400" data-testid="cost-coverage-note">
      Cost coverage {formatCoverageShare(unitsSold, unitsWithCost)} ({unitsWithCost.toLocaleString('en-US')}{' '}
      of {unitsSold.toLocaleString('en-US')} units sold have a known cost, not estimated)
    </p>
  );
}
