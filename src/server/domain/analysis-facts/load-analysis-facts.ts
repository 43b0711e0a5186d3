import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { factsUpTo } from '../../../core/pipeline/facts-up-to.ts';
import { RECENT_ORDER_DAYS } from '../../../core/pipeline/thresholds.ts';
import type { AnalysisFacts } from '../../../core/pipeline/types.ts';
import { lastCompleteDay } from '../../../shared/day-range.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { adSpendRows } from '../metrics/ad-spend-rows.ts';
import { CreditRow, creditOfRow } from '../metrics/credit-of-row.ts';
import { ga4AmountsInShopCurrency } from '../metrics/ga4-revenue.ts';
import { readAdCampaigns } from './read-ad-campaigns.ts';
import { readCustomerOrders } from './read-customer-orders.ts';
import { readOrderJourneys } from './read-order-journeys.ts';
import { refreshAnalysisFacts } from './refresh-analysis-facts.ts';

const ShopRow = z.object({
  currency_code: z.string(),
  currency_digits: z.number(),
  iana_timezone: z.string(),
});

const AsOfRow = z.object({ as_of: z.string().nullable() });

const RecentOrderQueryRow = z.object({
  date: z.string(),
  total: z.number(),
  subtotal: z.number().nullable(),
  shipping: z.number().nullable(),
});

const RefundQueryRow = CreditRow.extend({ date: z.string(), amount: z.number() });

const VariantSalesQueryRow = z.object({
  variant_id: z.string(),
  date: z.string(),
  units: z.number(),
  revenue: z.number(),
});

const VariantQueryRow = z.object({
  variant_id: z.string(),
  product_id: z.string(),
  title: z.string(),
  product_title: z.string().nullable(),
  handle: z.string().nullable(),
});

const InventoryQueryRow = z.object({ variant_id: z.string(), date: z.string(), available: z.number() });
const LeadTimeQueryRow = z.object({ product_id: z.string(), days: z.number() });

const AdDailyQueryRow = z.object({
  platform: z.string(),
  date: z.string(),
  campaign_id: z.string(),
  spend: z.number(),
  reported: z.number(),
});

const Ga4QueryRow = z.object({
  date: z.string(),
  currency: z.string(),
  source: z.string(),
  medium: z.string(),
  revenue: z.number(),
});

/**
 * Reads one workspace's warehouse facts for an analysis run (null when no shop is synced yet).
 * Why raw SQL: a million orders must come back as a few narrow columns, aggregated in the
 * database where that is possible; the order, landing, refund and variant sums are kept per order
 * day (refresh-analysis-facts.ts, decision 084), so a run reads those rather than scanning every order.
 * asOf = the last complete shop day with an order (the run never analyses days the warehouse has
 * not seen, nor today's unfinished one: `factsUpTo` leaves out what live orders brought of today).
 * The queries are sent together: on PostgreSQL they run as the pool's connections free up.
 */
