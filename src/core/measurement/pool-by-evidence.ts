/**
 * Bayesian model averaging of posterior draws: each candidate model's share of the pooled draws is
 * its posterior probability under equal prior odds.
 *
 * Definition: p(m | y) = p(y | m) / Σₖ p(y | k) from each fit's log evidence log p(y | m); fit m
 * contributes ⌊p(m | y)·draws⌋ of its draws, taken evenly through them, and the most probable fit
 * the remainder, so exactly `draws` are returned. One candidate: probability 1, its draws as they are.
 * Reference: Hoeting, Madigan, Raftery & Volinsky (1999), "Bayesian Model Averaging: A Tutorial",
 * Statistical Science 14(4), eq. (1)–(2); Gelman et al., "Bayesian Data Analysis", 3rd ed., §5.3
 * (a discrete hyperparameter computed on a grid), as decisions 162 and 234 use it.
 * Method: the log evidences are shifted by their maximum before exponentiating.
 *
 * @example poolByEvidence([{ draws: [1, 1], logEvidence: 0 }, { draws: [2, 2], logEvidence: -50 }], 2)
 *   // { draws: [1, 1], probabilities: [1, ≈2e-22], best: 0 }
 */
export function poolByEvidence<T>(
  fits: readonly { draws: readonly T[]; logEvidence: number }[],
  draws: number,
): { draws: T[]; probabilities: number[]; best: number } {
  const top = Math.max(...fits.map((f) => f.logEvidence));
  const weights = fits.map((f) => (fits.length === 1 ? 1 : Math.exp(f.logEvidence - top)));
  const total = weights.reduce((a, b) => a + b, 0);
  const probabilities = weights.map((w) => w / total);
  const best = probabilities.indexOf(Math.max(...probabilities));
  const counts = probabilities.map((p) => Math.floor(p * draws));
  counts[best]! += draws - counts.reduce((a, b) => a + b, 0);
  const pooled = fits.flatMap((f, k) =>
    Array.from(
      { length: counts[k]! },
      (_, j) => f.draws[Math.floor(((j + 0.5) * f.draws.length) / counts[k]!)]!,
    ),
  );
  return { draws: pooled, probabilities, best };
}
