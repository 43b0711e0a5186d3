import { describe, expect, it } from 'vitest';
import { costTimeline } from './cost-timeline.ts';
import { matchShippingProfile } from './match-shipping-profile.ts';
import { orderCostPeriods } from './order-cost-periods.ts';
import { resolveUnitCost } from './resolve-unit-cost.ts';
import type { CostPeriod } from './types.ts';

const period = (
  id: number,
  source: CostPeriod['source'],
  effectiveFrom: string,
  costMinor: number,
  createdAt = '2024-01-01T00:00:00Z',
): CostPeriod => ({
  id,
  source,
  effectiveFrom,
  costMinor,
  createdAt,
});

describe('resolveUnitCost', () => {
  const periods = orderCostPeriods([
    period(1, 'shopify', '2000-01-01', 500),
    period(2, 'import', '2024-03-01', 700),
    period(3, 'shopify', '2024-06-01', 900),
    period(4, 'manual', '2024-05-01', 650),
  ]);
  it.each([
    ['2024-01-15', 500, 'shopify'], // only Shopify's first period has started
    ['2024-03-01', 700, 'import'], // the owner's period beats Shopify from its first day
    ['2024-05-10', 650, 'manual'], // a later owner period wins over an earlier one
    ['2024-07-01', 650, 'manual'], // Shopify's later change does not beat the owner's entry
  ])('on %s costs %i from %s', (day, cost, source) => {
    expect(resolveUnitCost(periods, day, 2000, null)).toEqual({
      unitCostMinor: cost,
      source,
      estimated: false,
    });
  });
  it('breaks a same-day tie by the later entry', () => {
    const tied = orderCostPeriods([
      period(5, 'import', '2024-01-01', 100, '2024-02-01T00:00:00Z'),
      period(6, 'manual', '2024-01-01', 200, '2024-02-02T00:00:00Z'),
    ]);
    expect(resolveUnitCost(tied, '2024-01-02', 0, null)?.unitCostMinor).toBe(200);
  });
  it('falls back to the default margin, rounded half away from zero, marked estimated', () => {
    // 1999 × (1 − 0.35) = 1299.35 → 1299; 1001 × 0.5 = 500.5 → 501
    expect(resolveUnitCost(undefined, '2024-01-01', 1999, 350_000)).toEqual({
      unitCostMinor: 1299,
      source: 'default_margin',
      estimated: true,
    });
    expect(resolveUnitCost([], '2024-01-01', 1001, 500_000)?.unitCostMinor).toBe(501);
    expect(resolveUnitCost(periods, '1999-12-31', 1000, null)).toBeNull();
  });
});

describe('costTimeline', () => {
  it('shows the days each period wins', () => {
    const periods = orderCostPeriods([
      period(1, 'shopify', '2000-01-01', 500),
      period(2, 'import', '2024-03-01', 700),
      period(3, 'shopify', '2024-06-01', 900),
    ]);
    expect(costTimeline(periods)).toEqual([
      { periodId: 1, from: '2000-01-01', to: '2024-03-01' },
      { periodId: 2, from: '2024-03-01', to: null },
    ]);
  });
});

describe('matchShippingProfile', () => {
  const bands = [
    { country: 'US', minGrams: 0, maxGrams: 1000, costMinor: 500 },
    { country: 'US', minGrams: 1000, maxGrams: null, costMinor: 900 },
    { country: '*', minGrams: 0, maxGrams: null, costMinor: 2000 },
  ];
  it.each([
    ['US', 999, 500],
    ['US', 1000, 900],
    ['DE', 10, 2000],
    [null, 10, 2000],
  ] as const)('%s at %i g costs %i', (country, grams, cost) => {
    expect(matchShippingProfile(bands, country, grams)).toBe(cost);
  });
  it('is null when no band matches', () => {
    expect(matchShippingProfile(bands.slice(0, 1), 'US', 5000)).toBeNull();
  });
});
