import { fromDayNumber } from '../dates/from-day-number.ts';
import { toDayNumber } from '../dates/to-day-number.ts';
import type { CampaignPerformance } from '../opportunities/detect-campaign-opportunities.ts';
import type { InventorySnapshot } from '../types.ts';
import { listOutOfStockPeriods } from './list-out-of-stock-periods.ts';
import type { AnalysisFacts } from './types.ts';

interface AdvertisedProduct {
  productId: string;
  title: string;
  variantIds: string[];
}

/**
 * Meta campaigns of a window (`since` to `asOf`) with their store-verified orders (last visit
 * from Meta with utm_campaign = the campaign's name), the advertised product (the landing page of
 * at least half the campaign's orders) and the spend on days that product was out of stock.
 */
export function computeCampaignPerformance(
  facts: AnalysisFacts,
  snapshots: readonly InventorySnapshot[],
  since: string,
  asOf: string,
): CampaignPerformance[] {
  if (facts.metaCampaigns.length === 0) return [];
  const verified = new Map<
    string,
    { orders: number; revenue: number; handles: Map<string, number>; all: number }
  >();
  for (const o of facts.orders) {
    if (o.lastChannel !== 'meta_ads' || !o.utmCampaign) continue;
    const entry = verified.get(o.utmCampaign) ?? { orders: 0, revenue: 0, handles: new Map(), all: 0 };
    entry.all += 1;
    if (o.landingHandle) entry.handles.set(o.landingHandle, (entry.handles.get(o.landingHandle) ?? 0) + 1);
    if (o.date >= since && o.date <= asOf) {
      entry.orders += 1;
      entry.revenue += o.total;
    }
    verified.set(o.utmCampaign, entry);
  }
  const productByHandle = new Map<string, AdvertisedProduct>();
  for (const v of facts.variants) {
    if (!v.handle) continue;
    const entry = productByHandle.get(v.handle) ?? {
      productId: v.productId,
      title: v.productTitle,
      variantIds: [],
    };
    entry.variantIds.push(v.variantId);
    productByHandle.set(v.handle, entry);
  }
  const outDays = new Map<string, Set<string>>();
  for (const p of listOutOfStockPeriods(snapshots, asOf)) {
    const set = outDays.get(p.productId) ?? new Set<string>();
    for (let d = Math.max(toDayNumber(p.start), toDayNumber(since)); d <= toDayNumber(p.end); d += 1)
      set.add(fromDayNumber(d));
    outDays.set(p.productId, set);
  }
  return facts.metaCampaigns.map((campaign) => {
    const rows = facts.metaDaily.filter(
      (d) => d.campaignId === campaign.campaignId && d.date >= since && d.date <= asOf,
    );
    const v = verified.get(campaign.name);
    let product: AdvertisedProduct | null = null;
    if (v) {
      const [handle, count] = [...v.handles].sort((a, b) => b[1] - a[1])[0] ?? [null, 0];
      if (handle && count >= 0.5 * v.all) product = productByHandle.get(handle) ?? null;
    }
    const productOutDays = new Set<string>();
    for (const variantId of product?.variantIds ?? [])
      for (const d of outDays.get(variantId) ?? []) productOutDays.add(d);
    return {
      campaignId: campaign.campaignId,
      name: campaign.name,
      status: campaign.status === 'ACTIVE' ? 'ACTIVE' : 'PAUSED',
      spend30: rows.reduce((s, r) => s + r.spend, 0),
      verifiedOrders30: v?.orders ?? 0,
      verifiedRevenue30: v?.revenue ?? 0,
      reportedRevenue30: rows.reduce((s, r) => s + r.reportedValue, 0),
      productId: product?.productId ?? null,
      productTitle: product?.title ?? null,
      spendOnOutOfStockDays30: rows
        .filter((r) => productOutDays.has(r.date))
        .reduce((s, r) => s + r.spend, 0),
      outOfStockDays30: productOutDays.size,
    };
  });
}
