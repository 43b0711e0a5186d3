import { describe, expect, it } from 'vitest';
import { digamma } from './digamma.ts';
import { hypergeometric2F1 } from './hypergeometric-2f1.ts';
import { logBeta } from './log-beta.ts';
import { logGamma } from './log-gamma.ts';
import { minimizeBfgs } from './minimize-bfgs.ts';
import { minimizeNelderMead } from './minimize-nelder-mead.ts';
import { quantileType7 } from './quantile-type7.ts';
import { solveLinearSystem } from './solve-linear-system.ts';
import { sumCompensated } from './sum-compensated.ts';

describe('logGamma', () => {
  it.each([
    [1, 0],
    [2, 0],
    [5, Math.log(24)],
    [0.5, 0.5 * Math.log(Math.PI)], // Γ(1/2) = √π
    [0.1, Math.log(9.513507698668732)],
    [100, 359.1342053695754], // ln 99!
  ])('ln Γ(%d) = %d', (x, expected) => {
    expect(logGamma(x)).toBeCloseTo(expected, 11);
  });
  it('rejects x ≤ 0', () => expect(() => logGamma(0)).toThrow(RangeError));
});

describe('logBeta', () => {
  it.each([
    [1, 1, 0],
    [2, 3, Math.log(1 / 12)],
    [0.5, 0.5, Math.log(Math.PI)],
  ])('ln B(%d, %d)', (a, b, expected) => expect(logBeta(a, b)).toBeCloseTo(expected, 12));
});

describe('hypergeometric2F1', () => {
  it.each([
    // ₂F₁(1,1;2;z) = −ln(1−z)/z
    [1, 1, 2, 0.5, -Math.log(0.5) / 0.5],
    [1, 1, 2, 0.9, -Math.log(0.1) / 0.9],
    // ₂F₁(a,b;b;z) = (1−z)^(−a)
    [0.3, 2, 2, 0.7, 0.3 ** -0.3],
    // ₂F₁(1/2,1/2;3/2;z²) = arcsin(z)/z
    [0.5, 0.5, 1.5, 0.25, Math.asin(0.5) / 0.5],
    [2, 3, 4, 0, 1],
  ])('₂F₁(%d, %d; %d; %d)', (a, b, c, z, expected) => {
    expect(hypergeometric2F1(a, b, c, z)).toBeCloseTo(expected, 11);
  });
  it('rejects |z| ≥ 1', () => expect(() => hypergeometric2F1(1, 1, 2, 1)).toThrow(RangeError));
});

describe('sumCompensated', () => {
  it.each([
    [[0.1, 0.2, 0.3], 0.6],
    [[], 0],
    [[1e16, 1, -1e16], 1],
    [Array.from({ length: 100_000 }, () => 0.01), 1000],
  ])('sums without drift', (values, expected) => expect(sumCompensated(values)).toBe(expected));
});

describe('quantileType7', () => {
  it.each([
    [[1, 2, 3, 4], 0.5, 2.5],
    [[1, 2, 3, 4, 5], 0.2, 1.8],
    [[7], 0.8, 7],
    [[1, 3], 1, 3],
  ])('Q(%j, %d) = %d', (values, p, expected) => expect(quantileType7(values, p)).toBeCloseTo(expected, 12));
  it('rejects empty input', () => expect(() => quantileType7([], 0.5)).toThrow(RangeError));
});

describe('digamma', () => {
  it('matches −γ at 1, the recurrence and ψ(1/2) = −γ − 2 ln 2', () => {
    const eulerGamma = 0.5772156649015329;
    expect(digamma(1)).toBeCloseTo(-eulerGamma, 13);
    expect(digamma(0.5)).toBeCloseTo(-eulerGamma - 2 * Math.log(2), 13);
    expect(digamma(7.3) - digamma(6.3)).toBeCloseTo(1 / 6.3, 13);
    expect(digamma(2.5)).toBeCloseTo((logGamma(2.5 + 1e-6) - logGamma(2.5 - 1e-6)) / 2e-6, 7);
  });
  it('refuses x ≤ 0', () => {
    expect(() => digamma(0)).toThrow(RangeError);
  });
});

describe('minimizeBfgs', () => {
  it('finds the minimum of the Rosenbrock function from its gradient', () => {
    const result = minimizeBfgs(
      ([x, y]) => ({
        value: (1 - x!) ** 2 + 100 * (y! - x! ** 2) ** 2,
        gradient: [-2 * (1 - x!) - 400 * x! * (y! - x! ** 2), 200 * (y! - x! ** 2)],
      }),
      [-1.2, 1],
    );
    expect(result.converged).toBe(true);
    expect(result.x[0]).toBeCloseTo(1, 4);
    expect(result.x[1]).toBeCloseTo(1, 4);
  });
});

describe('minimizeNelderMead', () => {
  it('finds the minimum of a shifted quadratic', () => {
    const result = minimizeNelderMead(([x, y]) => (x! - 1) ** 2 + 3 * (y! + 2) ** 2, [0, 0]);
    expect(result.x[0]).toBeCloseTo(1, 4);
    expect(result.x[1]).toBeCloseTo(-2, 4);
  });
  it('finds the Rosenbrock valley minimum at (1, 1)', () => {
    const result = minimizeNelderMead(([x, y]) => 100 * (y! - x! ** 2) ** 2 + (1 - x!) ** 2, [-1.2, 1], {
      maxEvaluations: 10_000,
    });
    expect(result.x[0]).toBeCloseTo(1, 3);
    expect(result.x[1]).toBeCloseTo(1, 3);
  });
  it('treats non-finite values as +∞', () => {
    const result = minimizeNelderMead(([x]) => (x! < 0 ? Number.NaN : (x! - 2) ** 2), [1]);
    expect(result.x[0]).toBeCloseTo(2, 4);
  });
});

describe('solveLinearSystem', () => {
  it.each([
    [
      [
        [2, 0],
        [0, 4],
      ],
      [2, 8],
      [1, 2],
    ],
    [
      [
        [0, 1],
        [1, 0],
      ],
      [3, 4],
      [4, 3],
    ], // needs a pivot swap
    [
      [
        [1, 1, 1],
        [0, 2, 5],
        [2, 5, -1],
      ],
      [6, -4, 27],
      [5, 3, -2],
    ],
  ])('solves %j', (a, b, expected) => {
    for (const [i, v] of solveLinearSystem(a, b).entries()) expect(v).toBeCloseTo(expected[i]!, 12);
  });
  it('rejects a singular matrix', () =>
    expect(() =>
      solveLinearSystem(
        [
          [1, 2],
          [2, 4],
        ],
        [1, 2],
      ),
    ).toThrow(RangeError));
});
