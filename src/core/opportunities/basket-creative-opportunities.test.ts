import { describe, expect, it } from 'vitest';
import { addDays } from '../../shared/calendar.ts';
import { type AdDay, judgeFatigue } from '../creatives/judge-fatigue.ts';
import { type BundlePair, detectBundleOpportunities } from './detect-bundle-opportunities.ts';
import {
  type CreativeFacts,
  detectRefreshCreativeOpportunities,
} from './detect-refresh-creative-opportunities.ts';
import { profitImpactOf } from './profit-impact-of.ts';
import type { DetectorContext } from './types.ts';

const context: DetectorContext = { asOf: '2026-10-31', currency: 'USD', revenueLast30Days: 50_000 };

const pair = (over: Partial<BundlePair> = {}): BundlePair => ({
  a: { productId: '1', title: 'Linen Apron' },
  b: { productId: '2', title: 'Tea Towel Pair' },
  lift: 6,
  confidence: 0.5,
  together: 300,
  withA: 600,
  withB: 450,
  aLine: { revenue: 40, contribution: 16 },
  bLine: { revenue: 20, contribution: 8 },
  ...over,
});

describe('detectBundleOpportunities', () => {
  it('prices the one-alone orders taking the other at 10–30 %, per 30 days, in the added line’s contribution', () => {
    const [bundle] = detectBundleOpportunities([pair()], context);
    // Per month: 100 orders hold A alone (+$20 / $8 of B each), 50 hold B alone (+$40 / $16 of A):
    // $4,000 revenue and $1,600 contribution at full uptake; 10 % and 30 % of that.
    expect(bundle).toMatchObject({
      type: 'bundle_products',
      subjectKey: '1+2',
      title: 'Bundle Linen Apron with Tea Towel Pair',
      revenueImpactMin: 400,
      revenueImpactMax: 1200,
      profitImpact: { min: 160, max: 480 },
      effortLevel: 'Low',
      metricKey: 'store:all:revenue30d',
    });
    expect(bundle!.evidence.method).toMatch(/^Estimated\./);
    expect(bundle!.description).toContain('estimated $160–$480 in contribution margin');
    // The profit impact is the pair's own, not revenue × the store's rate.
    const impact = profitImpactOf(bundle!, {
      currency: 'USD',
      contributionRate: 0.9,
      campaigns: new Map(),
      coverage: { unitsSold: 10, unitsWithCost: 10 },
    });
    expect([impact.profitImpactMin, impact.profitImpactMax]).toEqual([160, 480]);
    // A self-priced loss (negative contribution per order): lower figure first, and said so.
    const losing = profitImpactOf(
      { ...bundle!, profitImpact: { min: -3.38, max: -6.75 } },
      {
        currency: 'USD',
        contributionRate: 0.9,
        campaigns: new Map(),
        coverage: { unitsSold: 10, unitsWithCost: 10 },
      },
    );
    expect([losing.profitImpactMin, losing.profitImpactMax]).toEqual([-6.75, -3.38]);
    expect(losing.losesMoney).toBe(true);
    expect(losing.profitNote).toContain('would lose money');
  });

  it('leaves out weak pairs, pairs always bought together, and keeps the 3 strongest', () => {
    expect(detectBundleOpportunities([pair({ lift: 1.9 })], context)).toEqual([]);
    expect(detectBundleOpportunities([pair({ withA: 300, withB: 300 })], context)).toEqual([]);
    const many = [2, 9, 3, 7, 5].map((lift, i) =>
      pair({ lift, a: { productId: `a${i}`, title: `A${i}` }, b: { productId: `b${i}`, title: `B${i}` } }),
    );
    expect(detectBundleOpportunities(many, context).map((c) => c.subjectKey)).toEqual([
      'a1+b1',
      'a3+b3',
      'a4+b4',
    ]);
  });
});

/** 42 days up to asOf: $100 a day; 10 purchases a day before the last 14 days, `recent` a day in them. */
function creative(recent: number, over: Partial<CreativeFacts> = {}): CreativeFacts {
  return {
    platform: 'meta',
    adId: '9001',
    name: 'Spring hero video',
    campaignId: '42',
    fatigue: { state: 'wearing_out', since: '2026-10-19', reason: 'frequency up' },
    days: Array.from({ length: 42 }, (_, i) => {
      const date = addDays(context.asOf, i - 41);
      return { date, spend: 100, purchases: i >= 28 ? recent : 10 };
    }),
    revenuePerOrder: 80,
    contributionPerOrder: 30,
    ...over,
  };
}

