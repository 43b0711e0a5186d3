import { describe, expect, it } from 'vitest';
import { contributionOf } from '../profit/contribution-of.ts';
import { acquisitionCost } from './acquisition-cost.ts';
import { computePoas } from './compute-poas.ts';
import { marginRate } from './margin-rate.ts';

describe('profit metrics (decision 025)', () => {
  it('completes contribution before marketing with exact subtotals', () => {
    expect(
      contributionOf({
        grossSales: 5599,
        discounts: 500,
        returns: 0,
        cogs: 2000,
        shipping: 790,
        paymentFees: 192,
      }),
    ).toEqual({
      grossSales: 5599,
      discounts: 500,
      returns: 0,
      cogs: 2000,
      shipping: 790,
      paymentFees: 192,
      netSales: 5099,
      grossProfit: 3099,
      contributionMargin: 2117,
    });
    // A refund with restock: returns lower net sales, the restocked cost lowers COGS.
    const refunded = contributionOf({
      grossSales: 5000,
      discounts: 0,
      returns: 2500,
      cogs: 1000,
      shipping: 500,
      paymentFees: 150,
    });
    expect(refunded.contributionMargin).toBe(5000 - 2500 - 1000 - 500 - 150);
  });

  it('divides contribution by spend for POAS, null without spend', () => {
    expect(computePoas(150, 100)).toBe(1.5);
    expect(computePoas(-50, 100)).toBe(-0.5);
    expect(computePoas(150, 0)).toBeNull();
  });

  it('rounds the cost per customer, null without spend or customers', () => {
    expect(acquisitionCost(10_000, 3)).toBe(3333);
    expect(acquisitionCost(10_001, 2)).toBe(5001); // 5000.5 → half away from zero
    expect(acquisitionCost(0, 3)).toBeNull();
    expect(acquisitionCost(10_000, 0)).toBeNull();
  });

  it('gives a margin rate only over positive net sales', () => {
    expect(marginRate(250, 1000)).toBe(0.25);
    expect(marginRate(-300, 1000)).toBe(-0.3);
    expect(marginRate(100, 0)).toBeNull();
    expect(marginRate(100, -20)).toBeNull();
  });
});
