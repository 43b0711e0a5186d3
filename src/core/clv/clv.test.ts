import { describe, expect, it } from 'vitest';
import { bgnbdConditionalExpectedTransactions } from './bgnbd-conditional-expected-transactions.ts';
import { bgnbdExpectedTransactions } from './bgnbd-expected-transactions.ts';
import { bgnbdLogLikelihood } from './bgnbd-log-likelihood.ts';
import { bgnbdProbabilityAlive } from './bgnbd-probability-alive.ts';
import { bgnbdProbabilityOfTransactions } from './bgnbd-probability-of-transactions.ts';
import { compressCustomers } from './compress-customers.ts';
import { computeCustomerLifetimeValue } from './compute-customer-lifetime-value.ts';
import { fitBgnbd } from './fit-bgnbd.ts';
import { fitGammaGamma } from './fit-gamma-gamma.ts';
import { gammaGammaExpectedSpend } from './gamma-gamma-expected-spend.ts';
import { gammaGammaLogLikelihood } from './gamma-gamma-log-likelihood.ts';
import { paretoNbdConditionalExpectedTransactions } from './pareto-nbd-conditional-expected-transactions.ts';
import { paretoNbdExpectedTransactions } from './pareto-nbd-expected-transactions.ts';
import { paretoNbdLogLikelihood } from './pareto-nbd-log-likelihood.ts';
import { paretoNbdProbabilityAlive } from './pareto-nbd-probability-alive.ts';
import { summarizeLifetimeCustomers } from './summarize-lifetime-customers.ts';

const ones = { r: 1, alpha: 1, a: 1, b: 1 };

describe('BG/NBD by hand (r = α = a = b = 1 unless stated)', () => {
  // x = 0, T = 1: B(1,1)/B(1,1) · Γ(1)·1/(Γ(1)·2) = 1/2.
  // x = 1, tx = 1, T = 2: ½·1/9 + ½·1/4 = 13/72.
  it.each([
    [{ x: 0, tx: 0, T: 1 }, Math.log(1 / 2)],
    [{ x: 1, tx: 1, T: 2 }, Math.log(13 / 72)],
  ])('log-likelihood of %j', (customer, expected) => {
    expect(bgnbdLogLikelihood(ones, [customer])).toBeCloseTo(expected, 12);
    expect(bgnbdLogLikelihood(ones, [{ ...customer, count: 3 }])).toBeCloseTo(3 * expected, 12);
  });

  it('is −∞, not NaN, for invalid parameters', () => {
    expect(bgnbdLogLikelihood({ ...ones, r: -1 }, [{ x: 0, tx: 0, T: 1 }])).toBe(Number.NEGATIVE_INFINITY);
  });

  // P(alive) = 1/(1 + a/(b+x−1)·((α+T)/(α+tx))^(r+x)) = 1/(1 + (3/2)²) = 4/13; x = 0 → 1.
  it.each([
    [{ x: 1, tx: 1, T: 2 }, 4 / 13],
    [{ x: 0, tx: 0, T: 5 }, 1],
  ])('P(alive | %j)', (customer, expected) => {
    expect(bgnbdProbabilityAlive(ones, customer)).toBeCloseTo(expected, 12);
  });

  // a = 2: (a+b−1)/(a−1) = 2; ₂F₁(1,1;2;½) = 2 ln 2; 2·(1 − ½·2 ln 2) = 2 − 2 ln 2.
  it('E[X(1)] with a = 2', () => {
    expect(bgnbdExpectedTransactions({ ...ones, a: 2 }, 1)).toBeCloseTo(2 - 2 * Math.log(2), 12);
    expect(bgnbdExpectedTransactions({ ...ones, a: 2 }, 0)).toBe(0);
  });

  // P(X(1)=0) = (α/(α+t))^r = ½; P(X(1)=1) = ½·½·½ + ½·(1 − ½) = 3/8.
  it.each([
    [0, 1 / 2],
    [1, 3 / 8],
  ])('P(X(1) = %i)', (n, expected) => {
    expect(bgnbdProbabilityOfTransactions(ones, 1, n)).toBeCloseTo(expected, 12);
  });

  it('conditional expectation of a new customer (x = 0, T = 0) equals E[X(t)]', () => {
    const params = { r: 0.5, alpha: 3, a: 1.5, b: 2 };
    expect(bgnbdConditionalExpectedTransactions(params, { x: 0, tx: 0, T: 0 }, 10)).toBeCloseTo(
      bgnbdExpectedTransactions(params, 10),
      12,
    );
  });
});

