/**
 * The closest point of the probability simplex {w ≥ 0, Σw = 1} to v (Euclidean).
 *
 * Definition: argmin_w ‖w − v‖² over the simplex = max(vᵢ − θ, 0) with θ chosen so the result sums
 * to 1.
 * Reference: Duchi, Shalev-Shwartz, Singer & Chandra (2008), "Efficient projections onto the
 * ℓ1-ball for learning in high dimensions", ICML, figure 1 (the sort-based algorithm).
 * Method: O(n log n) by sorting.
 *
 * @example projectOntoSimplex([0.5, 0.5, 1]) // [1/6, 1/6, 2/3]
 */
export function projectOntoSimplex(v: readonly number[]): number[] {
  const sorted = [...v].sort((a, b) => b - a);
  let cumulative = 0;
  let theta = 0;
  for (let i = 0; i < sorted.length; i += 1) {
    cumulative += sorted[i]!;
    const candidate = (cumulative - 1) / (i + 1);
    if (sorted[i]! - candidate > 0) theta = candidate;
  }
  return v.map((x) => Math.max(x - theta, 0));
}
