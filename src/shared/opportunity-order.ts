/** The fields the profit order reads (an opportunity on the wire has them all). */
interface ProfitRanked {
  id: string;
  revenueImpactMax: number;
  profitImpactMax: number | null;
  losesMoney: boolean;
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
    (b.profitImpactMax ?? 0) - (a.profitImpactMax ?? 0) ||
    b.revenueImpactMax - a.revenueImpactMax ||
    a.id.localeCompare(b.id)
  );
}
