import { toDayNumber } from '../dates/to-day-number.ts';
import type { CustomerLedger } from '../ledger/to-customer-ledger.ts';
import type { CampaignPerformance } from '../opportunities/detect-campaign-opportunities.ts';
import { metricKey } from '../opportunities/metric-key.ts';
import type { AnalysisFacts, AttributionRow, CustomerSnapshotRow } from './types.ts';

/**
 * The window's (`since` to `asOf`) metrics opportunities track, by `metricKey`: store revenue,
 * revenue per variant (0 for variants that sold nothing), campaign profit (verified revenue −
 * spend), channel revenue, revenue per RFM segment and repeat-order revenue (orders on a later
 * day than the customer's first).
 */
export function measureMetrics(
  facts: AnalysisFacts,
  ledger: CustomerLedger,
  customers: readonly CustomerSnapshotRow[],
  attribution: readonly AttributionRow[],
  campaigns: readonly CampaignPerformance[],
  since: string,
  asOf: string,
  revenue: number,
): Map<string, number> {
  const metrics = new Map<string, number>();
  metrics.set(metricKey('store', 'all'), revenue);
  for (const s of facts.variantSales) {
    if (s.date < since || s.date > asOf) continue;
    const key = metricKey('product', s.variantId);
    metrics.set(key, (metrics.get(key) ?? 0) + s.revenue);
  }
  for (const v of facts.variants) {
    const key = metricKey('product', v.variantId);
    if (!metrics.has(key)) metrics.set(key, 0);
  }
  for (const c of campaigns)
    metrics.set(metricKey('campaign', c.campaignId), c.verifiedRevenue30 - c.spend30);
  for (const a of attribution) metrics.set(metricKey('channel', a.channel), a.revenue);
  const segmentOf = new Map(customers.map((c) => [c.customerId, c.segment]));
  const { customerIds, start, day, amount } = ledger;
  const sinceDay = toDayNumber(since);
  const asOfDay = toDayNumber(asOf);
  let repeat = 0;
  for (let c = 0; c < customerIds.length; c += 1) {
    const from = start[c]!;
    const to = start[c + 1]!;
    let inWindow: number | null = null;
    for (let j = from; j < to; j += 1) {
      if (day[j]! < sinceDay || day[j]! > asOfDay) continue;
      inWindow = (inWindow ?? 0) + amount[j]!;
      if (day[j]! > day[from]!) repeat += amount[j]!;
    }
    const segment = segmentOf.get(customerIds[c]!);
    if (segment && inWindow !== null) {
      const key = metricKey('segment', segment);
      metrics.set(key, (metrics.get(key) ?? 0) + inWindow);
    }
  }
  metrics.set(metricKey('repeat', 'all'), repeat);
  return metrics;
}
