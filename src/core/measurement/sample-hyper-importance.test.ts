import { describe, expect, it } from 'vitest';
import { createRandom } from './create-random.ts';
import { sampleHyperImportance } from './sample-hyper-importance.ts';
import { sampleHyperLaplace } from './sample-hyper-laplace.ts';

// u = ln X with X ~ Gamma(2, 1): log p(u) = 2u − eᵘ (+ const), a left-skewed density whose mode
// (ln 2 ≈ 0.693) is far from its mean (ψ(2) = 1 − γ ≈ 0.4228) and whose variance is ψ′(2) = π²/6 − 1.
const logGammaOfLog = ([u]: number[]) => 2 * u! - Math.exp(u!);
const mode = [Math.log(2)];
const hessian = [[2]]; // −d²/du² log p at the mode = eᵘ = 2
const TRUE_MEAN = 1 - 0.5772156649;
const TRUE_VARIANCE = Math.PI ** 2 / 6 - 1;
const moments = (draws: number[][]) => {
  const xs = draws.map((d) => d[0]!);
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return { mean, variance: xs.reduce((s, x) => s + (x - mean) ** 2, 0) / xs.length };
};

describe('sampleHyperImportance: Laplace-t proposals re-weighted by the exact posterior', () => {
  it('recovers the mean and variance of a skewed posterior that the Laplace normal misses', () => {
    const weighted = sampleHyperImportance(logGammaOfLog, mode, hessian, 4000, createRandom(11));
    const laplace = moments(sampleHyperLaplace(mode, hessian, 4000, createRandom(11)));
    const m = moments(weighted.draws);
    expect(Math.abs(laplace.mean - TRUE_MEAN)).toBeGreaterThan(0.2); // the mode's bias
    expect(Math.abs(m.mean - TRUE_MEAN)).toBeLessThan(0.04);
    expect(m.variance).toBeGreaterThan(0.85 * TRUE_VARIANCE);
    expect(m.variance).toBeLessThan(1.15 * TRUE_VARIANCE);
    expect(weighted.draws).toHaveLength(4000);
    expect(weighted.effectiveSampleSize).toBeGreaterThan(1000);
    expect(weighted.effectiveSampleSize).toBeLessThanOrEqual(12_000);
  });

  it('a proposal where the posterior is impossible gets no weight', () => {
    // Half the line has zero posterior density: no kept draw may land there.
    const halfLine = ([u]: number[]) => (u! < 0 ? Number.NEGATIVE_INFINITY : -0.5 * (u! - 1) ** 2);
    const { draws } = sampleHyperImportance(halfLine, [1], [[1]], 2000, createRandom(5));
    expect(draws.every(([u]) => u! >= 0)).toBe(true);
  });

  it('estimates the log marginal likelihood ∫ p(u) du (decision 162: choosing a prior by its evidence)', () => {
    // ∫ exp(2u − eᵘ) du = Γ(2) = 1, so log evidence 0; a correlated 2-d normal scaled by e³ has
    // log evidence 3 + ln(2π) − ½ ln det(H).
    const skewed = sampleHyperImportance(logGammaOfLog, mode, hessian, 4000, createRandom(3));
    expect(Math.abs(skewed.logEvidence)).toBeLessThan(0.03);
    const h = [
      [2, 0.6],
      [0.6, 1],
    ];
    const normal = ([a, b]: number[]) =>
      3 - 0.5 * (h[0]![0]! * a! * a! + 2 * h[0]![1]! * a! * b! + h[1]![1]! * b! * b!);
    const { logEvidence } = sampleHyperImportance(normal, [0, 0], h, 4000, createRandom(4));
    const truth = 3 + Math.log(2 * Math.PI) - 0.5 * Math.log(2 * 1 - 0.6 * 0.6);
    expect(Math.abs(logEvidence - truth)).toBeLessThan(0.03);
  });
});
