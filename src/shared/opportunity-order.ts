/**
 * The fields the profit order reads (an opportunity on the wire has them all): amounts as the wire
 * writes them, decimal strings of one currency, compared (never added) by their value.
 */
interface ProfitRanked {
  id: string;
  revenueImpactMax: string;
  profitImpactMax: string | null;
  losesMoney: boolean;
}

/** b − a as an order only: positive when b's amount is larger. */
const larger = (a: string | null, b: string | null) => Number(b ?? 0) - Number(a ?? 0);

/** The spec's order: largest upper revenue impact first (ties left as they are). */
export function compareByRevenueImpact(
  a: Pick<ProfitRanked, 'revenueImpactMax'>,
  b: Pick<ProfitRanked, 'revenueImpactMax'>,
): number {
  return larger(a.revenueImpactMax, b.revenueImpactMax);
}

/**
 * The order of "sort by profit impact" (decision 026), the same on the server (`?sort=profit`) and
 * on the page: largest upper profit impact first; opportunities of unknown profit after them; those
 * whose action would lose money last (they are not ranked on what they would earn); ties by upper
 * revenue impact, then id.
 */
export function compareByProfitImpact(a: ProfitRanked, b: ProfitRanked): number {
  const rank = (o: ProfitRanked) => (o.losesMoney ? 2 : o.profitImpactMax === null ? 1 : 0);
  return (
    rank(a) - rank(b) ||
    larger(a.profitImpactMax, b.profitImpactMax) ||
    compareByRevenueImpact(a, b) ||
    a.id.localeCompare(b.id)
  );
}
