import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../shared/calendar.ts';
import { parseIsoDay } from './calendar.ts';
import { hashStore, orderRecord } from './export-store.ts';
import { generateStore } from './generate-store.ts';
import type { DemoStore } from './model.ts';
import { fitBgNbd, type RfmSummary } from './reference-fit.ts';

const WEEK_MS = 7 * DAY_MS;

/** x, t_x, T per customer in weeks from the store's orders (test orders have no customer). */
function summarize(store: DemoStore): RfmSummary[] {
  const n = store.customers.length;
  const first = new Float64Array(n).fill(Number.NaN);
  const last = new Float64Array(n);
  const x = new Int32Array(n);
  for (let i = 0; i < store.orders.count; i += 1) {
    const c = store.orders.customerIndex[i]!;
    if (c < 0) continue;
    const t = store.orders.createdAtMs[i]!;
    if (Number.isNaN(first[c]!)) first[c] = t;
    else x[c]! += 1;
    last[c] = t;
  }
  const end = Date.parse(`${store.config.endDate}T23:59:59-04:00`);
  const out: RfmSummary[] = [];
  for (let c = 0; c < n; c += 1) {
    if (Number.isNaN(first[c]!)) continue;
    out.push({ x: x[c]!, tx: (last[c]! - first[c]!) / WEEK_MS, T: (end - first[c]!) / WEEK_MS });
  }
  return out;
}