describe('Pareto/NBD by hand (r = α = s = β = 1)', () => {
  const params = { r: 1, alpha: 1, s: 1, beta: 1 };
  // α = β so every ₂F₁ has z = 0: A₀ = 1/1² − 1/2² = ¾; L = 1/(2·2) + ½·¾ = 5/8.
  it('log-likelihood of x = 0, T = 1 is ln(5/8)', () => {
    expect(paretoNbdLogLikelihood(params, [{ x: 0, tx: 0, T: 1 }])).toBeCloseTo(Math.log(5 / 8), 12);
  });
  // P(alive) = 1/(1 + ½·2·2·¾) = 2/5.
  it('P(alive | x = 0, T = 1) = 2/5', () => {
    expect(paretoNbdProbabilityAlive(params, { x: 0, tx: 0, T: 1 })).toBeCloseTo(2 / 5, 12);
  });
  // s = 1: (r+x)/(α+T) · (β+T) ln((β+T+t)/(β+T)) · P(alive) = ½·2·ln(3/2)·2/5.
  it('E[Y(1) | x = 0, T = 1] uses the s = 1 limit', () => {
    expect(paretoNbdConditionalExpectedTransactions(params, { x: 0, tx: 0, T: 1 }, 1)).toBeCloseTo(
      Math.log(1.5) * 0.4,
      12,
    );
  });
});

describe('Pareto/NBD E[X(t)] by hand', () => {
  // rβ/(α(s−1))·[1 − (β/(β+t))^(s−1)] = 1·[1 − ½] = ½ for r = α = β = 1, s = 2, t = 1; s = 1: ln 2.
  it.each([
    [{ r: 1, alpha: 1, s: 2, beta: 1 }, 1, 0.5],
    [{ r: 1, alpha: 1, s: 1, beta: 1 }, 1, Math.log(2)],
    [{ r: 2, alpha: 4, s: 3, beta: 2 }, 2, ((2 * 2) / (4 * 2)) * (1 - 0.25)],
    [{ r: 1, alpha: 1, s: 2, beta: 1 }, 0, 0],
  ])('%j at t = %d', (params, t, expected) => {
    expect(paretoNbdExpectedTransactions(params, t)).toBeCloseTo(expected, 12);
  });
});

describe('Gamma-Gamma by hand', () => {
  // (γ + x z̄)p/(px + q − 1) = (4 + 20)·2/(4 + 2) = 8; x = 0 → pγ/(q − 1) = 4.
  it.each([
    [2, 10, 8],
    [0, 0, 4],
  ])('E[M | x = %i, z̄ = %d] = %d', (x, z, expected) => {
    expect(gammaGammaExpectedSpend({ p: 2, q: 3, gamma: 4 }, x, z)).toBeCloseTo(expected, 12);
  });
  // p = 1, q = 2, γ = 1, x = 1, z̄ = 1: ln Γ(3) − ln Γ(1) − ln Γ(2) − 3 ln 2 = −2 ln 2.
  it('log-likelihood of one customer', () => {
    expect(gammaGammaLogLikelihood({ p: 1, q: 2, gamma: 1 }, [{ x: 1, meanValue: 1 }])).toBeCloseTo(
      -2 * Math.log(2),
      12,
    );
  });
  it('refuses to fit fewer than two usable customers', () => {
    expect(() => fitGammaGamma([{ x: 0, meanValue: 0 }])).toThrow(RangeError);
  });
});

