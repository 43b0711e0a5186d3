import { describe, expect, it } from 'vitest';
import { bgnbdProbabilityAlive } from '../../src/core/clv/bgnbd-probability-alive.ts';
import { summarizeLifetimeCustomers } from '../../src/core/clv/summarize-lifetime-customers.ts';
import { analyzeStore } from '../../src/core/pipeline/analyze-store.ts';
import type { AnalysisFacts } from '../../src/core/pipeline/types.ts';
import { normalQuantile } from '../../src/core/stats/normal-quantile.ts';
import { estimateStockoutLoss, type StockoutLoss } from '../../src/core/stockout/estimate-stockout-loss.ts';
import { predictLostUnitsRange } from '../../src/core/stockout/predict-lost-units-range.ts';
import { generateStore } from '../../src/demo/generate-store.ts';
import type { DemoStore } from '../../src/demo/model.ts';
import { getDemoStore } from '../../src/demo/start-demo-emulators.ts';
import type { PlantedStockout } from '../../src/demo/truth-model.ts';
import { buildDemoFacts } from './demo-facts.ts';

/**
 * The analysis on a generated store against the store's planted ground truth (issue 6, part 4).
 * Inventory is known only on the last day, as after a first sync: stock-out history comes from
 * the sales-gap inference feeding core/stockout.
 */
const store = getDemoStore({ seed: 7, preset: 'small' });
const facts = buildDemoFacts(store);
const snapshot = analyzeStore(facts);
const truth = store.groundTruth;
const tail = (gid: string) => gid.split('/').pop()!;

/** Analysed stores by seed and customer count, so each is generated and analysed once. */
const analysed = new Map<string, { store: DemoStore; facts: AnalysisFacts; stockouts: StockoutLoss[] }>([
  ['7/2000', { store, facts, stockouts: snapshot.stockouts }],
]);
function analyse(seed: number, customers = 2000) {
  const key = `${seed}/${customers}`;
  let entry = analysed.get(key);
  if (!entry) {
    const generated = generateStore({ seed, preset: 'small', customers });
    const generatedFacts = buildDemoFacts(generated);
    entry = { store: generated, facts: generatedFacts, stockouts: analyzeStore(generatedFacts).stockouts };
    analysed.set(key, entry);
  }
  return entry;
}

/** The analysis's stock-out periods of a planted stock-out's variant that overlap its window. */
function periodsOf(found: readonly StockoutLoss[], s: PlantedStockout, endDate: string) {
  return found.filter(
    (p) => p.productId === tail(s.variantId) && p.end >= s.startDate && p.start <= (s.endDate ?? endDate),
  );
}

