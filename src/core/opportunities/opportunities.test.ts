import { describe, expect, it } from 'vitest';
import { wilsonInterval } from '../stats/wilson-interval.ts';
import { detectAttributionGapOpportunities } from './detect-attribution-gap-opportunities.ts';
import { type CampaignPerformance, detectCampaignOpportunities } from './detect-campaign-opportunities.ts';
import { detectFreeShippingOpportunity } from './detect-free-shipping-opportunity.ts';
import { detectOpportunities } from './detect-opportunities.ts';
import { detectRevenueAnomaly } from './detect-revenue-anomaly.ts';
import { detectSecondOrderOpportunity } from './detect-second-order-opportunity.ts';
import { detectStockOpportunities, type StockPosition } from './detect-stock-opportunities.ts';
import { detectWinBackOpportunities } from './detect-win-back-opportunities.ts';
import { poissonInterval } from './poisson-interval.ts';
import { rankOpportunity } from './rank-opportunity.ts';
import type { DetectorContext } from './types.ts';

const context: DetectorContext = { asOf: '2026-10-31', currency: 'USD', revenueLast30Days: 100_000 };

const stock = (overrides: Partial<StockPosition>): StockPosition => ({
  productId: 'p1',
  title: 'Trail Shoe',
  available: 100,
  leadTimeDays: 14,
  baselineUnits: 300,
  baselineDays: 30,
  unitPrice: 50,
  outOfStockDays30: 0,
  lostRevenue30: 0,
  ...overrides,
});

const campaign = (overrides: Partial<CampaignPerformance>): CampaignPerformance => ({
  platform: 'meta',
  campaignId: 'c1',
  name: 'Spring',
  status: 'ACTIVE',
  spend30: 1000,
  verifiedOrders30: 50,
  verifiedRevenue30: 4000,
  refunds30: 0,
  reportedRevenue30: 4100,
  productId: null,
  productTitle: null,
  spendOnOutOfStockDays30: 0,
  outOfStockDays30: 0,
  ...overrides,
});

describe('intervals', () => {
  it('poissonInterval brackets the count and narrows relatively as it grows', () => {
    const small = poissonInterval(4);
    const large = poissonInterval(400);
    expect(small.low).toBeLessThan(4);
    expect(small.high).toBeGreaterThan(4);
    expect((large.high - large.low) / 400).toBeLessThan((small.high - small.low) / 4);
    // Exact 80 % Garwood interval for 10 is 6.221…15.41 (within 2 %).
    const ten = poissonInterval(10);
    expect(ten.low).toBeCloseTo(6.22, 1);
    expect(ten.high).toBeGreaterThan(15.1);
    expect(ten.high).toBeLessThan(15.7);
    expect(poissonInterval(0).low).toBe(0);
  });

  it('wilsonInterval stays inside [0, 1] and contains the proportion', () => {
    const w = wilsonInterval(3, 10);
    expect(w.low).toBeGreaterThan(0);
    expect(w.low).toBeLessThan(0.3);
    expect(w.high).toBeGreaterThan(0.3);
    expect(wilsonInterval(0, 5).low).toBe(0);
    expect(wilsonInterval(5, 5).high).toBe(1);
  });

  it('rankOpportunity rates tight, large ranges high and wide, small ones low', () => {
    expect(rankOpportunity(4000, 5000, 100_000, 1, 'Medium')).toEqual({
      priority: 'high',
      confidenceScore: 0.889,
    });
    expect(rankOpportunity(10, 500, 100_000, 1, 'Medium').priority).toBe('low');
    expect(rankOpportunity(600, 2000, 100_000, 1, 'Medium').priority).toBe('medium');
    // Issue 20: a wide range (5 % confidence) is never ranked above Low, however large its upper end.
    const guess = rankOpportunity(0, 20_000, 100_000, 1, 'Low');
    expect(guess).toEqual({ priority: 'low', confidenceScore: 0.05 });
  });
});

describe('detectStockOpportunities', () => {
  it('flags an out-of-stock product with 30 days of in-stock demand as its impact', () => {
    const [candidate] = detectStockOpportunities([stock({ available: 0, outOfStockDays30: 12 })], context);
    expect(candidate?.type).toBe('stockout_lost_revenue');
    // 10 units/day × 30 days × 50 = 15,000 lies inside the range.
    expect(candidate!.revenueImpactMin).toBeLessThan(15_000);
    expect(candidate!.revenueImpactMax).toBeGreaterThan(15_000);
    expect(candidate!.priority).toBe('high');
    expect(candidate!.metricKey).toBe('product:p1:revenue30d');
  });

  it('warns before a stock-out only when cover is under the lead time', () => {
    expect(detectStockOpportunities([stock({ available: 200 })], context)).toEqual([]);
    const [candidate] = detectStockOpportunities([stock({ available: 50 })], context);
    expect(candidate?.type).toBe('restock_before_stockout');
    // 5 days of cover → ~25 days × 10 × 50 = 12,500.
    expect(candidate!.revenueImpactMin).toBeLessThan(12_500);
    expect(candidate!.revenueImpactMax).toBeGreaterThan(12_500);
  });

  it('judges cover against the product’s own lead time, and says which (decision 112)', () => {
    // 20 days of cover: in stock under the 14-day default, low under the owner's 30 days.
    expect(detectStockOpportunities([stock({ available: 200 })], context)).toEqual([]);
    const [candidate] = detectStockOpportunities([stock({ available: 200, leadTimeDays: 30 })], context);
    expect(candidate?.type).toBe('restock_before_stockout');
    expect(candidate!.description).toContain('less than a 30-day lead time');
  });

  it('skips products without an in-stock baseline', () => {
    expect(detectStockOpportunities([stock({ available: 0, baselineUnits: 0 })], context)).toEqual([]);
  });
});