describe('summarizeLifetimeCustomers', () => {
  const transactions = [
    { customerId: 'a', date: '2024-01-01', amount: 10 },
    { customerId: 'a', date: '2024-01-01', amount: 5 }, // same day: merged
    { customerId: 'a', date: '2024-01-08', amount: 20 },
    { customerId: 'a', date: '2024-01-15', amount: 40 },
    { customerId: 'a', date: '2024-02-01', amount: 99 }, // after asOf: ignored
    { customerId: 'b', date: '2024-01-22', amount: 7 },
  ];
  it('counts repeat days, recency and age in weeks from the first purchase day', () => {
    const result = summarizeLifetimeCustomers(transactions, '2024-01-29', 'week');
    expect(result).toEqual([
      {
        customerId: 'a',
        x: 2,
        tx: 2,
        T: 4,
        firstDate: '2024-01-01',
        lastDate: '2024-01-15',
        meanRepeatValue: 30,
      },
      {
        customerId: 'b',
        x: 0,
        tx: 0,
        T: 1,
        firstDate: '2024-01-22',
        lastDate: '2024-01-22',
        meanRepeatValue: 0,
      },
    ]);
  });
  it('uses days when asked', () => {
    expect(summarizeLifetimeCustomers(transactions, '2024-01-29', 'day')[0]).toMatchObject({
      x: 2,
      tx: 14,
      T: 28,
    });
  });
});

describe('compressCustomers', () => {
  it('groups identical (x, tx, T) with counts', () => {
    expect(
      compressCustomers([
        { x: 0, tx: 0, T: 5 },
        { x: 1, tx: 2, T: 5 },
        { x: 0, tx: 0, T: 5, count: 2 },
      ]),
    ).toEqual([
      { x: 0, tx: 0, T: 5, count: 3 },
      { x: 1, tx: 2, T: 5, count: 1 },
    ]);
  });
});

/** A BG/NBD population (deterministic LCG): ages from `age`, purchase times rounded by `round`. */
function simulateBgnbd(
  size: number,
  truth: { r: number; alpha: number; a: number; b: number },
  age: (random: () => number) => number,
  round: (t: number) => number,
) {
  // Deterministic LCG so the test is stable.
  let seed = 42;
  const random = () => {
    seed = (seed * 1_664_525 + 1_013_904_223) % 4_294_967_296;
    return (seed + 0.5) / 4_294_967_296;
  };
  const gamma = (shape: number) => {
    // Marsaglia–Tsang for shape ≥ 1, boosted for shape < 1.
    const boost = shape < 1 ? random() ** (1 / shape) : 1;
    const d = (shape < 1 ? shape + 1 : shape) - 1 / 3;
    for (;;) {
      const u1 = random();
      const u2 = random();
      const n = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
      const v = (1 + n / Math.sqrt(9 * d)) ** 3;
      if (v > 0 && Math.log(random()) < 0.5 * n * n + d - d * v + d * Math.log(v)) return d * v * boost;
    }
  };
  return Array.from({ length: size }, () => {
    const rate = gamma(truth.r) / truth.alpha;
    const ga = gamma(truth.a);
    const p = ga / (ga + gamma(truth.b));
    const T = age(random);
    let t = 0;
    let x = 0;
    let tx = 0;
    for (;;) {
      t += -Math.log(random()) / rate;
      if (t > T) break;
      x += 1;
      tx = t;
      if (random() < p) break;
    }
    return { x, tx: round(tx), T };
  });
}

