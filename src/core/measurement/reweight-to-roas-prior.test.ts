import { describe, expect, it } from 'vitest';
import { createRandom } from './create-random.ts';
import { reweightToRoasPrior } from './reweight-to-roas-prior.ts';

/**
 * The re-weighting to a log-normal ROAS prior (decision 178), where the answer is known: with a flat
 * likelihood the posterior is the prior, so half-normal(0, 1) draws of an effect whose ROAS is the
 * effect itself (k = 1), re-weighted to LogNormal(0, 0.5), must come out LogNormal(0, 0.5).
 */
describe('reweightToRoasPrior', () => {
  it('turns draws under the half-normal effect prior into draws under the log-normal ROAS prior', () => {
    const random = createRandom(7);
    const rows = 4;
    const design = { base: [], spend: [[1, 1, 1, 1]], scale: 1 };
    const posterior = {
      media: [[1, 1, 1, 1]],
      mean: [0],
      precisionFactor: [[1]],
      shape: 1,
      rate: 1,
      logMarginal: 0,
      logNonNegative: 0,
      mediaPrior: [{ mean: 0, precision: 1, lift: false }],
    };
    const proposals = Array.from({ length: 40_000 }, () => ({
      posterior,
      coefficients: [Math.abs(random.normal())],
      sigma: 1,
    }));
    const kept = reweightToRoasPrior(proposals, design, rows, { logMean: 0, logSd: 0.5 }, 4000, random);
    expect(kept).toHaveLength(4000);
    const logs = kept.map((d) => Math.log(d.coefficients[0]!)).sort((a, b) => a - b);
    const mean = logs.reduce((a, b) => a + b, 0) / logs.length;
    const sd = Math.sqrt(logs.reduce((s, v) => s + (v - mean) ** 2, 0) / logs.length);
    expect(Math.abs(mean)).toBeLessThan(0.05);
    expect(Math.abs(sd - 0.5)).toBeLessThan(0.05);
    // Unweighted, the same draws are far from it: the log of a half-normal has mean ≈ −0.64.
    const raw = proposals.map((d) => Math.log(d.coefficients[0]!));
    expect(raw.reduce((a, b) => a + b, 0) / raw.length).toBeLessThan(-0.5);
  });
});
