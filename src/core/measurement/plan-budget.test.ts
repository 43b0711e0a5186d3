import { describe, expect, it } from 'vitest';
import { planBudget } from './plan-budget.ts';
import { posteriorInterval } from './posterior-interval.ts';

// Concave curves with one draw each: R_A(x) = 10000·x/(x + 500), R_B(x) = 20000·x/(x + 2000).
const A = { name: 'meta', current: 800, curve: [{ maxEffect: 10_000, halfSaturation: 500, shape: 1 }] };
const B = { name: 'google', current: 200, curve: [{ maxEffect: 20_000, halfSaturation: 2000, shape: 1 }] };
const response = (c: typeof A, x: number) => c.curve[0]!.maxEffect * (x / (x + c.curve[0]!.halfSaturation));

describe('planBudget', () => {
  it('equalises marginal contribution: the analytic optimum of two Michaelis–Menten curves', () => {
    // m·R'(x) equal ⇔ (y + 2000)/(x + 500) = √8 with x + y = 1000.
    const x = (1000 + 2000 - 500 * Math.sqrt(8)) / (1 + Math.sqrt(8));
    const plan = planBudget([A, B], 1000, 0.5);
    expect(plan.channels[0]!.planned).toBeCloseTo(x, -1);
    expect(plan.channels[1]!.planned).toBeCloseTo(1000 - x, -1);
    expect(plan.unspent).toBeCloseTo(0, 6);
    const revenue =
      response(A, plan.channels[0]!.planned) +
      response(B, plan.channels[1]!.planned) -
      response(A, 800) -
      response(B, 200);
    expect(plan.expectedRevenueChange.mean).toBeCloseTo(revenue, 6);
    expect(plan.expectedContributionChange.mean).toBeCloseTo(0.5 * revenue, 6); // same total spend
    expect(plan.moves).toEqual([
      { from: 'meta', to: 'google', amount: expect.closeTo(800 - plan.channels[0]!.planned, 6) },
    ]);
  });

  it('respects bounds and leaves money unspent where the next unit does not pay back', () => {
    const bounded = planBudget([{ ...A, max: 300 }, B], 1000, 0.5);
    expect(bounded.channels[0]!.planned).toBeLessThanOrEqual(300 + 1e-9);
    const weak = planBudget(
      [
        { ...A, curve: [{ maxEffect: 100, halfSaturation: 500, shape: 1 }] },
        { ...B, min: 100, curve: [{ maxEffect: 100, halfSaturation: 2000, shape: 1 }] },
      ],
      1000,
      0.5,
    );
    expect(weak.channels.map((c) => c.planned)).toEqual([0, 100]);
    expect(weak.unspent).toBeCloseTo(900, 6);
    expect(() =>
      planBudget(
        [
          { ...A, min: 600 },
          { ...B, min: 600 },
        ],
        1000,
        0.5,
      ),
    ).toThrow(/exceed the budget/);
    expect(() => planBudget([A], 1000, 1.5)).toThrow(/margin/);
  });

  it('reports the posterior spread of the change', () => {
    const spread = {
      ...A,
      curve: [0.8, 1, 1.2].map((f) => ({ maxEffect: 10_000 * f, halfSaturation: 500, shape: 1 })),
    };
    const plan = planBudget([spread, { ...B, curve: [B.curve[0]!, B.curve[0]!, B.curve[0]!] }], 1000, 0.5);
    expect(plan.expectedContributionChange.low).toBeLessThan(plan.expectedContributionChange.high);
    expect(posteriorInterval([1, 2, 3])).toEqual({ mean: 2, low: 1.1, high: 2.9 });
  });
});