describe('detectRefreshCreativeOpportunities', () => {
  it('states the CPA rise over 14 days and prices the purchases a fresh creative wins back', () => {
    // CPA $10 → $12.50 (+25 %). Over 30 days at $100 a day: 300 − 240 = 60 purchases lost; 30–60 back.
    const [refresh] = detectRefreshCreativeOpportunities([creative(8)], context);
    expect(refresh).toMatchObject({
      type: 'refresh_creative',
      subjectKey: '9001',
      title: 'Refresh creative Spring hero video: CPA up 25 % in 14 days',
      revenueImpactMin: 2400,
      revenueImpactMax: 4800,
      profitImpact: { min: 900, max: 1800 },
      metricKey: 'campaign:42:revenue30d',
    });
    expect(refresh!.evidence.method).toMatch(/^Estimated\./);
  });

  it('only for a wearing-out ad whose CPA rose at least 20 % with enough purchases', () => {
    expect(detectRefreshCreativeOpportunities([creative(9)], context)).toEqual([]);
    // A thin baseline (4 purchases in its 28 days) says nothing.
    const thin = creative(1);
    const sparse = {
      ...thin,
      days: thin.days.map((d, i) => ({ ...d, purchases: i < 28 ? (i % 7 === 0 ? 1 : 0) : 0.1 })),
    };
    expect(detectRefreshCreativeOpportunities([sparse], context)).toEqual([]);
    expect(
      detectRefreshCreativeOpportunities([creative(5, { fatigue: { state: 'healthy' } })], context),
    ).toEqual([]);
    expect(detectRefreshCreativeOpportunities([creative(0)], context)).toEqual([]);
    expect(
      detectRefreshCreativeOpportunities(
        [creative(5, { revenuePerOrder: null, contributionPerOrder: null })],
        context,
      ),
    ).toEqual([]);
  });
});

describe('refresh creative on Google Ads and TikTok', () => {
  /**
   * 42 days of one ad: $100, 10,000 impressions a day; for 28 days 5,000 people, 200 clicks and 10
   * purchases a day, then 3,000 people (frequency 2 → 3.3), 100 clicks (CTR halved) and 4 purchases
   * (conversion 5 % → 4 %) a day: CPA $10 → $25. `withReach` false: the platform reports no reach.
   */
  function wornAd(platform: CreativeFacts['platform'], withReach: boolean): CreativeFacts {
    const history: AdDay[] = Array.from({ length: 42 }, (_, i) => ({
      date: addDays(context.asOf, i - 41),
      impressions: 10_000,
      reach: withReach ? (i >= 28 ? 3_000 : 5_000) : null,
      clicks: i >= 28 ? 100 : 200,
      purchases: i >= 28 ? 4 : 10,
    }));
    return {
      platform,
      adId: '7001',
      name: 'Unboxing cut',
      campaignId: '55',
      fatigue: judgeFatigue(history, context.asOf),
      days: history.map((d) => ({ date: d.date, spend: 100, purchases: d.purchases })),
      revenuePerOrder: 80,
      contributionPerOrder: 30,
    };
  }

  it('prices a wearing-out TikTok ad from its own conversions, keyed by platform and ad', () => {
    const ad = wornAd('tiktok_ads', true);
    // Onset on day 28 (asOf − 13): the 3-day entry window is all worn on its third day.
    expect(ad.fatigue).toMatchObject({ state: 'wearing_out', since: addDays(context.asOf, -11) });
    const [refresh] = detectRefreshCreativeOpportunities([ad], context);
    // CPA $10 → $25 (+150 %). Over 30 days at $100 a day: 300 − 120 = 180 purchases lost; 90–180 back.
    expect(refresh).toMatchObject({
      type: 'refresh_creative',
      subjectKey: 'tiktok_ads:7001',
      title: 'Refresh creative Unboxing cut: CPA up 150 % in 14 days',
      revenueImpactMin: 7200,
      revenueImpactMax: 14400,
      profitImpact: { min: 2700, max: 5400 },
      metricKey: 'campaign:55:revenue30d',
    });
    expect(refresh!.description).toContain('(TikTok Ads)');
    expect(refresh!.evidence.method).toContain('TikTok Ads-reported purchases');
  });

  it('gives a Google Ads ad with the same CPA rise none: without reach the rule cannot judge it', () => {
    const ad = wornAd('google_ads', false);
    expect(ad.fatigue.state).toBe('insufficient_data');
    expect(ad.fatigue.reason).toMatch(/no reach/);
    expect(detectRefreshCreativeOpportunities([ad], context)).toEqual([]);
    // The same days with reach would be judged wearing out: only the missing reach holds it back.
    expect(detectRefreshCreativeOpportunities([wornAd('google_ads', true)], context)).toHaveLength(1);
  });
});