describe('generateStore', () => {
  const small = generateStore({ seed: 42, preset: 'small' });

  it('is a pure function of (seed, preset, endDate): same seed, same bytes; another seed differs', () => {
    const again = generateStore({ seed: 42, preset: 'small' });
    expect(hashStore(again)).toBe(hashStore(small));
    const other = generateStore({ seed: 43, preset: 'small', customers: 300 });
    const otherAgain = generateStore({ seed: 43, preset: 'small', customers: 300 });
    expect(hashStore(other)).toBe(hashStore(otherAgain));
    expect(hashStore(other)).not.toBe(hashStore(small));
    const shifted = generateStore({ seed: 43, preset: 'small', customers: 300, endDate: '2026-11-21' });
    expect(shifted.config.endDate).toBe('2026-11-21');
    expect(shifted.getOrder(shifted.orders.count - 1).day <= '2026-11-21').toBe(true);
    expect(hashStore(shifted)).not.toBe(hashStore(other));
  }, 180_000); // four whole stores generated: minutes on a loaded machine

  it('sizes the small preset to ~2k customers over a year, sorted by creation time', () => {
    expect(small.customers).toHaveLength(2_000);
    expect(small.config.days).toBe(365);
    expect(small.orders.count).toBeGreaterThan(4_000);
    for (let i = 1; i < small.orders.count; i += 1) {
      expect(small.orders.createdAtMs[i]!).toBeGreaterThanOrEqual(small.orders.createdAtMs[i - 1]!);
    }
    expect(small.getOrder(0).name).toBe('#1001');
  });

  it('keeps order money consistent: total = subtotal + shipping + tax, refunds ≤ total', () => {
    let presentment = 0;
    let refunded = 0;
    let cancelled = 0;
    let tests = 0;
    let discounted = 0;
    for (let i = 0; i < small.orders.count; i += 1) {
      const o = small.getOrder(i);
      expect(o.totalMinor).toBe(o.subtotalMinor + o.shippingMinor + o.taxMinor);
      const gross = o.lineItems.reduce((s, l) => s + l.unitPriceMinor * l.quantity, 0);
      expect(o.subtotalMinor).toBe(gross - o.discountMinor);
      expect(o.refundedMinor).toBeLessThanOrEqual(o.totalMinor);
      expect(o.currencyCode).toBe('USD');
      if (o.presentmentCurrencyCode !== 'USD') presentment += 1;
      if (o.refunds.length > 0) refunded += 1;
      if (o.cancelledAtMs !== null) cancelled += 1;
      if (o.test) tests += 1;
      if (o.discountCode) discounted += 1;
    }
    expect(presentment).toBeGreaterThan(small.orders.count * 0.15);
    expect(refunded).toBeGreaterThan(0);
    expect(cancelled).toBeGreaterThan(0);
    expect(tests).toBeGreaterThan(0);
    expect(discounted).toBeGreaterThan(0);
  });

  it('writes timestamps with the shop offset, orders only on open days', () => {
    const record = orderRecord(small.getOrder(10), small.shop.ianaTimezone);
    expect(record.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-0[45]:00$/);
    const closed = new Set(small.groundTruth.closedDays);
    expect(closed.size).toBeGreaterThan(0);
    for (let i = 0; i < small.orders.count; i += 1) expect(closed.has(small.getOrder(i).day)).toBe(false);
  });

  it('GA4 sees every day with sessions ≥ its purchases and fewer purchases than the store', () => {
    const g = small.ga4;
    const perDay = new Map<number, { sessions: number; purchases: number }>();
    for (let c = 0; c < g.count; c += 1) {
      expect(g.sessions[c]!).toBeGreaterThanOrEqual(g.keyEvents[c]!);
      const d = perDay.get(g.day[c]!) ?? { sessions: 0, purchases: 0 };
      d.sessions += g.sessions[c]!;
      d.purchases += g.keyEvents[c]!;
      perDay.set(g.day[c]!, d);
    }
    const ordersPerDay = new Map<number, number>();
    for (let i = 0; i < small.orders.count; i += 1) {
      const o = small.getOrder(i);
      if (o.test || o.cancelledAtMs !== null) continue;
      const day = parseIsoDay(o.day);
      ordersPerDay.set(day, (ordersPerDay.get(day) ?? 0) + 1);
    }
    for (const [day, orders] of ordersPerDay) {
      const ga = perDay.get(day);
      expect(ga, `GA4 row for day ${day}`).toBeDefined();
      expect(ga!.sessions).toBeGreaterThanOrEqual(orders);
      expect(ga!.purchases).toBeLessThanOrEqual(orders);
    }
    expect(small.groundTruth.ga4.purchases).toBeLessThan(small.groundTruth.ga4.storeOrders);
  });

  it('Meta reports at least the store-verified purchases on every campaign day; planted campaigns behave', () => {
    for (const row of small.meta.daily)
      expect(row.reportedPurchases).toBeGreaterThanOrEqual(row.verifiedOrders);
    const statuses = new Set(small.meta.campaigns.map((c) => c.status));
    expect(statuses).toEqual(new Set(['ACTIVE', 'PAUSED']));
    const byRole = (role: string) => small.groundTruth.campaigns.find((c) => c.role === role)!;
    expect(byRole('high_roas').trueRoas).toBeGreaterThan(4);
    expect(byRole('wasteful').trueRoas).toBeLessThan(1);
    const oos = byRole('out_of_stock_traffic');
    const stockout = small.groundTruth.stockouts.find(
      (s) => s.endDate === null && s.productIndex === oos.productIndex,
    );
    expect(stockout).toBeDefined();
    const lastDays = small.meta.daily.filter(
      (r) => r.campaignIndex === oos.campaignIndex && r.day >= stockout!.startDate,
    );
    expect(lastDays.length).toBeGreaterThan(5);
    expect(lastDays.every((r) => r.spendMinor > 0 && r.verifiedOrders === 0)).toBe(true);
  });

  it('plants stock-outs: zero inventory in the window, no sales of the variant, lost demand recorded', () => {
    for (const s of small.groundTruth.stockouts) {
      const start = parseIsoDay(s.startDate) - parseIsoDay(small.inventory.startDate);
      const end = s.endDate
        ? parseIsoDay(s.endDate) - parseIsoDay(small.inventory.startDate)
        : small.inventory.days - 1;
      const levels = small.inventory.levels[s.variantIndex]!;
      for (let d = start; d <= end; d += 1) expect(levels[d]).toBe(0);
      if (s.endDate) expect(levels[end + 1]!).toBeGreaterThan(0);
      expect(s.lostRevenueMinor).toBe(s.lostUnits * small.variants[s.variantIndex]!.priceMinor);
    }
    expect(small.groundTruth.stockouts.reduce((sum, s) => sum + s.lostUnits, 0)).toBeGreaterThan(0);
    for (let i = 0; i < small.orders.count; i += 1) {
      const o = small.getOrder(i);
      for (const s of small.groundTruth.stockouts) {
        if (o.day >= s.startDate && (s.endDate === null || o.day <= s.endDate) && !o.test) {
          expect(o.lineItems.some((l) => l.variantIndex === s.variantIndex)).toBe(false);
        }
      }
    }
  });

  it('records each planted stock-out’s expected lost demand, which the realised losses average to', () => {
    for (const s of small.groundTruth.stockouts) {
      const price = small.variants[s.variantIndex]!.priceMinor;
      expect(s.expectedLostUnits, s.sku).toBeGreaterThan(0);
      // Revenue is the unrounded units × price: within the 0.005-unit rounding of the units.
      expect(Math.abs(s.expectedLostRevenueMinor - s.expectedLostUnits * price)).toBeLessThanOrEqual(
        price * 0.005 + 0.5,
      );
    }
    // Each seed's realised loss is one draw around its expectation: pooled over 20 seeds, each
    // planted window's realised units must sit within 4 Poisson standard deviations of the pooled
    // expectation (about ±5 % to ±25 % here), and all windows together within 4 (about ±6 %).
    const pooled = new Map<string, { realised: number; expected: number }>();
    for (let seed = 101; seed <= 120; seed += 1) {
      for (const s of generateStore({ seed, preset: 'small' }).groundTruth.stockouts) {
        const entry = pooled.get(s.sku) ?? { realised: 0, expected: 0 };
        entry.realised += s.lostUnits;
        entry.expected += s.expectedLostUnits;
        pooled.set(s.sku, entry);
      }
    }
    const all = { realised: 0, expected: 0 };
    for (const [sku, { realised, expected }] of pooled) {
      expect(Math.abs(realised - expected), `${sku}: ${realised} vs ${expected}`).toBeLessThan(
        4 * Math.sqrt(expected),
      );
      all.realised += realised;
      all.expected += expected;
    }
    expect(Math.abs(all.realised - all.expected)).toBeLessThan(4 * Math.sqrt(all.expected));
  });

  it('a reference BG/NBD fit recovers the true parameters within 10 %', () => {
    const store = generateStore({ seed: 42, preset: 'custom', customers: 30_000, days: 730 });
    const fit = fitBgNbd(summarize(store));
    const truth = store.groundTruth.bgnbd;
    for (const key of ['r', 'alpha', 'a', 'b'] as const) {
      expect(
        Math.abs(fit[key] - truth[key]) / truth[key],
        `${key}: fit ${fit[key]} vs true ${truth[key]}`,
      ).toBeLessThan(0.1);
    }
  });
});

