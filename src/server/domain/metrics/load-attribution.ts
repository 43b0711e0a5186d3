import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  type ContributionParts,
  contributionOf,
  emptyContributionParts,
} from '../../../core/profit/contribution-of.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { ORDER_SALE, ORDER_SALE_JOINS, REFUND, REFUND_JOINS } from '../contribution/contribution-sql.ts';
import { adSpendRows } from './ad-spend-rows.ts';
import { CreditRow, creditOfRow } from './credit-of-row.ts';

/** Meta's own figures and the store-verified credit of one campaign (or channel) over a window. */
export interface CreditFigures {
  spendMinor: number;
  impressions: number;
  clicks: number;
  reportedPurchases: number;
  reportedPurchaseValueMinor: number;
  /** Credited orders placed in the window and their gross totals. */
  verifiedOrders: number;
  verifiedRevenueMinor: number;
  /** Refunds issued in the window on credited orders. */
  refundsMinor: number;
  /**
   * Decision 010's lines of the credited orders, dated as revenue is: sales on the order day,
   * returns and restocked COGS on the refund day (decision 025: POAS divides their contribution).
   */
  profit: ContributionParts;
  /** Units sold on the credited orders, and those whose cost is known (cost coverage). */
  unitsSold: number;
  unitsWithCost: number;
  /**
   * Distinct customers of the credited orders: Shopify customer records only (decision 056), a
   * guest checkout cannot be recognised when it buys again, so it is no customer, new or not.
   */
  customers: number;
  /** Of them, those whose first order ever is a credited order of the window. */
  newCustomers: number;
}

export const emptyCreditFigures = (): CreditFigures => ({
  spendMinor: 0,
  impressions: 0,
  clicks: 0,
  reportedPurchases: 0,
  reportedPurchaseValueMinor: 0,
  verifiedOrders: 0,
  verifiedRevenueMinor: 0,
  refundsMinor: 0,
  profit: emptyContributionParts(),
  unitsSold: 0,
  unitsWithCost: 0,
  customers: 0,
  newCustomers: 0,
});

export interface CampaignCredit {
  campaignId: string;
  name: string;
  status: string | null;
  objective: string | null;
  figures: CreditFigures;
  /** Spend, net credited revenue and the credited orders' contribution (decision 025) by shop day. */
  byDay: Map<string, { spendMinor: number; revenueMinor: number; contributionMinor: number }>;
  /** Spent or was credited in the window. */
  active: boolean;
}

/** Every store-verified and platform figure by channel and Meta campaign over one window. */
export interface AttributionFigures {
  /** By channel (creditOrder): orders, gross, refunds; Meta's spend and claim on 'meta_ads'. */
  channels: Map<string, CreditFigures>;
  /** By Meta campaign id. */
  campaigns: Map<string, CampaignCredit>;
  /** Meta-credited orders whose UTM campaign names no known campaign (counted in channels only). */
  unmatched: { orders: number; revenueMinor: number; refundsMinor: number };
  /** Whether any Meta insights exist at all (not only in the window). */
  hasMeta: boolean;
  metaCurrency: string | null;
}

/**
 * What decides an order's credit: its last visit (the order's UTM) and its first visit (the
 * order's copy of it, migration 0420: no join of the touchpoints).
 */
export const CREDIT_COLUMNS =
  sql.raw(`(o.moments_count IS NOT NULL OR o.source_type IS NOT NULL) AS has_journey,
  o.utm_source, o.utm_medium, o.source_type, o.utm_campaign,
  o.first_utm_source AS first_source, o.first_utm_medium AS first_medium, o.first_source_type AS first_type,
  o.first_utm_campaign AS first_campaign`);

/** Decision 010's lines of a group of orders or refunds (floats of whole minor units). */
export const ProfitColumns = z.object({
  gross_sales: z.number(),
  shipping_charges: z.number(),
  discounts: z.number(),
  returns: z.number(),
  cogs: z.number(),
  shipping: z.number(),
  payment_fees: z.number(),
  units: z.number(),
  units_with_cost: z.number(),
});
type ProfitColumns = z.infer<typeof ProfitColumns>;

