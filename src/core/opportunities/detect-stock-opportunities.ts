import { formatDaysOfCover } from '../../shared/metrics.ts';
import { classifyStock } from '../stockout/classify-stock.ts';
import { metricKey } from './metric-key.ts';
import { poissonInterval } from './poisson-interval.ts';
import { rankOpportunity, sufficiencyOf } from './rank-opportunity.ts';
import { roundTo as round } from './round-to.ts';
import type { DetectorContext, OpportunityCandidate } from './types.ts';

/** Stock position of one product with its in-stock demand baseline (the stock-out model's output). */
export interface StockPosition {
  productId: string;
  title: string;
  /** Units available at the end of asOf. */
  available: number;
  /** The product's lead time: the owner's, else LOW_STOCK_COVER_DAYS (decision 112). */
  leadTimeDays: number;
  /**
   * Units sold on the in-stock days of the baseline window, and how many such days there were: for a
   * product in stock the days-of-cover demand (`computeDaysOfCover`), so the cover this detector
   * states is the one / and /products show.
   */
  baselineUnits: number;
  baselineDays: number;
  /** Average realised price per unit. */
  unitPrice: number;
  /** Days out of stock in the 30 days up to asOf, and the revenue the model estimates they lost. */
  outOfStockDays30: number;
  lostRevenue30: number;
}

const HORIZON_DAYS = 30;

/**
 * Restock opportunities: products out of stock now, and products that will run out within the lead
 * time.
 *
 * Definition: demand rate = baselineUnits / baselineDays (in-stock days only), with the 80 % Poisson
 * interval of baselineUnits giving its low and high. Out of stock now → 'stockout_lost_revenue', the
 * next 30 days of demand at the unit price (low…high rate). In stock and Low stock by
 * {@link classifyStock} (cover = available / rate under the lead time) → 'restock_before_stockout', the demand of the 30-day horizon falling after
 * the stock runs out, (30 − available/rate)·rate·price at the low and the high rate. These are
 * gross sales: 33–58 % of shoppers facing a stock-out buy elsewhere or not at all (Gruen, Corsten &
 * Bharadwaj 2002), the rest substitute or wait; the evidence says so.
 */
export function detectStockOpportunities(
  positions: readonly StockPosition[],
  context: DetectorContext,
): OpportunityCandidate[] {
  const candidates: OpportunityCandidate[] = [];
  for (const product of positions) {
    if (product.baselineDays <= 0 || product.baselineUnits <= 0 || product.unitPrice <= 0) continue;
    const rate = product.baselineUnits / product.baselineDays;
    const interval = poissonInterval(product.baselineUnits);
    const rateLow = interval.low / product.baselineDays;
    const rateHigh = interval.high / product.baselineDays;
    const facts = [
      { label: 'Units available', value: product.available, unit: 'count' as const },
      { label: 'In-stock demand (units/day)', value: round(rate, 2), unit: 'ratio' as const },
      { label: 'Baseline in-stock days', value: product.baselineDays, unit: 'days' as const },
      { label: 'Unit price', value: round(product.unitPrice, 2), unit: 'currency' as const },
      { label: 'Out-of-stock days (last 30)', value: product.outOfStockDays30, unit: 'days' as const },
      {
        label: 'Estimated lost revenue (last 30 days)',
        value: round(product.lostRevenue30, 2),
        unit: 'currency' as const,
      },
    ];
    const sufficiency = sufficiencyOf(product.baselineUnits);
    if (product.available <= 0) {
      const min = rateLow * HORIZON_DAYS * product.unitPrice;
      const max = rateHigh * HORIZON_DAYS * product.unitPrice;
      const rank = rankOpportunity(min, max, context.revenueLast30Days, sufficiency, 'Medium');
      candidates.push({
        type: 'stockout_lost_revenue',
        subjectKey: product.productId,
        title: `Restock ${product.title}: it is out of stock`,
        description: `${product.title} has been out of stock for ${product.outOfStockDays30} of the last 30 days and sells about ${round(rate, 1)} units a day when available. Restocking recovers these sales.`,
        ...rank,
        revenueImpactMin: round(min, 2),
        revenueImpactMax: round(max, 2),
        effortLevel: 'Medium',
        metricKey: metricKey('product', product.productId),
        evidence: {
          method:
            'Next 30 days of in-stock demand (80 % Poisson interval of the baseline units) at the average price; gross sales, of which 33–58 % would otherwise be lost to the store (Gruen, Corsten & Bharadwaj 2002).',
          facts,
        },
      });
      continue;
    }
    const cover = product.available / rate;
    if (classifyStock(product.available, cover, product.leadTimeDays) !== 'Low stock') continue;
    const lostAt = (r: number) => Math.max(0, HORIZON_DAYS - product.available / r) * r * product.unitPrice;
    const min = lostAt(rateLow);
    const max = lostAt(rateHigh);
    if (max <= 0) continue;
    const rank = rankOpportunity(min, max, context.revenueLast30Days, sufficiency, 'Medium');
    candidates.push({
      type: 'restock_before_stockout',
      subjectKey: product.productId,
      title: `Restock ${product.title} before it sells out`,
      description: `${product.available} ${product.available === 1 ? 'unit' : 'units'} left cover about ${formatDaysOfCover(cover)} of demand, less than a ${product.leadTimeDays}-day lead time. Order now to avoid a stock-out.`,
      ...rank,
      revenueImpactMin: round(min, 2),
      revenueImpactMax: round(max, 2),
      effortLevel: 'Medium',
      metricKey: metricKey('product', product.productId),
      evidence: {
        method:
          'Sales in the next 30 days that fall after the stock runs out, at the low and high end of the 80 % Poisson interval of in-stock demand.',
        facts: [{ label: 'Days of cover', value: round(cover, 1), unit: 'days' }, ...facts],
      },
    });
  }
  return candidates;
}