export async function loadAnalysisFacts(
  db: Db,
  workspaceId: string,
  now: Date,
  /** false: the caller refreshed the fact tables on the primary already and `db` is a read replica (decision 126). */
  { refresh = true }: { refresh?: boolean } = {},
): Promise<AnalysisFacts | null> {
  const [shop] = await queryRows(
    db,
    ShopRow,
    sql`SELECT currency_code, currency_digits, iana_timezone FROM wh_shops WHERE workspace_id = ${workspaceId}`,
  );
  if (!shop) return null;
  // The per-day sums first: the days written since the last run are recomputed (decision 084).
  if (refresh) await refreshAnalysisFacts(db, workspaceId);
  const unit = 10 ** Number(shop.currency_digits);
  const validOrder = sql`o.workspace_id = ${workspaceId} AND NOT o.test AND o.cancelled_at IS NULL`;
  const lastDay = lastCompleteDay(now, shop.iana_timezone);

  // asOf first: the recent orders' window starts from it. Read backwards on the day index.
  const [bounds] = await queryRows(
    db,
    AsOfRow,
    sql`SELECT max(o.order_date)::text AS as_of FROM wh_orders o
        WHERE ${validOrder} AND o.order_date <= ${lastDay}::date`,
  );
  const asOf = bounds?.as_of;
  if (!asOf) return null;
  const recentOrderQuery = queryRows(
    db,
    RecentOrderQueryRow,
    sql`SELECT o.order_date::text AS date, o.total_minor::float8 AS total,
          o.subtotal_minor::float8 AS subtotal, o.shipping_minor::float8 AS shipping
        FROM wh_orders o
        WHERE ${validOrder} AND o.order_date > ${asOf}::date - ${RECENT_ORDER_DAYS}::int
          AND o.order_date <= ${asOf}::date`,
  );
  const customerOrdersQuery = readCustomerOrders(db, workspaceId, unit);
  const refundQuery = queryRows(
    db,
    RefundQueryRow,
    // Refunds of valid orders, grouped by what decides their order's credit (the one attribution
    // rule, decision 011).
    sql`SELECT f.refund_date::text AS date, sum(f.amount_minor)::float8 AS amount, f.has_journey,
          f.utm_source, f.utm_medium, f.source_type, f.utm_campaign, f.first_utm_source AS first_source,
          f.first_utm_medium AS first_medium, f.first_source_type AS first_type, f.first_utm_campaign AS first_campaign
        FROM wh_fact_refund_days f WHERE f.workspace_id = ${workspaceId}
        GROUP BY 1, 3, 4, 5, 6, 7, 8, 9, 10, 11`,
  );
  const variantSalesQuery = queryRows(
    db,
    VariantSalesQueryRow,
    sql`SELECT f.variant_id::text AS variant_id, f.order_date::text AS date, f.units::int AS units,
          f.revenue_minor::float8 AS revenue
        FROM wh_fact_variant_days f WHERE f.workspace_id = ${workspaceId}`,
  );
  const variantQuery = queryRows(
    db,
    VariantQueryRow,
    sql`SELECT v.variant_id::text AS variant_id, v.product_id::text AS product_id, v.title,
          p.title AS product_title, p.handle
        FROM wh_variants v
        LEFT JOIN wh_products p ON p.workspace_id = v.workspace_id AND p.product_id = v.product_id
        WHERE v.workspace_id = ${workspaceId}`,
  );
  const inventoryQuery = queryRows(
    db,
    InventoryQueryRow,
    sql`SELECT variant_id::text AS variant_id, snapshot_date::text AS date, sum(available)::int AS available
        FROM wh_inventory_snapshots WHERE workspace_id = ${workspaceId}
        GROUP BY variant_id, snapshot_date ORDER BY snapshot_date`,
  );
  const leadTimeQuery = queryRows(
    db,
    LeadTimeQueryRow,
    sql`SELECT product_id::text AS product_id, lead_time_days AS days
        FROM product_lead_times WHERE workspace_id = ${workspaceId}`,
  );
  // Every platform's campaign days of the one ad-spend reader (decision 099), Meta's first as before.
  const adDailyQuery = queryRows(
    db,
    AdDailyQueryRow,
    sql`SELECT s.platform, s.date::text AS date, s.campaign_id, s.spend_minor::float8 AS spend,
          coalesce(s.conversion_value_minor, 0)::float8 AS reported
        FROM ${adSpendRows(workspaceId)} s
        ORDER BY s.platform <> 'meta'`,
  );
  const ga4Query = queryRows(
    db,
    Ga4QueryRow,
    sql`SELECT date::text AS date, currency_code AS currency, session_source AS source, session_medium AS medium,
          purchase_revenue_minor::float8 AS revenue
        FROM wh_ga4_daily_channels WHERE workspace_id = ${workspaceId}`,
  );
  const [
    journeys,
    recentOrders,
    customerOrders,
    refunds,
    variantSales,
    variants,
    inventory,
    adCampaigns,
    adDaily,
    ga4Daily,
    leadTimes,
  ] = await Promise.all([
    readOrderJourneys(db, workspaceId, unit),
    recentOrderQuery,
    customerOrdersQuery,
    refundQuery,
    variantSalesQuery,
    variantQuery,
    inventoryQuery,
    readAdCampaigns(db, workspaceId),
    adDailyQuery,
    ga4Query,
    leadTimeQuery,
  ]);
  const ga4Days = ga4Daily.map((g) => g.date).sort();
  // GA4 reports in its property's currency: each day in the shop's, withheld (null) without a rate.
  const ga4Shop = await ga4AmountsInShopCurrency(
    db,
    workspaceId,
    shop.currency_code,
    ga4Daily,
    ga4Days[0] ?? '',
    ga4Days.at(-1) ?? '',
  );

  return factsUpTo(
    {
      currency: shop.currency_code,
      asOf,
      ...journeys,
      customerOrders,
      recentOrders: recentOrders.map((row) => ({
        date: row.date,
        subtotal: (row.subtotal ?? row.total) / unit,
        shipping: (row.shipping ?? 0) / unit,
      })),
      refunds: refunds.map((r) => {
        const credit = creditOfRow(r);
        return {
          date: r.date,
          amount: Number(r.amount) / unit,
          channel: credit.channel,
          campaign: credit.campaign,
        };
      }),
      variantSales: variantSales.map((s) => ({
        variantId: s.variant_id,
        date: s.date,
        units: Number(s.units),
        revenue: Number(s.revenue) / unit,
      })),
      variants: variants.map((v) => ({
        variantId: v.variant_id,
        productId: v.product_id,
        title: v.title,
        productTitle: v.product_title ?? v.title,
        handle: v.handle,
      })),
      // A level synced after the last order day (today's sync of a store whose last order was
      // yesterday) is the stock at asOf: the core ignores snapshots after asOf. Latest last, so it wins.
      inventory: inventory.map((i) => ({
        productId: i.variant_id,
        // biome-ignore lint/complexity/useMathMinMax: ISO dates are strings, Math.min would make them NaN
        date: i.date <= asOf ? i.date : asOf,
        available: Number(i.available),
      })),
      leadTimes: leadTimes.map((l) => ({ productId: l.product_id, days: l.days })),
      adCampaigns,
      // Meta spend is in the ad account's currency (the demo and most stores use the shop's); the
      // other platforms' was converted to the shop's at the spend day's rate (decision 104).
      adDaily: adDaily.map((d) => ({
        platform: d.platform,
        date: d.date,
        campaignId: d.campaign_id,
        spend: Number(d.spend) / unit,
        reportedValue: Number(d.reported) / unit,
      })),
      ga4Daily: ga4Daily.map((g, i) => {
        const revenue = ga4Shop.amounts[i] ?? null;
        return {
          date: g.date,
          source: g.source,
          medium: g.medium,
          revenue: revenue === null ? null : revenue / unit,
        };
      }),
    },
    asOf,
  );
}