/** A group's lines as decision 010's contribution parts. */
export const partsOf = (row: ProfitColumns): ContributionParts => ({
  grossSales: Number(row.gross_sales),
  shippingCharges: Number(row.shipping_charges),
  discounts: Number(row.discounts),
  returns: Number(row.returns),
  cogs: Number(row.cogs),
  shipping: Number(row.shipping),
  paymentFees: Number(row.payment_fees),
});

/** Adds a group's lines to the figures of its channel or campaign. */
function addProfit(figures: CreditFigures, row: ProfitColumns): void {
  const p = figures.profit;
  const parts = partsOf(row);
  p.grossSales += parts.grossSales;
  p.shippingCharges = (p.shippingCharges ?? 0) + (parts.shippingCharges ?? 0);
  p.discounts += parts.discounts;
  p.returns += parts.returns;
  p.cogs += parts.cogs;
  p.shipping += parts.shipping;
  p.paymentFees += parts.paymentFees;
  figures.unitsSold += Number(row.units);
  figures.unitsWithCost += Number(row.units_with_cost);
}

const CampaignInfoRow = z.object({
  campaign_id: z.string(),
  name: z.string(),
  status: z.string().nullable(),
  objective: z.string().nullable(),
});

const InsightRow = z.object({
  campaign_id: z.string(),
  campaign_name: z.string(),
  date: z.string(),
  spend: z.number(),
  impressions: z.number(),
  clicks: z.number(),
  purchases: z.number(),
  purchase_value: z.number(),
});

const CreditedRow = CreditRow.extend(ProfitColumns.shape).extend({
  kind: z.enum(['order', 'refund']),
  date: z.string(),
  orders: z.number(),
  amount: z.number(),
  /** The last visit's utm_content (the ad) when asked for, else null. */
  ad: z.string().nullable(),
});
export type CreditedRow = z.infer<typeof CreditedRow>;

/**
 * Orders placed and refunds made in the window, grouped by what decides the credit (and, `byAd`,
 * by the last visit's utm_content: the ad, issue #44), with decision 010's lines of each group.
 */
export function queryCreditedRows(
  db: Db,
  workspaceId: string,
  start: string,
  end: string,
  { byAd }: { byAd: boolean },
): Promise<CreditedRow[]> {
  const ad = byAd ? sql.raw('o.utm_content') : sql.raw('NULL::text');
  const adGroup = byAd ? sql.raw(', o.utm_content') : sql.raw('');
  return queryRows(
    db,
    CreditedRow,
    sql`SELECT 'order' AS kind, o.order_date::text AS date, ${CREDIT_COLUMNS},
            count(*)::int AS orders, sum(o.total_minor)::float8 AS amount,
            sum(${ORDER_SALE.grossSales})::float8 AS gross_sales,
            sum(${ORDER_SALE.shippingCharges})::float8 AS shipping_charges,
            sum(${ORDER_SALE.discounts})::float8 AS discounts,
            0::float8 AS returns, sum(${ORDER_SALE.cogs})::float8 AS cogs,
            sum(${ORDER_SALE.shipping})::float8 AS shipping, sum(${ORDER_SALE.paymentFees})::float8 AS payment_fees,
            sum(${ORDER_SALE.units})::float8 AS units, sum(${ORDER_SALE.unitsWithCost})::float8 AS units_with_cost,
            ${ad} AS ad
          FROM wh_orders o ${ORDER_SALE_JOINS}
          WHERE o.workspace_id = ${workspaceId} AND NOT o.test AND o.cancelled_at IS NULL
            AND o.order_date BETWEEN ${start}::date AND ${end}::date
          GROUP BY 2, 3, 4, 5, 6, 7, 8, 9, 10, 11${adGroup}
          UNION ALL
          SELECT 'refund', r.refund_date::text, ${CREDIT_COLUMNS}, 0, sum(r.amount_minor)::float8,
            0, -sum(${REFUND.shippingRefunded})::float8, 0, sum(${REFUND.returns})::float8,
            sum(${REFUND.cogs})::float8, 0, 0, 0, 0, ${ad}
          FROM wh_refunds r
          JOIN wh_orders o ON o.workspace_id = r.workspace_id AND o.order_id = r.order_id
          ${REFUND_JOINS}
          WHERE r.workspace_id = ${workspaceId} AND NOT o.test AND o.cancelled_at IS NULL
            AND r.refund_date BETWEEN ${start}::date AND ${end}::date
          GROUP BY 2, 3, 4, 5, 6, 7, 8, 9, 10, 11${adGroup}`,
  );
}

