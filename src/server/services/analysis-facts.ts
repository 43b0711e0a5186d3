import type { InventorySnapshot } from '../../core/types.ts';

/**
 * The warehouse facts one analysis run reads, as plain objects in the shop currency's major units
 * and shop-local days. Built from the warehouse by `loadAnalysisFacts` (analysis-facts-load.ts) and,
 * in tests, from a generated store, so the computation never knows where its facts came from.
 */
export interface AnalysisFacts {
  currency: string;
  /** Last day of data; the run analyses up to and including it. */
  asOf: string;
  /** Non-test, non-cancelled orders. */
  orders: AnalysisOrder[];
  /**
   * Refunds by shop-local refund day (revenue drops on that day), with the channel and campaign
   * their order is credited to (core creditOrder), so credited revenue can be net of refunds.
   */
  refunds: { date: string; amount: number; channel: string; campaign: string | null }[];
  /** Units and revenue per variant and day (line items after discounts). */
  variantSales: { variantId: string; date: string; units: number; revenue: number }[];
  variants: {
    variantId: string;
    productId: string;
    title: string;
    productTitle: string;
    handle: string | null;
  }[];
  /** Available units per variant and day, summed over locations (real snapshots only). */
  inventory: InventorySnapshot[];
  metaCampaigns: { campaignId: string; name: string; status: string | null }[];
  metaDaily: { date: string; campaignId: string; spend: number; reportedValue: number }[];
  ga4Daily: { date: string; source: string; medium: string; revenue: number }[];
}

export interface AnalysisOrder {
  customerId: string | null;
  date: string;
  /** Gross order total (tax and shipping included, before refunds). */
  total: number;
  subtotal: number;
  shipping: number;
  /** Last-visit channel (see `channelOf`) and the first visit's, when the journey is known. */
  lastChannel: string | null;
  firstChannel: string | null;
  /** utm_campaign of the last visit and of the first visit. */
  utmCampaign: string | null;
  firstCampaign: string | null;
  /** Product handle of a `/products/<handle>` landing page, if any. */
  landingHandle: string | null;
}

/**
 * Channel of a visit from its UTM tags and Shopify source type, in the names the attribution
 * table shows. Why here: Shopify journeys, GA4 source/medium and Meta all have to meet on one name.
 */
export function channelOf(
  utmSource: string | null,
  utmMedium: string | null,
  sourceType: string | null,
): string {
  const source = (utmSource ?? '').toLowerCase();
  const medium = (utmMedium ?? '').toLowerCase();
  const type = (sourceType ?? '').toUpperCase();
  if (['facebook', 'instagram', 'fb', 'ig', 'meta'].includes(source) || medium === 'paid_social')
    return 'meta_ads';
  if (medium === 'cpc' || medium === 'ppc' || medium === 'paid_search') return 'google_ads';
  if (medium === 'email' || type === 'EMAIL') return 'email';
  if (medium === 'organic' || type === 'SEARCH') return 'google_organic';
  if (medium === 'referral' || type === 'REFERRAL' || type === 'SOCIAL') return 'referral';
  if (source === '(direct)' || type === 'DIRECT' || (!source && !medium)) return 'direct';
  return 'referral';
}