describe('planted stock-outs', () => {
  const seeds = [7, 1, 2, 3, 4, 5, 6];

  it('finds every planted stock-out with lost demand', () => {
    // Seeds 2, 5 and 6 hid the December skillet in its sales gaps before the inference judged a
    // gap by the store's volume (bench/stockout-detection.bench.ts: 45/45 on seeds 1–12).
    for (const seed of seeds) {
      const { store: here, stockouts } = analyse(seed);
      const planted = here.groundTruth.stockouts.filter((s) => s.lostRevenueMinor > 0);
      expect(planted.length).toBeGreaterThanOrEqual(3);
      for (const s of planted) {
        const found = periodsOf(stockouts, s, here.groundTruth.endDate);
        expect(found.length, `seed ${seed} ${s.productTitle} ${s.startDate}`).toBeGreaterThan(0);
      }
    }
  });

  it('holds the realised losses, holiday peaks included, within the ranges the data support', () => {
    // The realised loss is one draw of a few to ~30 units (Poisson noise alone ±20–35 %), so it is
    // held to the estimate's own range (baseline and demand noise), not to a fixed ±25 %. That
    // range is calibrated (43 of 45 realised losses inside the 95 % range on seeds 1–12), so ~28
    // comparisons at 95 % would flag one 3 times in 4 with a perfect estimator: each is held to the
    // range that keeps the chance of any false alarm at 5 % (Bonferroni), and at least 85 % of them
    // to their 95 % range. The December stock-out's baseline holds Black Friday on every seed.
    const comparisons: { label: string; loss: number; periods: StockoutLoss[] }[] = [];
    for (const seed of seeds) {
      const { store: here, stockouts } = analyse(seed);
      for (const s of here.groundTruth.stockouts.filter((x) => x.lostRevenueMinor > 0)) {
        const periods = periodsOf(stockouts, s, here.groundTruth.endDate);
        expect(periods.length, `seed ${seed} ${s.productTitle}`).toBeGreaterThan(0);
        comparisons.push({
          label: `seed ${seed} ${s.productTitle} ${s.startDate}`,
          loss: s.lostRevenueMinor / 100,
          periods,
        });
      }
    }
    const rangeOf = (periods: StockoutLoss[], z: number) => {
      let low = 0;
      let high = 0;
      for (const p of periods) {
        const range = predictLostUnitsRange(p.baselineUnits, p.baselineScale, p.soldUnits, z);
        low += range.low * p.unitPrice;
        high += range.high * p.unitPrice;
      }
      return { low, high };
    };
    const familyZ = normalQuantile(1 - 0.05 / (2 * comparisons.length));
    let inside95 = 0;
    for (const { label, loss, periods } of comparisons) {
      const { low, high } = rangeOf(periods, familyZ);
      const estimate = periods.reduce((sum, p) => sum + p.lostRevenue, 0);
      const text = `${label}: ${estimate.toFixed(0)} [${low.toFixed(0)}, ${high.toFixed(0)}] vs ${loss}`;
      expect(loss, text).toBeGreaterThanOrEqual(low);
      expect(loss, text).toBeLessThanOrEqual(high);
      const range95 = rangeOf(periods, 1.96);
      if (loss >= range95.low && loss <= range95.high) inside95 += 1;
    }
    expect(inside95 / comparisons.length).toBeGreaterThanOrEqual(0.85);
  });

  it('estimates each planted stock-out within ±25 % of its expected lost demand', () => {
    // Against the demand the generator expected over the window (decision 008), not one draw of
    // it. The store has 4× the small preset's customers: at the small preset a 56-day baseline
    // holds ~35–50 units of the skillet or the Dutch oven, whose Poisson noise alone (±14–17 %)
    // puts 1 estimate in 5 outside ±25 % however the estimator works (bench: 32/36 on seeds 1–12);
    // at 4× it is half that, so a miss here is the estimator's. Stock-outs expected to lose under
    // 10 units (the Dutch oven's second colour, ~4 here) are held to the range test only: ±25 % of
    // them is about a unit. The estimate values units at the price paid in the baseline, after
    // discount codes; the truth at list price, so revenue runs a few per cent under units.
    for (const seed of seeds) {
      const { store: here, stockouts } = analyse(seed, 8000);
      for (const s of here.groundTruth.stockouts.filter((x) => x.expectedLostUnits >= 10)) {
        const periods = periodsOf(stockouts, s, here.groundTruth.endDate);
        const units = periods.reduce((sum, p) => sum + p.lostUnits, 0);
        const revenue = periods.reduce((sum, p) => sum + p.lostRevenue, 0);
        const label = `seed ${seed} ${s.productTitle} ${s.startDate}: ${units.toFixed(1)} units, ${revenue.toFixed(0)} vs expected ${s.expectedLostUnits}, ${s.expectedLostRevenueMinor / 100}`;
        expect(Math.abs(units / s.expectedLostUnits - 1), label).toBeLessThanOrEqual(0.25);
        expect(Math.abs(revenue / (s.expectedLostRevenueMinor / 100) - 1), label).toBeLessThanOrEqual(0.25);
      }
    }
  }, 240_000); // several 8,000-customer stores generated and analysed

  it('does not let Black Friday inflate the December stock-out', () => {
    // The Cast Iron Skillet runs out in the gifting run-up and its 56-day baseline holds Black
    // Friday – Cyber Monday. Leaving those four days out of the data must barely move the
    // estimate (a baseline on the product's own level moved 1.9–12× on these seeds).
    for (const seed of [7, 1, 2, 3]) {
      const { store: here, facts: hereFacts } = analyse(seed);
      const december = here.groundTruth.stockouts.find((s) =>
        s.productTitle.startsWith('Cast Iron Skillet'),
      )!;
      const peak = here.groundTruth.holidayPeaks.find((p) => p.name.startsWith('Black Friday'))!;
      expect(peak.startDate >= shiftDays(december.startDate, -56)).toBe(true);
      expect(peak.endDate < december.startDate).toBe(true);
      const id = tail(december.variantId);
      const stock = [
        { date: here.config.startDate, productId: id, available: 1 },
        { date: december.startDate, productId: id, available: 0 },
        { date: shiftDays(december.endDate!, 1), productId: id, available: 1 },
      ];
      const sales = hereFacts.variantSales.map((s) => ({ ...s, productId: s.variantId }));
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
    const ongoing = truth.stockouts.find((s) => s.endDate === null && s.lostRevenueMinor > 0)!;
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
      summarizeLifetimeCustomers(facts.customerOrders, truth.endDate, 'week').map((s) => [s.customerId, s]),
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
