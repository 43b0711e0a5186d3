/**
 * Shares an amount of integer minor units among parts in proportion to their weights, exactly:
 * the shares are integers and add up to the amount.
 *
 * Method: cumulative floor (the rule decision 010 spreads a monthly expense over days with).
 * With W the total weight and C_i the weights up to and including part i, part i gets
 * `floor(amount·C_i/W) − floor(amount·C_{i−1}/W)`; the sum telescopes to `amount`. Negative
 * weights count as 0; when every weight is 0 the parts share equally. Works for negative amounts
 * (a share of a refund) the same way. Shares depend on the order of the parts: pass them in a
 * stable order (e.g. by line id).
 *
 * @example allocateByWeight(100, [1, 1, 1]) // [33, 33, 34]
 * @example allocateByWeight(790, [4000, 1000]) // [632, 158]
 */
export function allocateByWeight(amount: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const clean = weights.map((w) => Math.max(w, 0));
  const used = clean.some((w) => w > 0) ? clean : clean.map(() => 1);
  const total = used.reduce((sum, w) => sum + w, 0);
  const shares: number[] = [];
  let cumulative = 0;
  let before = 0;
  for (const weight of used) {
    cumulative += weight;
    const upTo = Math.floor((amount * cumulative) / total);
    shares.push(upTo - before);
    before = upTo;
  }
  return shares;
}
