import { creditOrder } from '../../src/core/metrics/credit-order.ts';
import { channelOf } from '../../src/core/pipeline/channel-of.ts';
import { groupOrderFacts } from '../../src/core/pipeline/group-order-facts.ts';
import type { AnalysisFacts, AnalysisOrder } from '../../src/core/pipeline/types.ts';
import { dayToIso, localDayOf } from '../../src/demo/calendar.ts';
import type { DemoStore, DemoVisit } from '../../src/demo/model.ts';

const handleOf = (landing: string | null | undefined) =>
  /^\/products\/([^/?#]+)/.exec(landing ?? '')?.[1] ?? null;
const visitChannel = (v: DemoVisit | undefined) =>
  v ? channelOf(v.utm.source, v.utm.medium, v.sourceType) : null;

/**
 * Factory: the warehouse facts of a generated demo store, built directly from the generator (no
 * sync), with inventory known only at the end date — as after a first sync. Tests of the analysis
 * compare what it finds with the store's planted ground truth.
 */
export function buildDemoFacts(store: DemoStore): AnalysisFacts {
  const orders: AnalysisOrder[] = [];
  const refunds: AnalysisFacts['refunds'] = [];
  const sales = new Map<string, { variantId: string; date: string; units: number; revenue: number }>();
  for (let i = 0; i < store.orders.count; i += 1) {
    const o = store.getOrder(i);
    if (o.test || o.cancelledAtMs !== null) continue;
    const customer = o.customerIndex === null ? null : store.customers[o.customerIndex]!;
    const last = o.journey?.lastVisit;
    const first = o.journey?.firstVisit;
    const credit = creditOrder({
      lastChannel: visitChannel(last),
      lastCampaign: last?.utm.campaign ?? null,
      firstChannel: visitChannel(first),
      firstCampaign: first?.utm.campaign ?? null,
    });
    orders.push({
      customerId: customer ? String(customer.legacyId) : null,
      date: o.day,
      total: o.totalMinor / 100,
      subtotal: o.subtotalMinor / 100,
      shipping: o.shippingMinor / 100,
      lastChannel: visitChannel(last),
      firstChannel: visitChannel(o.journey?.firstVisit),
      utmCampaign: last?.utm.campaign ?? null,
      firstCampaign: first?.utm.campaign ?? null,
      landingHandle: handleOf(last?.landingPage),
    });
    for (const r of o.refunds) {
      refunds.push({
        date: dayToIso(localDayOf(store.shop.ianaTimezone, r.createdAtMs)),
        amount: r.totalMinor / 100,
        channel: credit.channel,
        campaign: credit.campaign,
      });
    }
    for (const line of o.lineItems) {
      const variant = store.variants[line.variantIndex]!;
      const key = `${variant.legacyId}|${o.day}`;
      const entry = sales.get(key) ?? {
        variantId: String(variant.legacyId),
        date: o.day,
        units: 0,
        revenue: 0,
      };
      entry.units += line.quantity;
      entry.revenue += (line.unitPriceMinor * line.quantity - line.discountMinor) / 100;
      sales.set(key, entry);
    }
  }
  const lastDay = store.inventory.days - 1;
  return {
    currency: store.shop.currencyCode,
    asOf: store.config.endDate,
    ...groupOrderFacts(orders, store.config.endDate),
    refunds,
    // The generated store's Google clicks are matched by the sync (decision 120), not planted here.
    adClickOrders: [],
    variantSales: [...sales.values()],
    variants: store.variants.map((v) => {
      const product = store.products[v.productIndex]!;
      return {
        variantId: String(v.legacyId),
        productId: String(product.legacyId),
        title: v.title,
        productTitle: product.title,
        handle: product.handle,
      };
    }),
    inventory: store.variants.map((v) => ({
      productId: String(v.legacyId),
      date: store.config.endDate,
      available: store.inventory.levels[v.index]![lastDay]!,
    })),
    adCampaigns: store.meta.campaigns.map((c) => ({
      platform: 'meta',
      campaignId: c.id,
      name: c.name,
      status: c.status,
      utmCampaign: null,
    })),
    adDaily: store.meta.daily.map((d) => ({
      platform: 'meta',
      date: d.day,
      campaignId: store.meta.campaigns[d.campaignIndex]!.id,
      spend: d.spendMinor / 100,
      reportedValue: d.reportedPurchaseValueMinor / 100,
    })),
    ga4Daily: [],
  };
}
