import { describe, expect, it } from 'vitest';
import { contributionOf } from '../profit/contribution-of.ts';
import { basketLineContribution } from './basket-line-contribution.ts';
import { firstProductTable } from './first-product-table.ts';
import { nextOrderAffinity } from './next-order-affinity.ts';
import { pairAffinity } from './pair-affinity.ts';
import { BASKET_THRESHOLDS } from './thresholds.ts';
import type { BasketLine, BasketOrder } from './types.ts';

const WINDOW = { from: '2026-01-01', to: '2026-12-31' };

function line(productId: string, over: Partial<BasketLine> = {}): BasketLine {
  return {
    productId,
    priceMinor: 1000,
    discountMinor: 0,
    cogsMinor: 400,
    refundedMinor: 0,
    restockedCostMinor: 0,
    ...over,
  };
}

let serial = 0;
function order(products: Array<string | BasketLine>, over: Partial<BasketOrder> = {}): BasketOrder {
  serial += 1;
  return {
    orderId: String(serial),
    customerId: null,
    day: '2026-03-01',
    lines: products.map((p) => (typeof p === 'string' ? line(p) : p)),
    ...over,
  };
}

const times = (n: number, make: () => BasketOrder) => Array.from({ length: n }, make);

describe('basketLineContribution', () => {
  it('takes discounts, refunds and the cost of goods off the price, and gives back restocked cost', () => {
    expect(basketLineContribution(line('1'))).toBe(600);
    expect(
      basketLineContribution(line('1', { discountMinor: 100, refundedMinor: 450, restockedCostMinor: 200 })),
    ).toBe(1000 - 100 - 450 - (400 - 200));
  });

  it("is the products' contribution margin of decision 038's own-line parts", () => {
    const parts = {
      priceMinor: 5599,
      discountMinor: 500,
      cogsMinor: 2000,
      refundedMinor: 1200,
      restockedCostMinor: 700,
    };
    const { contributionMargin } = contributionOf({
      grossSales: parts.priceMinor,
      discounts: parts.discountMinor,
      returns: parts.refundedMinor,
      cogs: parts.cogsMinor - parts.restockedCostMinor,
      shipping: 0,
      paymentFees: 0,
    });
    expect(basketLineContribution({ productId: '1', ...parts })).toBe(contributionMargin);
  });
});

describe('pairAffinity', () => {
  it('computes support, confidence and lift; one-line orders count in the denominators but make no pairs', () => {
    const orders = [
      ...times(20, () => order(['A', 'B'])),
      ...times(20, () => order(['A'])),
      ...times(60, () => order(['C'])),
    ];
    const [pair, ...rest] = pairAffinity(orders, WINDOW);
    expect(rest).toEqual([]);
    expect(pair).toMatchObject({ a: 'B', b: 'A', orders: 20, support: 0.2, confidence: 1 });
    // P(A) = 40 / 100: lift = 1 / 0.4.
    expect(pair!.lift).toBeCloseTo(2.5, 10);
    expect(pair!.contributionMinor).toBe(20 * 1200);
  });

  it('takes a refunded line of a bundle off the pair contribution', () => {
    const full = times(12, () => order(['A', 'B']));
    const before = pairAffinity(full, WINDOW)[0]!.contributionMinor;
    const refunded = [
      ...full.slice(1),
      order(['A', line('B', { refundedMinor: 1000, restockedCostMinor: 400 })]),
    ];
    expect(pairAffinity(refunded, WINDOW)[0]!.contributionMinor).toBe(before - 600);
  });

  it('ranks nothing below the thresholds and nothing outside the window', () => {
    const few = times(BASKET_THRESHOLDS.minPairOrders - 1, () => order(['A', 'B']));
    expect(pairAffinity(few, WINDOW)).toEqual([]);
    expect(
      pairAffinity(
        times(30, () => order(['A', 'B'], { day: '2025-12-31' })),
        WINDOW,
      ),
    ).toEqual([]);
    expect(pairAffinity([], WINDOW)).toEqual([]);
  });

  it('ranks by lift', () => {
    const orders = [
      ...times(10, () => order(['A', 'B'])),
      ...times(10, () => order(['C', 'D'])),
      ...times(30, () => order(['C'])),
      ...times(50, () => order(['E'])),
    ];
    expect(pairAffinity(orders, WINDOW).map((p) => `${p.a}${p.b}`)).toEqual(['AB', 'DC']);
  });
});

describe('nextOrderAffinity', () => {
  it("pairs a product with the products of the same customer's next order", () => {
    const orders: BasketOrder[] = [];
    for (let c = 0; c < 20; c += 1) {
      const customerId = `c${c}`;
      orders.push(
        order(['A'], { customerId, day: '2026-02-01' }),
        order(['B'], { customerId, day: '2026-03-01' }),
      );
    }
    for (let c = 0; c < 20; c += 1) {
      const customerId = `d${c}`;
      orders.push(
        order(['C'], { customerId, day: '2026-02-01' }),
        order(['D'], { customerId, day: '2026-03-01' }),
      );
    }
    const ranked = nextOrderAffinity(orders, WINDOW);
    expect(ranked.map((p) => `${p.a}>${p.b}`).sort()).toEqual(['A>B', 'C>D']);
    expect(ranked[0]).toMatchObject({ orders: 20, confidence: 1, support: 0.5, contributionMinor: 20 * 600 });
    expect(ranked[0]!.lift).toBeCloseTo(2, 10);
  });
});

describe('firstProductTable', () => {
  it('counts first-time customers, their repeat rate and 180-day contribution (old enough ones only)', () => {
    const orders: BasketOrder[] = [];
    for (let c = 0; c < 10; c += 1) {
      const customerId = `old${c}`;
      orders.push(order(['A'], { customerId, day: '2026-01-10' }));
      // Half come back within 180 days, one of them also after it.
      if (c % 2 === 0) orders.push(order(['B'], { customerId, day: '2026-03-01' }));
      if (c === 0) orders.push(order(['B'], { customerId, day: '2026-09-01' }));
    }
    for (let c = 0; c < 10; c += 1) orders.push(order(['A'], { customerId: `new${c}`, day: '2026-12-01' }));
    // A customer whose first order is before the window is not a first-time customer in it.
    orders.unshift(order(['A'], { customerId: 'old0', day: '2025-06-01' }));
    const [row] = firstProductTable(orders, WINDOW);
    expect(row).toMatchObject({ productId: 'A', customers: 19, customers180d: 9 });
    expect(row!.repeatRate).toBeCloseTo(4 / 19, 10);
    expect(row!.contribution180dMinor).toBe(Math.round((9 * 600 + 4 * 600) / 9));
  });
});
