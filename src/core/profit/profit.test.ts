import { describe, expect, it } from 'vitest';
import { costInForce } from './cost-in-force.ts';
import { dailyProfitLines } from './daily-profit-lines.ts';
import { paymentFeeOf } from './payment-fee-of.ts';
import { percentOfMinor } from './percent-of-minor.ts';
import { shippingCostOf } from './shipping-cost-of.ts';
import type { ProfitInput } from './types.ts';

describe('src/core/profit', () => {
  it.each([
    [1005, '3.49', 35], // 35.0745
    [1000, '2.5', 25],
    [30, '5', 2], // 1.5 → 2 (half away from zero)
    [-30, '5', -2],
    [-29, '5', -1], // -1.45
    [0, '12', 0],
  ])('percentOfMinor(%i, %s) = %i', (amount, percent, expected) => {
    expect(percentOfMinor(amount, percent)).toBe(expected);
  });

  it('resolves the cost in force: latest effective date on or before the day, a tie to the later entry', () => {
    const periods = [
      { effectiveFrom: '2026-01-01', costMinor: 1000 },
      { effectiveFrom: '2026-03-01', costMinor: 1200 },
      { effectiveFrom: '2026-03-01', costMinor: 1150 },
    ];
    expect(costInForce(periods, '2025-12-31')).toBeNull();
    expect(costInForce(periods, '2026-02-28')).toBe(1000);
    expect(costInForce(periods, '2026-03-01')).toBe(1150);
  });

  it('takes gateway fees when returned, else the owner rule, only on successful SALE/CAPTURE', () => {
    const rules = [{ gateway: 'paypal', percent: '3.49', fixedMinor: 49 }];
    const base = { kind: 'SALE', status: 'SUCCESS', gateway: 'paypal', amountMinor: 1005, feesMinor: [] };
    expect(paymentFeeOf(base, rules)).toBe(84);
    expect(paymentFeeOf({ ...base, gateway: 'shopify_payments', feesMinor: [59] }, rules)).toBe(59);
    expect(paymentFeeOf({ ...base, kind: 'REFUND' }, rules)).toBe(0);
    expect(paymentFeeOf({ ...base, status: 'FAILURE' }, rules)).toBe(0);
    expect(paymentFeeOf({ ...base, gateway: 'manual' }, rules)).toBe(0);
  });

  it('prices shipping by import, then profile (exact country before *), then the charge', () => {
    const profiles = [
      { country: 'US', minGrams: 0, maxGrams: 500, costMinor: 465 },
      { country: '*', minGrams: 0, maxGrams: null, costMinor: 1890 },
    ];
    const order = { importedCostMinor: null, countryCode: 'US', weightGrams: 499, shippingChargedMinor: 599 };
    expect(shippingCostOf(order, profiles)).toBe(465);
    expect(shippingCostOf({ ...order, weightGrams: 500 }, profiles)).toBe(1890);
    expect(shippingCostOf({ ...order, importedCostMinor: 700 }, profiles)).toBe(700);
    expect(shippingCostOf(order, [])).toBe(599);
  });

  it('computes daily lines with refunds and restocks on the refund day, and buckets ISO weeks', () => {
    const input: ProfitInput = {
      orders: [{ day: '2026-03-01', shippingChargedMinor: 599, discountMinor: 500, shippingCostMinor: 790 }],
      saleLines: [{ day: '2026-03-01', quantity: 2, originalUnitPriceMinor: 2_500, unitCostMinor: 1_000 }],
      refundLines: [
        { day: '2026-03-02', subtotalMinor: 2_250, quantity: 1, restocked: true, unitCostMinor: 1_000 },
      ],
      refundedShipping: [{ day: '2026-03-02', amountMinor: 200 }],
      fees: [{ day: '2026-03-02', amountMinor: 150 }],
      spend: [{ day: '2026-03-01', amountMinor: 1_000 }],
      expenses: [],
    };
    const [sun, mon] = dailyProfitLines(input, '2026-03-01', '2026-03-02');
    // Sunday: gross 5000 (Shopify's: no shipping), discounts 500, shipping charged 599, COGS 2000,
    // shipping cost 790, marketing 1000.
    expect(sun).toMatchObject({
      grossSales: 5_000,
      netSales: 4_500,
      cogs: 2_000,
      grossProfit: 2_500,
      shippingCharges: 599,
      contributionMargin: 1_309,
    });
    // Monday: returns 2250 (refunded shipping is not a return: it comes off shipping charges),
    // restocked cost −1000, fee 150.
    expect(mon).toMatchObject({
      returns: 2_250,
      netSales: -2_250,
      cogs: -1_000,
      grossProfit: -1_250,
      shippingCharges: -200,
      netProfit: -1_600,
    });
  });
});
