import { describe, expect, it } from 'vitest';
import { geometricAdstock } from '../../core/measurement/geometric-adstock.ts';
import { hillSaturation } from '../../core/measurement/hill-saturation.ts';
import { addDays, daysBetween } from '../../shared/calendar.ts';
import { adPlatformTruth } from '../ad-platforms/ad-platform-truth.ts';
import { demoAdPlatformPlan } from '../ad-platforms/plan-ad-platforms.ts';
import { generateStore } from '../generate-store.ts';

describe('the causal preset (decision 136)', () => {
  const store = generateStore({ seed: 7, preset: 'causal' });
  const small = generateStore({ seed: 7, preset: 'small' });
  const truth = store.groundTruth.mmm!;
  const geo = store.groundTruth.geoLift!;
  const { startDate, endDate } = store.groundTruth;
  const days = daysBetween(startDate, endDate) + 1;
  const ads = adPlatformTruth(demoAdPlatformPlan(store.config), store.shop.currencyCode);
  const closed = new Set(store.groundTruth.closedDays);
  /** Each channel's daily spend in shop major units, as the warehouse gets it from the platforms. */
  const dailySpend = (name: string): number[] => {
    const out = new Array<number>(days).fill(0);
    if (name === 'Meta') {
      for (const row of store.meta.daily) out[daysBetween(startDate, row.day)]! += row.spendMinor / 100;
      return out;
    }
    const account = name === 'Google Ads' ? ads.google_ads : ads.tiktok_ads;
    for (const [day, minor] of Object.entries(account.dailyShopSpendMinor))
      out[daysBetween(startDate, day)]! += minor / 100;
    return out;
  };

  it('plants its orders on top of the small store’s: the customers and their orders are the same', () => {
    expect(JSON.stringify(store.customers)).toBe(JSON.stringify(small.customers));
    expect(store.groundTruth.customers).toBe(small.groundTruth.customers);
    expect(small.groundTruth.mmm).toBeUndefined();
    expect(small.groundTruth.geoLift).toBeUndefined();
  });

  it('plans each channel’s spend in flights: pauses and budget steps, not following sales', () => {
    expect(truth.channels.map((c) => c.name)).toEqual(['Meta', 'Google Ads', 'TikTok Ads']);
    for (const channel of truth.channels) {
      const spend = dailySpend(channel.name);
      expect(Math.round(spend.reduce((s, x) => s + x, 0) * 100)).toBe(channel.spendMinor);
      const weekly = Array.from({ length: Math.floor(days / 7) }, (_, w) =>
        spend.slice(w * 7, w * 7 + 7).reduce((s, x) => s + x, 0),
      );
      const mean = weekly.reduce((s, x) => s + x, 0) / weekly.length;
      const cv = Math.sqrt(weekly.reduce((s, x) => s + (x - mean) ** 2, 0) / weekly.length) / mean;
      // A budget level held for one to four weeks at 0 to 2.6 × the usual: weekly spend varies by
      // about a third of its mean or more, and some week spends (almost) nothing.
      expect(cv, channel.name).toBeGreaterThan(0.3);
      expect(Math.min(...weekly), channel.name).toBeLessThan(0.2 * mean);
    }
    // The weekly net sales of customers' orders alone do not set any budget: the two stores' budgets
    // differ while their customers are the same, and Meta's budget is no longer sized from revenue.
    expect(store.meta.campaigns.map((c) => c.dailyBudgetMinor)).not.toEqual(
      small.meta.campaigns.map((c) => c.dailyBudgetMinor),
    );
  });

  it('causes, per channel, the orders its stated adstock, saturation and effect predict', () => {
    for (const channel of truth.channels) {
      const spend = dailySpend(channel.name);
      const { decay, maxLag } = channel.adstock;
      const { halfSaturation, shape } = channel.saturation;
      const adstocked = geometricAdstock(spend, decay, maxLag);
      let expected = 0;
      adstocked.forEach((a, d) => {
        if (!closed.has(addDays(startDate, d)))
          expected += channel.effect * hillSaturation(a, halfSaturation, shape);
      });
      // Poisson draws less the few cancelled or sold-out ones (about 3 %): within 4 sd and 6 %.
      expect(channel.orders, channel.name).toBeGreaterThan(expected * 0.94 - 4 * Math.sqrt(expected));
      expect(channel.orders, channel.name).toBeLessThan(expected + 4 * Math.sqrt(expected));
      expect(channel.roas).toBeCloseTo(channel.netSalesMinor / channel.spendMinor, 3);
      expect(channel.adstock.decayPerWeek).toBeCloseTo(decay ** 7, 5);
    }
    const caused = truth.channels.reduce((s, c) => s + c.netSalesMinor, 0);
    for (const channel of truth.channels)
      expect(channel.contributionShare).toBeCloseTo(channel.netSalesMinor / caused, 3);
    // Google pays best, TikTok does not pay: the move the planner should find.
    const roas = Object.fromEntries(truth.channels.map((c) => [c.name, c.roas]));
    expect(roas['Google Ads']).toBeGreaterThan(roas.Meta!);
    expect(roas['TikTok Ads']).toBeLessThan(1);
  });

  it('lifts the test regions’ orders by the planted share over the window, and no control’s', () => {
    expect(geo.testRegions).toEqual(['CA', 'GB', 'DE']);
    expect(daysBetween(geo.start, geo.end)).toBe(41);
    expect(geo.lift).toBe(0.25);
    const inWindow = (day: string) => day >= geo.start && day <= geo.end;
    const byRegion = new Map<string, number>();
    for (let i = 0; i < store.orders.count; i += 1) {
      const order = store.getOrder(i);
      if (order.test || order.cancelledAtMs !== null || !inWindow(order.day)) continue;
      const region = order.shippingAddress!.countryCode;
      byRegion.set(region, (byRegion.get(region) ?? 0) + 1);
    }
    const test = geo.testRegions.reduce((s, r) => s + (byRegion.get(r) ?? 0), 0);
    expect(test).toBe(geo.baselineOrders + geo.plantedOrders);
    const sd = Math.sqrt(geo.lift * geo.baselineOrders) / geo.baselineOrders;
    expect(Math.abs(geo.realisedLift - geo.lift)).toBeLessThan(4 * sd);
    expect(geo.realisedLift).toBeCloseTo(geo.plantedOrders / geo.baselineOrders, 3);
  });
});
