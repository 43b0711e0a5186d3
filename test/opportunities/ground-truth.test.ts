import { describe, expect, it } from 'vitest';
import { bgnbdProbabilityAlive } from '../../src/core/clv/bgnbd-probability-alive.ts';
import { summarizeLifetimeCustomers } from '../../src/core/clv/summarize-lifetime-customers.ts';
import { generateStore } from '../../src/demo/generate-store.ts';
import { computeAnalysis } from '../../src/server/services/compute-analysis.ts';
import { buildDemoFacts } from './demo-facts.ts';

/**
 * The analysis on a generated store against the store's planted ground truth (issue 6, part 4).
 * Inventory is known only on the last day, as after a first sync: stock-out history comes from
 * the sales-gap inference feeding core/stockout.
 */
const store = generateStore({ seed: 7, preset: 'small' });
const facts = buildDemoFacts(store);
const snapshot = computeAnalysis(facts);
const truth = store.groundTruth;
const tail = (gid: string) => gid.split('/').pop()!;

describe('planted stock-outs', () => {
  const planted = truth.stockouts.filter((s) => s.lostRevenueMinor > 0);

  it('finds every planted stock-out with lost revenue', () => {
    expect(planted.length).toBeGreaterThanOrEqual(3);
    for (const s of planted) {
      const found = snapshot.stockouts.filter(
        (p) =>
          p.productId === tail(s.variantId) &&
          p.end >= s.startDate &&
          p.start <= (s.endDate ?? truth.endDate),
      );
      expect(found.length, `${s.productTitle} ${s.startDate}`).toBeGreaterThan(0);
    }
  });

  it('estimates the loss within ±25 % outside holiday peaks', () => {
    const peaks = truth.holidayPeaks;
    // The forecaster's baseline is the 56 days before the stock-out; when they hold a holiday peak
    // (Black Friday before a December stock-out) it overstates demand — reported, not hidden.
    const inPeakBaseline = (start: string) =>
      peaks.some((p) => p.endDate >= shiftDays(start, -56) && p.startDate <= shiftDays(start, -1));
    const checked = planted.filter((s) => !inPeakBaseline(s.startDate));
    expect(checked.length).toBeGreaterThanOrEqual(2);
    for (const s of checked) {
      const estimate = snapshot.stockouts
        .filter(
          (p) =>
            p.productId === tail(s.variantId) &&
            p.end >= s.startDate &&
            p.start <= (s.endDate ?? truth.endDate),
        )
        .reduce((sum, p) => sum + p.lostRevenue, 0);
      const trueLoss = s.lostRevenueMinor / 100;
      expect(
        Math.abs(estimate - trueLoss) / trueLoss,
        `${s.productTitle}: ${estimate} vs ${trueLoss}`,
      ).toBeLessThan(0.25);
    }
  });

  it('shows the ongoing stock-out on the stock-impact list and proposes restocking it', () => {
    const ongoing = planted.find((s) => s.endDate === null)!;
    const row = snapshot.stock.find((r) => r.productId === tail(ongoing.variantId));
    expect(row?.status).toBe('Out of stock');
    expect(
      snapshot.candidates.some(
        (c) => c.type === 'stockout_lost_revenue' && c.subjectKey === tail(ongoing.variantId),
      ),
    ).toBe(true);
  });
});

describe('customers flagged at risk', () => {
  it('have a lower true P(alive) than the rest', () => {
    const params = truth.bgnbd;
    const summaries = new Map(
      summarizeLifetimeCustomers(
        facts.orders
          .filter((o) => o.customerId !== null)
          .map((o) => ({ customerId: o.customerId!, date: o.date, amount: o.total })),
        truth.endDate,
        'week',
      ).map((s) => [s.customerId, s]),
    );
    const trueAlive = (id: string) => bgnbdProbabilityAlive(params, summaries.get(id)!);
    const flagged = snapshot.customers.filter(
      (c) => c.segment === 'At Risk' || c.segment === "Can't Lose Them",
    );
    const rest = snapshot.customers.filter((c) => c.segment !== 'At Risk' && c.segment !== "Can't Lose Them");
    expect(flagged.length).toBeGreaterThan(20);
    const mean = (list: typeof flagged) =>
      list.reduce((s, c) => s + trueAlive(c.customerId), 0) / list.length;
    expect(mean(flagged)).toBeLessThan(mean(rest) - 0.1);
    expect(snapshot.candidates.some((c) => c.type === 'win_back_customers')).toBe(true);
  });
});

describe('planted campaigns', () => {
  const find = (type: string, id: string) =>
    snapshot.candidates.find((c) => c.type === type && c.subjectKey === id);

  it('scales the high-ROAS campaign and cuts the wasteful one', () => {
    expect(find('scale_campaign', truth.plantedCampaigns.highRoas.id)).toBeDefined();
    expect(find('cut_campaign', truth.plantedCampaigns.wasteful.id)).toBeDefined();
    expect(find('scale_campaign', truth.plantedCampaigns.wasteful.id)).toBeUndefined();
    expect(find('cut_campaign', truth.plantedCampaigns.highRoas.id)).toBeUndefined();
  });

  it('catches ad spend sent to the out-of-stock product', () => {
    const caught = find('ad_spend_out_of_stock', truth.plantedCampaigns.outOfStockTraffic.id);
    expect(caught).toBeDefined();
    expect(caught!.revenueImpactMin).toBeGreaterThan(0);
    const others = snapshot.candidates.filter(
      (c) =>
        c.type === 'ad_spend_out_of_stock' && c.subjectKey !== truth.plantedCampaigns.outOfStockTraffic.id,
    );
    expect(others).toEqual([]);
  });
});

function shiftDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