const CustomerRow = CreditRow.extend({ customer: z.string(), is_new: z.boolean() });

const PresenceRow = z.object({
  has_meta: z.boolean(),
  meta_currency: z.string().nullable(),
});

/**
 * The window's attribution figures, read afresh (query-attribution.ts keeps them per warehouse
 * version). `customers: false` leaves out the distinct (and new) customers per channel and
 * campaign, zero then: the one query of the five that looks at every order's customer history,
 * which the opportunities' profit context (read-opportunity-profit.ts) does not use.
 */
export async function loadAttribution(
  db: Db,
  workspaceId: string,
  start: string,
  end: string,
  { customers }: { customers: boolean },
): Promise<AttributionFigures> {
  const [campaignInfo, insights, credited, customerRows, [presence]] = await Promise.all([
    queryRows(
      db,
      CampaignInfoRow,
      sql`SELECT campaign_id, name, coalesce(effective_status, status) AS status, objective
          FROM wh_meta_campaigns WHERE workspace_id = ${workspaceId}`,
    ),
    queryRows(
      db,
      InsightRow,
      // Meta's campaign days of the one ad-spend reader: this credit speaks of Meta's campaigns
      // and of the meta_ads channel (other platforms: adPlatformCampaigns on /campaigns).
      sql`SELECT s.campaign_id, max(s.campaign_name) AS campaign_name, s.date::text AS date,
            sum(s.spend_minor)::float8 AS spend, sum(s.impressions)::float8 AS impressions,
            sum(s.clicks)::float8 AS clicks, sum(s.conversions)::float8 AS purchases,
            sum(s.conversion_value_minor)::float8 AS purchase_value
          FROM ${adSpendRows(workspaceId, { from: start, to: end })} s WHERE s.platform = 'meta'
          GROUP BY s.campaign_id, s.date`,
    ),
    // Store side: orders placed and refunds made in the window, grouped by what decides the credit,
    // with decision 010's lines of each (contribution-sql.ts).
    queryCreditedRows(db, workspaceId, start, end, { byAd: false }),
    // Customers of the window's orders by credit, and whether their first order ever is among them.
    // Guest checkouts are left out (decision 056): their spend stays in CAC's numerator.
    !customers
      ? []
      : queryRows(
          db,
          CustomerRow,
          sql`SELECT ${CREDIT_COLUMNS}, o.customer_id::text AS customer,
            bool_or(NOT EXISTS (
              SELECT 1 FROM wh_orders p
              WHERE p.workspace_id = o.workspace_id AND p.customer_id = o.customer_id
                AND NOT p.test AND p.cancelled_at IS NULL
                AND (p.created_at, p.order_id) < (o.created_at, o.order_id))) AS is_new
          FROM wh_orders o
          WHERE o.workspace_id = ${workspaceId} AND NOT o.test AND o.cancelled_at IS NULL
            AND o.customer_id IS NOT NULL AND o.order_date BETWEEN ${start}::date AND ${end}::date
          GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10`,
        ),
    queryRows(
      db,
      PresenceRow,
      sql`SELECT EXISTS (SELECT 1 FROM wh_meta_daily_insights WHERE workspace_id = ${workspaceId}) AS has_meta,
            (SELECT currency_code FROM wh_meta_daily_insights WHERE workspace_id = ${workspaceId}
              ORDER BY date DESC LIMIT 1) AS meta_currency`,
    ),
  ]);

  const campaigns = new Map<string, CampaignCredit>();
  const campaignOf = (campaignId: string, name: string): CampaignCredit => {
    let entry = campaigns.get(campaignId);
    if (!entry) {
      entry = {
        campaignId,
        name,
        status: null,
        objective: null,
        figures: emptyCreditFigures(),
        byDay: new Map(),
        active: false,
      };
      campaigns.set(campaignId, entry);
    }
    return entry;
  };
  const dayOf = (entry: CampaignCredit, date: string) => {
    let day = entry.byDay.get(date);
    if (!day) {
      day = { spendMinor: 0, revenueMinor: 0, contributionMinor: 0 };
      entry.byDay.set(date, day);
    }
    return day;
  };
  for (const c of campaignInfo) {
    const entry = campaignOf(c.campaign_id, c.name);
    entry.status = c.status;
    entry.objective = c.objective;
  }
  const channels = new Map<string, CreditFigures>();
  const channelFigures = (channel: string) => {
    let figures = channels.get(channel);
    if (!figures) {
      figures = emptyCreditFigures();
      channels.set(channel, figures);
    }
    return figures;
  };
  for (const i of insights) {
    const entry = campaignOf(i.campaign_id, i.campaign_name);
    entry.active = true;
    for (const f of [entry.figures, channelFigures('meta_ads')]) {
      f.spendMinor += Number(i.spend);
      f.impressions += Number(i.impressions);
      f.clicks += Number(i.clicks);
      f.reportedPurchases += Number(i.purchases);
      f.reportedPurchaseValueMinor += Number(i.purchase_value);
    }
    dayOf(entry, i.date).spendMinor += Number(i.spend);
  }

  const byName = new Map<string, CampaignCredit>();
  for (const entry of campaigns.values()) {
    byName.set(entry.name, entry);
    byName.set(entry.campaignId, entry);
  }
  const unmatched = { orders: 0, revenueMinor: 0, refundsMinor: 0 };
  for (const g of credited) {
    const credit = creditOfRow(g);
    const amount = Number(g.amount);
    const channel = channelFigures(credit.channel);
    addProfit(channel, g);
    if (g.kind === 'order') {
      channel.verifiedOrders += Number(g.orders);
      channel.verifiedRevenueMinor += amount;
    } else channel.refundsMinor += amount;
    if (credit.channel !== 'meta_ads') continue;
    const entry = credit.campaign === null ? undefined : byName.get(credit.campaign);
    if (!entry) {
      if (g.kind === 'order') {
        unmatched.orders += Number(g.orders);
        unmatched.revenueMinor += amount;
      } else unmatched.refundsMinor += amount;
      continue;
    }
    addProfit(entry.figures, g);
    dayOf(entry, g.date).contributionMinor += contributionOf(partsOf(g)).contributionMargin;
    if (g.kind === 'order') {
      entry.figures.verifiedOrders += Number(g.orders);
      entry.figures.verifiedRevenueMinor += amount;
      dayOf(entry, g.date).revenueMinor += amount;
    } else {
      entry.figures.refundsMinor += amount;
      dayOf(entry, g.date).revenueMinor -= amount;
    }
    entry.active = true;
  }

  // Distinct customers (and new ones) per channel and campaign: a customer may fall in several groups.
  const seen = new Map<CreditFigures, { all: Set<string>; new: Set<string> }>();
  const countCustomer = (figures: CreditFigures, customer: string, isNew: boolean) => {
    let sets = seen.get(figures);
    if (!sets) {
      sets = { all: new Set(), new: new Set() };
      seen.set(figures, sets);
    }
    sets.all.add(customer);
    if (isNew) sets.new.add(customer);
  };
  for (const row of customerRows) {
    const credit = creditOfRow(row);
    countCustomer(channelFigures(credit.channel), row.customer, row.is_new);
    const entry =
      credit.channel === 'meta_ads' && credit.campaign !== null ? byName.get(credit.campaign) : undefined;
    if (entry) countCustomer(entry.figures, row.customer, row.is_new);
  }
  for (const [figures, sets] of seen) {
    figures.customers = sets.all.size;
    figures.newCustomers = sets.new.size;
  }

  return {
    channels,
    campaigns,
    unmatched,
    hasMeta: presence?.has_meta ?? false,
    metaCurrency: presence?.meta_currency ?? null,
  };
}
