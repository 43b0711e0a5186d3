import { fromDayNumber } from '../dates/from-day-number.ts';
import { toDayNumber } from '../dates/to-day-number.ts';
import { creditOrder } from '../metrics/credit-order.ts';
import type { CampaignPerformance } from '../opportunities/detect-campaign-opportunities.ts';
import type { InventorySnapshot } from '../types.ts';
import { advertisedHandle } from './advertised-handle.ts';
import { listOutOfStockPeriods } from './list-out-of-stock-periods.ts';
import { touchesOf } from './touches-of.ts';
import type { AnalysisFacts, OrderJourney } from './types.ts';

interface AdvertisedProduct {
  productId: string;
  title: string;
  variantIds: string[];
}

/**
 * Meta campaigns of a window (`since` to `asOf`) with their store-verified orders and refunds
 * (core creditOrder, the rule of every page: decision 011; campaign by name or id), the advertised product (the landing page of
 * at least half the campaign's orders) and the spend on days that product was out of stock.
 */
export function computeCampaignPerformance(
  facts: AnalysisFacts,
  snapshots: readonly InventorySnapshot[],
  since: string,
  asOf: string,
): CampaignPerformance[] {
  if (facts.metaCampaigns.length === 0) return [];
  // Store-verified credit per campaign under the one attribution rule, by campaign name or id.
  const campaignKey = new Map<string, string>();
  for (const c of facts.metaCampaigns) {
    campaignKey.set(c.name, c.campaignId);
    campaignKey.set(c.campaignId, c.campaignId);
  }
  const verified = new Map<
    string,
    { orders: number; revenue: number; refunds: number; handles: Map<string, number>; all: number }
  >();
  const entryOf = (campaignId: string) => {
    let entry = verified.get(campaignId);
    if (!entry) {
      entry = { orders: 0, revenue: 0, refunds: 0, handles: new Map(), all: 0 };
      verified.set(campaignId, entry);
    }
    return entry;
  };
  const creditedCampaign = (journey: OrderJourney) => {
    const credit = creditOrder(touchesOf(journey));
    return credit.channel === 'meta_ads' && credit.campaign ? campaignKey.get(credit.campaign) : undefined;
  };
  for (const g of facts.orderDays) {
    const id = creditedCampaign(g);
    if (!id) continue;
    const entry = entryOf(id);
    entry.all += g.orders;
    if (g.date >= since && g.date <= asOf) {
      entry.orders += g.orders;
      entry.revenue += g.total;
    }
  }
  for (const l of facts.productLandings) {
    const id = creditedCampaign(l);
    if (!id) continue;
    const { handles } = entryOf(id);
    handles.set(l.landingHandle, (handles.get(l.landingHandle) ?? 0) + l.orders);
  }
  for (const r of facts.refunds) {
    const id = r.channel === 'meta_ads' && r.campaign ? campaignKey.get(r.campaign) : undefined;
    if (id && r.date >= since && r.date <= asOf) entryOf(id).refunds += r.amount;
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
    const v = verified.get(campaign.campaignId);
    let product: AdvertisedProduct | null = null;
    const handle = v ? advertisedHandle(v.handles, v.all) : null;
    if (handle) product = productByHandle.get(handle) ?? null;
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
      refunds30: v?.refunds ?? 0,
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
