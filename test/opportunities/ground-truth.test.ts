import { describe, expect, it } from 'vitest';
import { bgnbdProbabilityAlive } from '../../src/core/clv/bgnbd-probability-alive.ts';
import { summarizeLifetimeCustomers } from '../../src/core/clv/summarize-lifetime-customers.ts';
import { estimateStockoutLoss } from '../../src/core/stockout/estimate-stockout-loss.ts';
import { predictLostUnitsRange } from '../../src/core/stockout/predict-lost-units-range.ts';
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

  it('estimates every planted stock-out, holiday peaks included, within the range the data supports', () => {
    // The true loss is one draw of a few to ~30 units (Poisson noise alone ±20–35 %), so each
    // estimate is held to its own 95 % range (baseline and demand noise), not to a fixed ±25 %.
    // Several seeds; the December stock-out's baseline holds Black Friday on every one of them.
    for (const seed of [7, 1, 2, 3, 4, 5, 6]) {
      const store = seed === 7 ? undefined : generateStore({ seed, preset: 'small' });
      const found = store ? computeAnalysis(buildDemoFacts(store)).stockouts : snapshot.stockouts;
      const plantedHere = (store?.groundTruth ?? truth).stockouts.filter((s) => s.lostRevenueMinor > 0);
      for (const s of plantedHere) {
        const periods = found.filter(
          (p) =>
            p.productId === tail(s.variantId) &&
            p.end >= s.startDate &&
            p.start <= (s.endDate ?? truth.endDate),
        );
        // Finding them is the test above (seed 7); a short stock-out of a slow seller can hide in
        // its sales gaps on other seeds (reported by the stock-out detector's own tests).
        if (periods.length === 0) continue;
        const trueLoss = s.lostRevenueMinor / 100;
        let low = 0;
        let high = 0;
        for (const p of periods) {
          const range = predictLostUnitsRange(p.baselineUnits, p.baselineScale, p.soldUnits, 1.96);
          low += range.low * p.unitPrice;
          high += range.high * p.unitPrice;
        }
        const estimate = periods.reduce((sum, p) => sum + p.lostRevenue, 0);
        const label = `seed ${seed} ${s.productTitle} ${s.startDate}: ${estimate.toFixed(0)} [${low.toFixed(0)}, ${high.toFixed(0)}] vs ${trueLoss}`;
        expect(trueLoss, label).toBeGreaterThanOrEqual(low);
        expect(trueLoss, label).toBeLessThanOrEqual(high);
      }
    }
  });

  it('does not let Black Friday inflate the December stock-out', () => {
    // The Cast Iron Skillet runs out in the gifting run-up and its 56-day baseline holds Black
    // Friday – Cyber Monday. Leaving those four days out of the data must barely move the
    // estimate (a baseline on the product's own level moved 1.9–12× on these seeds).
    for (const seed of [7, 1, 2, 3]) {
      const store = generateStore({ seed, preset: 'small' });
      const december = store.groundTruth.stockouts.find((s) =>
        s.productTitle.startsWith('Cast Iron Skillet'),
      )!;
      const peak = store.groundTruth.holidayPeaks.find((p) => p.name.startsWith('Black Friday'))!;
      expect(peak.startDate >= shiftDays(december.startDate, -56)).toBe(true);
      expect(peak.endDate < december.startDate).toBe(true);
      const id = tail(december.variantId);
      const stock = [
        { date: store.config.startDate, productId: id, available: 1 },
        { date: december.startDate, productId: id, available: 0 },
        { date: shiftDays(december.endDate!, 1), productId: id, available: 1 },
      ];
      const sales = buildDemoFacts(store).variantSales.map((s) => ({ ...s, productId: s.variantId }));
      const expected = (list: typeof sales) =>
        estimateStockoutLoss(stock, list, december.endDate!)[0]!.expectedUnits;
      const withPeak = expected(sales);
      const withoutPeak = expected(sales.filter((s) => s.date < peak.startDate || s.date > peak.endDate));
      expect(
        Math.abs(withPeak / withoutPeak - 1),
        `seed ${seed}: ${withPeak} vs ${withoutPeak}`,
      ).toBeLessThan(0.2);
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