describe('fitBgnbd', () => {
  it('recovers the parameters of a large synthetic population (sanity, not a reproduction)', () => {
    const customers = simulateBgnbd(
      20_000,
      { r: 0.5, alpha: 5, a: 1.2, b: 3 },
      (random) => 30 + Math.floor(random() * 10),
      Math.round,
    );
    const fit = fitBgnbd(customers);
    // The fit's fast, hoisted likelihood equals the reference formula at the optimum.
    expect(fit.logLikelihood).toBeCloseTo(bgnbdLogLikelihood(fit.params, customers), 6);
    expect(fit.params.r).toBeGreaterThan(0.35);
    expect(fit.params.r).toBeLessThan(0.7);
    expect(fit.params.a / (fit.params.a + fit.params.b)).toBeGreaterThan(0.2);
    expect(fit.params.a / (fit.params.a + fit.params.b)).toBeLessThan(0.35);
  });
  it('polishes a large population (thousands of distinct histories) to the maximum of the likelihood', () => {
    // Ages and last purchases in days over weeks: thousands of distinct histories, above the warm start's.
    const customers = simulateBgnbd(
      12_000,
      { r: 2, alpha: 10, a: 0.6, b: 9 },
      (random) => Math.floor(7 + random() * 700) / 7,
      (t) => Math.floor(t * 7) / 7,
    );
    expect(compressCustomers(customers).length).toBeGreaterThan(4000);
    const fit = fitBgnbd(customers);
    expect(fit.converged).toBe(true);
    expect(fit.logLikelihood).toBeCloseTo(bgnbdLogLikelihood(fit.params, customers), 6);
    // Every parameter moved by 0.1 % either way lowers the likelihood: the fit is at the maximum.
    for (const key of ['r', 'alpha', 'a', 'b'] as const) {
      for (const factor of [0.999, 1.001]) {
        const moved = { ...fit.params, [key]: fit.params[key] * factor };
        expect(bgnbdLogLikelihood(moved, customers)).toBeLessThan(fit.logLikelihood);
      }
    }
    const modified = fitBgnbd(customers, 'mbgnbd');
    expect(modified.converged).toBe(true);
    expect(Number.isFinite(modified.logLikelihood)).toBe(true);
  });
  it('finds the same maximum, and stops there, whatever order the customers come in', () => {
    // A store's size and shape (tens of thousands of distinct histories in fractional weeks): the
    // order is a database's grouping order, which no query fixes.
    const customers = simulateBgnbd(
      40_000,
      { r: 2.2, alpha: 11, a: 0.6, b: 9 },
      (random) => Math.floor(7 + random() * 1_100) / 7,
      (t) => Math.floor(t * 7) / 7,
    );
    const fits = [customers, [...customers].reverse()].map((list) => fitBgnbd(list));
    for (const fit of fits) {
      expect(fit.converged).toBe(true);
      // Near the maximum the remaining gain is rounding noise: a few hundred evaluations, not the budget.
      expect(fit.evaluations).toBeLessThan(1_500);
    }
    for (const key of ['r', 'alpha', 'a', 'b'] as const)
      expect(fits[1]!.params[key] / fits[0]!.params[key]).toBeCloseTo(1, 5);
  });
  it('refuses a population without repeat purchases', () => {
    expect(() => fitBgnbd([{ x: 0, tx: 0, T: 3 }])).toThrow(RangeError);
  });
});

describe('computeCustomerLifetimeValue', () => {
  const params = { r: 0.2425945, alpha: 4.4136019, a: 0.7929199, b: 2.4258881 };
  const customer = { x: 2, tx: 30.43, T: 38.86 };
  it('with one month and no discount equals E[Y(month)] × spend', () => {
    const result = computeCustomerLifetimeValue({
      params,
      customer,
      expectedSpend: 10,
      timeUnit: 'week',
      horizonMonths: 1,
      monthlyDiscountRate: 0,
    });
    expect(result.value).toBeCloseTo(
      10 * bgnbdConditionalExpectedTransactions(params, customer, 365.25 / 84),
      12,
    );
    expect(result).toMatchObject({ timeUnit: 'week', horizonMonths: 1, monthlyDiscountRate: 0 });
  });
  it('states its units and discounts later months', () => {
    const undiscounted = computeCustomerLifetimeValue({
      params,
      customer,
      expectedSpend: 10,
      timeUnit: 'week',
      monthlyDiscountRate: 0,
    });
    const discounted = computeCustomerLifetimeValue({
      params,
      customer,
      expectedSpend: 10,
      timeUnit: 'week',
    });
    expect(discounted.value).toBeLessThan(undiscounted.value);
    expect(discounted.monthlyDiscountRate).toBe(0.01);
    expect(discounted.horizonMonths).toBe(12);
  });
});