describe('detectWinBackOpportunities', () => {
  it('multiplies the value at stake by the measured reactivation interval', () => {
    const customers = Array.from({ length: 100 }, () => ({
      segment: 'At Risk',
      probabilityAlive: 0.4,
      valueIfActive: 200,
    }));
    const [candidate] = detectWinBackOpportunities(
      customers,
      [{ segment: 'At Risk', membersThen: 200, reactivated: 40 }],
      context,
    );
    // At stake = 100 × 0.6 × 200 = 12,000; rate 20 % → 2,400 inside the range.
    expect(candidate?.subjectKey).toBe('At Risk');
    expect(candidate!.revenueImpactMin).toBeLessThan(2400);
    expect(candidate!.revenueImpactMax).toBeGreaterThan(2400);
    expect(candidate!.revenueImpactMax).toBeLessThan(12_000);
  });

  it('proposes nothing without reactivation history', () => {
    expect(
      detectWinBackOpportunities(
        [{ segment: 'At Risk', probabilityAlive: 0.1, valueIfActive: 100 }],
        [],
        context,
      ),
    ).toEqual([]);
  });
});

describe('detectCampaignOpportunities', () => {
  it('scales a verified high-ROAS campaign', () => {
    const candidates = detectCampaignOpportunities([campaign({})], context);
    expect(candidates.map((c) => c.type)).toEqual(['scale_campaign']);
    // +200 spend at ROAS 4 → net 600 at most.
    expect(candidates[0]!.revenueImpactMax).toBeCloseTo(600, 5);
    expect(candidates[0]!.revenueImpactMin).toBeLessThan(600);
  });

  it('scales on store-verified ROAS only, whatever the platform claims', () => {
    expect(detectCampaignOpportunities([campaign({ reportedRevenue30: 9000 })], context)).toHaveLength(1);
    expect(
      detectCampaignOpportunities([campaign({ verifiedRevenue30: 2400, reportedRevenue30: 9000 })], context),
    ).toEqual([]);
    // ROAS 4 on 2 orders: the low end of its range is below 1, too uncertain to scale.
    expect(detectCampaignOpportunities([campaign({ verifiedOrders30: 1 })], context)).toEqual([]);
  });

  it('cuts a campaign that returns less than it costs, and ignores paused ones', () => {
    const [cut] = detectCampaignOpportunities(
      [campaign({ verifiedOrders30: 5, verifiedRevenue30: 300, reportedRevenue30: 900 })],
      context,
    );
    expect(cut?.type).toBe('cut_campaign');
    expect(cut!.revenueImpactMax).toBeGreaterThan(700);
    expect(cut!.revenueImpactMax).toBeLessThanOrEqual(1000);
    expect(
      detectCampaignOpportunities([campaign({ status: 'PAUSED', verifiedRevenue30: 100 })], context),
    ).toEqual([]);
  });

  it('catches spend on an out-of-stock product', () => {
    const candidates = detectCampaignOpportunities(
      [
        campaign({
          verifiedRevenue30: 1500,
          productId: 'p9',
          productTitle: 'Tent',
          spendOnOutOfStockDays30: 400,
          outOfStockDays30: 12,
        }),
      ],
      context,
    );
    const oos = candidates.find((c) => c.type === 'ad_spend_out_of_stock');
    // Savings only: the spend saved, not what it might earn elsewhere (issue #36).
    expect(oos?.revenueImpactMin).toBe(400);
    expect(oos?.revenueImpactMax).toBe(400);
  });
});

describe('detectAttributionGapOpportunities', () => {
  it('flags channels under 70 % match only', () => {
    const candidates = detectAttributionGapOpportunities(
      [
        { channel: 'meta_ads', platformRevenue30: 10_000, storeRevenue30: 5000, spend30: 2000 },
        { channel: 'email', platformRevenue30: 950, storeRevenue30: 1000, spend30: null },
      ],
      context,
    );
    expect(candidates).toHaveLength(1);
    expect(candidates[0]).toMatchObject({
      subjectKey: 'meta_ads',
      revenueImpactMin: 1000,
      revenueImpactMax: 5000,
    });
  });
});

