import { describe, expect, it } from 'vitest';
import { allocateByWeight } from './allocate-by-weight.ts';
import { cohortEconomics } from './cohort-economics.ts';
import { contributionByProduct, type ProductProfitOrder } from './contribution-by-product.ts';

describe('allocateByWeight', () => {
  it.each([
    [100, [1, 1, 1], [33, 33, 34]],
    [790, [4000, 1000], [632, 158]],
    [5, [0, 0], [2, 3]],
    [-7, [1, 1], [-4, -3]],
    [10, [3, -2, 1], [7, 0, 3]],
    [0, [1, 2], [0, 0]],
    [9, [], []],
  ])('allocateByWeight(%i, %j) = %j', (amount, weights, expected) => {
    const shares = allocateByWeight(amount, weights);
    expect(shares).toEqual(expected);
    if (weights.length > 0) expect(shares.reduce((a, b) => a + b, 0)).toBe(amount);
  });
});

describe('contributionByProduct', () => {
  const line = (id: string, productId: string | null, units: number, price: number, discount = 0) => ({
    lineItemId: id,
    productId,
    units,
    priceMinor: price,
    discountMinor: discount,
    cogsMinor: units * 300,
    unitsWithCost: productId === 'b' ? 0 : units,
    costEstimated: productId === 'b',
  });
  const order = (over: Partial<ProductProfitOrder>): ProductProfitOrder => ({
    lines: [line('1', 'a', 2, 4000, 500), line('2', 'b', 1, 1500)],
    placedInRange: true,
    shippingChargedMinor: 590,
    discountMinor: 800,
    shippingCostMinor: 700,
    shippingEstimated: false,
    feesMinor: 190,
    refundedShippingMinor: 0,
    refundLines: [],
    ...over,
  });

  it('gives each product its lines and a value-weighted share of the order’s amounts', () => {
    const [a, b] = contributionByProduct([order({})]);
    // Weights 3500 : 1500 (net line values).
    expect(a).toMatchObject({
      productId: 'a',
      parts: {
        grossSales: 4000,
        shippingCharges: 413,
        discounts: 500 + 210,
        returns: 0,
        cogs: 600,
        shipping: 490,
        paymentFees: 133,
      },
      units: 2,
      unitsWithCost: 2,
      cogsEstimated: false,
    });
    expect(b).toMatchObject({
      productId: 'b',
      parts: {
        grossSales: 1500,
        shippingCharges: 177,
        discounts: 90,
        returns: 0,
        cogs: 300,
        shipping: 210,
        paymentFees: 57,
      },
      units: 1,
      unitsWithCost: 0,
      cogsEstimated: true,
    });
  });

  it('adds up to the orders’ own totals exactly, whatever lands in the range', () => {
    const orders = [
      order({}),
      // Placed before the range: only its fee in the range and a refund made in the range count.
      order({
        placedInRange: false,
        feesMinor: 33,
        refundedShippingMinor: 590,
        refundLines: [{ lineItemId: '1', subtotalMinor: 1750, restockedCostMinor: 300 }],
      }),
      order({ lines: [line('3', 'a', 1, 999)], discountMinor: 0, shippingEstimated: true, feesMinor: 61 }),
      order({ lines: [], shippingChargedMinor: 0, discountMinor: 0, shippingCostMinor: 0, feesMinor: 5 }),
    ];
    const products = contributionByProduct(orders);
    const sum = (pick: (p: (typeof products)[number]) => number) => products.reduce((t, p) => t + pick(p), 0);
    // Shopify's gross sales: the lines only; shipping charged less shipping refunded on its own line.
    expect(sum((p) => p.parts.grossSales)).toBe(4000 + 1500 + 999);
    expect(sum((p) => p.parts.shippingCharges ?? 0)).toBe(590 - 590 + 590);
    expect(sum((p) => p.parts.discounts)).toBe(800 + 0 + 0);
    expect(sum((p) => p.parts.returns)).toBe(1750);
    expect(sum((p) => p.parts.cogs)).toBe(900 + 300 - 300);
    expect(sum((p) => p.parts.shipping)).toBe(700 + 700);
    expect(sum((p) => p.parts.paymentFees)).toBe(190 + 33 + 61 + 5);
    expect(sum((p) => p.units)).toBe(4);
    expect(products.find((p) => p.productId === 'a')?.shippingEstimated).toBe(true);
    expect(products.find((p) => p.productId === null)?.parts.paymentFees).toBe(5);
  });
});

describe('cohortEconomics', () => {
  it('gives LTV, CAC, LTV:CAC and the month the contribution paid the CAC back', () => {
    expect(
      cohortEconomics({ customers: 40, spendMinor: 80_000, contributionByMonth: [60_000, 30_000] }, 20),
    ).toEqual({
      ltvMinor: 2250,
      cacMinor: 2000,
      ltvToCac: 1.125,
      paybackMonths: 2,
      payback: 'paid_back',
    });
    expect(
      cohortEconomics({ customers: 40, spendMinor: 80_000, contributionByMonth: [80_000] }, 20).paybackMonths,
    ).toBe(1);
  });

  it('says "not yet" until the running contribution reaches the spend', () => {
    expect(
      cohortEconomics(
        { customers: 25, spendMinor: 100_000, contributionByMonth: [40_000, 50_000, 9_999] },
        20,
      ),
    ).toMatchObject({
      cacMinor: 4000,
      ltvMinor: 4000,
      paybackMonths: null,
      payback: 'not_yet',
    });
  });

  it('has no CAC without spend and no figures under the minimum', () => {
    expect(cohortEconomics({ customers: 30, spendMinor: null, contributionByMonth: [30_000] }, 20)).toEqual({
      ltvMinor: 1000,
      cacMinor: null,
      ltvToCac: null,
      paybackMonths: null,
      payback: 'no_spend',
    });
    expect(
      cohortEconomics({ customers: 19, spendMinor: 1000, contributionByMonth: [30_000] }, 20),
    ).toMatchObject({
      ltvMinor: null,
      payback: 'too_few_customers',
    });
  });
});
