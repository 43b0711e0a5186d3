/**
 * The metrics of Upside, each defined once (decision 011): its name on screen, its source and the
 * rule that computes it. Server read services send these rule texts with their figures and pages
 * show them beside the figures, so a page never words a metric differently from another.
 * Computations live in `src/core/metrics` (pure) and `src/server/domain/metrics` (queries).
 */

import { z } from 'zod';

/**
 * `?period=7|30|90`: the last 7, 30 or 90 shop days. Optional on the spec's calls (none → 30, the
 * spec's "last 30 days"), so their response shapes and default figures stay as the spec has them.
 */
export const MetricPeriodQuerySchema = z.object({ period: z.enum(['7', '30', '90']).default('30') });

/** How every window is chosen (shown with the range on each page). */
export const WINDOW_RULE =
  'Windows are shop days in the shop time zone, ending on the last complete day with synced orders (yesterday at the latest).';

/** Net revenue, order totals, refunds, orders, AOV: store figures from Shopify orders. */
export const REVENUE_RULE =
  'Revenue = order totals (tax and shipping included) on the order day, minus refunds on the day they were issued; test and cancelled orders excluded.';

/** The one attribution rule behind every store-verified figure per channel or campaign. */
export const ATTRIBUTION_RULE =
  "Store-verified revenue is credited by last non-direct click: an order counts for the channel of its last visit, or of its first visit when the last one was direct, and for the campaign named in that visit's utm_campaign (campaign name or id). Refunds follow their order's credit and reduce revenue on their refund day.";

/** Match rate (platform claim vs store). */
export const MATCH_RATE_RULE =
  'Match rate = 100 × min(platform-reported purchase value, store-verified order totals) / max of the two, before refunds, over the same days.';

/** The campaign verdicts (labels and opportunities alike). */
export const CAMPAIGN_VERDICT_RULE =
  'Labels (the same rule decides the opportunities): Cut when active and Meta-attributed ROAS is below 1; Scale up when it is above 2.5 and stays above 1 at the low end of its 80 % range (store-verified revenue, so Meta over-claiming cannot inflate it); Attribution gap when the match rate is below 70 %; otherwise Optimize.';

/** Names of the ROAS figures: three different metrics, never shown under one name. */
export const METRIC_NAMES = {
  metaAttributedRoas: 'Meta-attributed ROAS',
  blendedRoas: 'Blended ROAS',
  metaReportedRoas: 'Meta-reported ROAS',
  metaSpend: 'Meta ad spend',
  adSpend: 'Ad spend (all platforms)',
  revenue: 'Revenue (net of refunds)',
  orders: 'Orders',
  averageOrderValue: 'Average order value',
  matchRate: 'Meta match rate',
  ga4Revenue: 'GA4-reported revenue',
} as const;

/** What each ROAS divides, in words. */
export const ROAS_RULES = {
  metaAttributedRoas: 'Store-verified revenue credited to Meta (net of refunds) ÷ Meta ad spend.',
  blendedRoas: 'All store revenue (net of refunds) ÷ all ad spend (every platform).',
  metaReportedRoas: 'Purchase value Meta reports for its ads ÷ Meta ad spend (Meta-reported).',
} as const;

/** Profit figures (decision 025): each defined once in src/core, worded once here. */
export const PROFIT_METRIC_NAMES = {
  contribution: 'Contribution (before marketing)',
  poas: 'POAS',
  mer: 'MER',
  cac: 'CAC',
  newCustomerCac: 'New-customer CAC',
} as const;

/** Contribution before marketing of a slice of orders (decision 010 lines, no marketing). */
export const CONTRIBUTION_RULE =
  'Contribution = net sales (after discounts and refunds) − cost of goods (restocked returns added back) − shipping cost − payment fees, before marketing.';

export const POAS_RULE =
  'POAS (profit on ad spend) = contribution of the store-verified orders credited to the campaign or channel ÷ its ad spend, over the same days and credit rule as ROAS. Below 1 the spend loses money.';

export const MER_RULE =
  'MER (marketing efficiency ratio) = all store revenue (net of refunds) ÷ all ad spend: a whole-store ratio, so it is shown for the window, not per campaign.';

export const CAC_RULE =
  'CAC = ad spend ÷ customers with a credited order in the window; new-customer CAC = ad spend ÷ customers whose first order ever was credited to it in the window. A customer is a Shopify customer record: guest checkouts are not counted as customers (their spend stays in the numerator).';

/**
 * Days of sales a stock level must cover not to be "low": the supplier lead time. The one lead time
 * of Low stock on / and /products, the restock opportunity and the stock alert (decision 034,
 * issue #36: the alert said 7 days where the opportunity said 14).
 */
export const LOW_STOCK_COVER_DAYS = 14;

/** Days of sales history the in-stock daily demand behind days of cover is measured over. */
export const STOCK_DEMAND_WINDOW_DAYS = 28;

/** What the "N out · M low" count of products means (/ and /products). */
export const STOCK_ALERTS_RULE = `Products with a variant out of stock, and products whose shortest variant has under ${LOW_STOCK_COVER_DAYS} days of cover`;

/** Days of cover as every page writes them: one decimal under 10 days, whole days above. */
export function formatDaysOfCover(days: number): string {
  const shown = days < 9.95 ? (Math.round(days * 10) / 10).toFixed(1) : String(Math.round(days));
  return `${shown} ${shown === '1.0' ? 'day' : 'days'}`;
}
