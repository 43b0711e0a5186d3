import { describe, expect, it } from 'vitest';
import { hierarchicalLogRoasDensity } from './hierarchical-log-roas-density.ts';

const prior = { logMean: 0.2, logMeanSd: 1, spreadScale: 0.8 };
const normal = (x: number, mean: number, sd: number) =>
  Math.exp(-0.5 * ((x - mean) / sd) ** 2) / (sd * Math.sqrt(2 * Math.PI));

/**
 * The shared hierarchical prior on the channels' log ROAS (decision 184): its closed form in μ and
 * quadrature in τ against the definition integrated by brute force, and the partial pooling it is
 * for.
 */
describe('hierarchicalLogRoasDensity', () => {
  it('equals the definition with the level and the spread integrated numerically', () => {
    const logRoas = [0.6, 1.2, -0.4];
    // ∫∫ Π_c N(ℓ_c; μ, τ²)·N(μ; 0.2, 1)·half-normal(τ; 0.8) dμ dτ on a fine midpoint grid.
    let total = 0;
    const dMu = 0.02;
    const dTau = 0.005;
    for (let mu = -6; mu < 6; mu += dMu) {
      const level = normal(mu, prior.logMean, prior.logMeanSd);
      for (let tau = dTau / 2; tau < 5; tau += dTau) {
        let likelihood = 1;
        for (const l of logRoas) likelihood *= normal(l, mu, tau);
        total += likelihood * level * 2 * normal(tau, 0, prior.spreadScale) * dMu * dTau;
      }
    }
    expect(hierarchicalLogRoasDensity(logRoas, prior)).toBeCloseTo(Math.log(total), 2);
    expect(hierarchicalLogRoasDensity([], prior)).toBe(0);
  });

  it('pulls a channel toward the level the other channels set, not toward the fixed prior mean', () => {
    const grid = Array.from({ length: 801 }, (_, i) => -3 + i * 0.01);
    const mostLikely = (others: number[]) =>
      grid.reduce((best, l) =>
        hierarchicalLogRoasDensity([...others, l], prior) >
        hierarchicalLogRoasDensity([...others, best], prior)
          ? l
          : best,
      );
    // Two channels at ROAS 3 (ln 3 ≈ 1.10): the third's prior mode sits near them, well above 0.2.
    expect(mostLikely([Math.log(3), Math.log(3)])).toBeGreaterThan(0.9);
    // Two channels far apart leave a wide spread: the third is pulled less hard toward their middle.
    const apart = mostLikely([Math.log(0.5), Math.log(6)]);
    expect(apart).toBeGreaterThan(0.1);
    expect(apart).toBeLessThan(1);
  });
});