describe('generateStore in another shop currency (the second demo store, issue #17)', () => {
  it('plants a shop of its own in EUR: domain, name, orders, Meta account and ground truth in EUR', () => {
    const eur = generateStore({ seed: 43, preset: 'small', customers: 300, currency: 'EUR' });
    expect(eur.shop.currencyCode).toBe('EUR');
    expect(eur.shop.myshopifyDomain).toBe('upside-demo-eur.myshopify.com');
    expect(eur.shop.name).toBe('Upside Demo Goods EUR');
    expect(eur.groundTruth.shopCurrency).toBe('EUR');
    expect(eur.profit.currency).toBe('EUR');
    expect(eur.meta.account.currency).toBe('EUR');
    let usdPaid = 0;
    for (let i = 0; i < eur.orders.count; i += 1) {
      const o = eur.getOrder(i);
      expect(o.currencyCode).toBe('EUR');
      if (o.presentmentCurrencyCode === 'EUR') expect(o.presentmentRate).toBe(1);
      if (o.presentmentCurrencyCode === 'USD') {
        usdPaid += 1;
        // Dollars per euro: around 1 / 0.92 with the daily drift of a few percent.
        expect(o.presentmentRate).toBeGreaterThan(1.02);
        expect(o.presentmentRate).toBeLessThan(1.16);
      }
    }
    expect(usdPaid).toBeGreaterThan(0);
  }, 120_000);

  it('refuses a currency whose minor unit is not a hundredth (the planted prices are)', () => {
    expect(() => generateStore({ seed: 43, preset: 'small', customers: 300, currency: 'JPY' })).toThrow(
      /currency must be one of USD, EUR/,
    );
  });
});
