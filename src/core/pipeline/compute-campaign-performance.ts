import { fromDayNumber } from '../dates/from-day-number.ts';
import { toDayNumber } from '../dates/to-day-number.ts';
import { creditOrder } from '../metrics/credit-order.ts';
import type { CampaignPerformance } from '../opportunities/detect-campaign-opportunities.ts';
import type { InventorySnapshot } from '../types.ts';
import { adCampaignKey } from './ad-campaign-key.ts';
import { advertisedHandles } from './advertised-handles.ts';
import { channelOfPlatform } from './channel-of-platform.ts';
import { clickCreditMoves } from './click-credit-moves.ts';
import { creditedAdCampaign } from './credited-ad-campaign.ts';
import { listOutOfStockPeriods } from './list-out-of-stock-periods.ts';
import { touchesOf } from './touches-of.ts';
import type { AnalysisFacts } from './types.ts';

interface AdvertisedProduct {
  productId: string;
  title: string;
  variantIds: string[];
}

/**
 * Every ad platform's campaigns of a window (`since` to `asOf`; decision 128: Meta, Google Ads,
 * TikTok — not the imported platforms, whose orders no channel names) with their store-verified
 * orders and refunds (core creditOrder, the rule of every page: decision 011; campaign by name, id
 * or final-URL utm_campaign, or by the click id its platform named, clickCreditMoves), the
 * advertised product (the landing page of at least half the campaign's orders) and the spend on
 * days that product was out of stock. A Meta campaign is keyed by its id as before, another
 * platform's by adCampaignKey. Refunds follow the UTM credit only (a refund fact carries no click).
 */
export function computeCampaignPerformance(
  facts: AnalysisFacts,
  snapshots: readonly InventorySnapshot[],
  since: string,
  asOf: string,
): CampaignPerformance[] {
  const campaigns = facts.adCampaigns.filter((c) => channelOfPlatform(c.platform) !== null);
  if (campaigns.length === 0) return [];
  // Store-verified credit per campaign under the one attribution rule, by campaign name or id.
  const campaignOf = creditedAdCampaign(campaigns);
  const verified = new Map<string, { orders: number; revenue: number; refunds: number }>();
  const entryOf = (campaignId: string) => {
    let entry = verified.get(campaignId);
    if (!entry) {
      entry = { orders: 0, revenue: 0, refunds: 0 };
      verified.set(campaignId, entry);
    }
    return entry;
  };
  for (const g of facts.orderDays) {
    if (g.date < since || g.date > asOf) continue;
    const id = campaignOf(creditOrder(touchesOf(g)));
    if (!id) continue;
    const entry = entryOf(id);
    entry.orders += g.orders;
    entry.revenue += g.total;
  }
  for (const { from, to, group } of clickCreditMoves(facts, campaignOf)) {
    if (group.date < since || group.date > asOf) continue;
    const moved = entryOf(to);
    moved.orders += group.orders;
    moved.revenue += group.total;
    if (!from) continue;
    const left = entryOf(from);
    left.orders -= group.orders;
    left.revenue -= group.total;
  }
  // A refund comes with its order's credit.
  for (const r of facts.refunds) {
    const id = campaignOf(r);
    if (id && r.date >= since && r.date <= asOf) entryOf(id).refunds += r.amount;
  }
  const handleOf = advertisedHandles(facts);
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
  const daily = new Map<string, AnalysisFacts['adDaily']>();
  for (const d of facts.adDaily) {
    if (d.date < since || d.date > asOf) continue;
    const key = adCampaignKey(d.platform, d.campaignId);
    const rows = daily.get(key) ?? [];
    rows.push(d);
    daily.set(key, rows);
  }
  return campaigns.map((campaign) => {
    const key = adCampaignKey(campaign.platform, campaign.campaignId);
    const rows = daily.get(key) ?? [];
    const v = verified.get(key);
    const handle = handleOf.get(key);
    const product = handle ? (productByHandle.get(handle) ?? null) : null;
    const productOutDays = new Set<string>();
    for (const variantId of product?.variantIds ?? [])
      for (const d of outDays.get(variantId) ?? []) productOutDays.add(d);
    return {
      platform: campaign.platform,
      campaignId: key,
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