describe('detectRevenueAnomaly', () => {
  const check = {
    windowStart: '2026-10-25',
    windowEnd: '2026-10-31',
    expected: 10_000,
    lower80: 8500,
    lower95: 8000,
    upper95: 12_000,
  };
  it('flags a window below the 95 % interval', () => {
    const [candidate] = detectRevenueAnomaly({ ...check, actual: 6000 }, context);
    expect(candidate).toMatchObject({
      type: 'revenue_anomaly',
      revenueImpactMin: 2500,
      revenueImpactMax: 4000,
    });
  });
  it('stays quiet inside the interval or above it', () => {
    expect(detectRevenueAnomaly({ ...check, actual: 8200 }, context)).toEqual([]);
    expect(detectRevenueAnomaly({ ...check, actual: 15_000 }, context)).toEqual([]);
    expect(detectRevenueAnomaly(null, context)).toEqual([]);
  });
});

describe('detectSecondOrderOpportunity', () => {
  const cohorts = [0.2, 0.25, 0.3, 0.22, 0.28].map((rate, i) => ({
    cohort: `2026-0${i + 1}`,
    customers: 1000,
    secondOrders: rate * 1000,
  }));
  it('measures the gap to the store’s own better cohorts', () => {
    const [candidate] = detectSecondOrderOpportunity(
      {
        cohorts: [...cohorts, { cohort: '2026-06', customers: 1000, secondOrders: 150 }],
        newCustomers30: 1000,
        averageSecondOrderValue: 60,
      },
      context,
    );
    // Earlier rates sorted 0.2,0.22,0.25,0.28,0.3: median 0.25, Q3 0.28 → (0.1…0.13)·1000·60.
    expect(candidate?.revenueImpactMin).toBeCloseTo(6000, 5);
    expect(candidate?.revenueImpactMax).toBeCloseTo(7800, 5);
  });
  it('proposes nothing when the latest cohort already does well', () => {
    expect(
      detectSecondOrderOpportunity(
        {
          cohorts: [...cohorts, { cohort: '2026-06', customers: 1000, secondOrders: 320 }],
          newCustomers30: 1000,
          averageSecondOrderValue: 60,
        },
        context,
      ),
    ).toEqual([]);
  });
});

describe('detectFreeShippingOpportunity', () => {
  it('proposes a threshold above the median when most orders pay shipping', () => {
    const orders = Array.from({ length: 100 }, (_, i) => ({ subtotal: 20 + i, shipping: 5 }));
    const [candidate] = detectFreeShippingOpportunity(orders, context);
    expect(candidate?.type).toBe('free_shipping_threshold');
    expect(candidate!.evidence.facts.find((f) => f.label === 'Proposed threshold')?.value).toBe(95);
  });
  it('stays quiet when shipping is already free', () => {
    const orders = Array.from({ length: 100 }, (_, i) => ({ subtotal: 20 + i, shipping: 0 }));
    expect(detectFreeShippingOpportunity(orders, context)).toEqual([]);
  });
});

describe('detectOpportunities', () => {
  it('keeps one candidate per (type, subject), largest impact first', () => {
    const result = detectOpportunities({
      context,
      stock: [stock({ available: 0 }), stock({ productId: 'p2', available: 20 })],
      customers: [],
      reactivation: [],
      campaigns: [campaign({})],
      channels: [],
      forecastCheck: null,
      secondOrder: { cohorts: [], newCustomers30: 0, averageSecondOrderValue: 0 },
      shippingOrders: [],
    });
    const keys = result.map((c) => `${c.type}|${c.subjectKey}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(result.map((c) => c.revenueImpactMax)).toEqual(
      [...result.map((c) => c.revenueImpactMax)].sort((a, b) => b - a),
    );
    expect(result).toHaveLength(3);
  });
});

describe('detectOpportunities noise floor', () => {
  it('leaves out candidates under 0.2 % of monthly revenue', () => {
    const base = {
      stock: [],
      customers: [],
      reactivation: [],
      channels: [],
      forecastCheck: null,
      secondOrder: { cohorts: [], newCustomers30: 0, averageSecondOrderValue: 0 },
      shippingOrders: [],
    };
    const tiny = {
      platform: 'meta',
      campaignId: 'c2',
      name: 'Tiny',
      status: 'ACTIVE' as const,
      spend30: 10,
      verifiedOrders30: 40,
      verifiedRevenue30: 160,
      refunds30: 0,
      reportedRevenue30: 160,
      productId: null,
      productTitle: null,
      spendOnOutOfStockDays30: 0,
      outOfStockDays30: 0,
    };
    // +2 spend at ROAS 16 → at most 30, under 0.2 % of 100,000.
    expect(detectOpportunities({ ...base, context, campaigns: [tiny] })).toEqual([]);
    expect(
      detectOpportunities({ ...base, context: { ...context, revenueLast30Days: 1000 }, campaigns: [tiny] }),
    ).toHaveLength(1);
  });
});
