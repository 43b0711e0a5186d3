import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { channelOf } from '../../../core/pipeline/channel-of.ts';
import type { DashboardKpis } from '../../../shared/contracts/dashboard.ts';
import { currencyDigitsOf, minorToDecimal } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { queryRowsWithoutJit } from '../../db/query-rows.ts';
import { adSpendRows } from '../metrics/ad-spend-rows.ts';
import { validOrderOf } from '../metrics/metric-window.ts';
import { countKpi, salesKpis } from '../metrics/sales-kpis.ts';
import { describeAds, platformsOf } from './describe-ads.ts';

const TOP_PRODUCTS = 5;
const TOP_CHANNELS = 6;

/** Warehouse reads with JIT off: at 1M orders compiling these aggregates cost more than it saved. */
const readWithoutJit = queryRowsWithoutJit;

/** Money and counts come back as text (exact: bigint sums never pass through a float). */
const toNumber = (value: string | number | null | undefined) =>
  value === null || value === undefined ? 0 : Number(value);

export type PeriodFigures = Pick<
  DashboardKpis,
  'adSpendCurrency' | 'adsNote' | 'topProducts' | 'channels' | 'adPlatforms'
> & {
  kpis: Omit<NonNullable<DashboardKpis['kpis']>, 'metaRoas'> | null;
};

const SaleRow = z.object({ current: z.boolean(), orders: z.number(), gross: z.string().nullable() });

const RefundRow = z.object({ current: z.boolean(), refunds: z.number(), amount: z.string().nullable() });

const CustomerRow = z.object({
  new_current: z.number(),
  returning_current: z.number(),
  new_previous: z.number(),
  returning_previous: z.number(),
});

const SpendRow = z.object({
  current: z.boolean(),
  platform: z.string(),
  spend: z.string().nullable(),
  value: z.string().nullable(),
  currencies: z.string(),
});

const ProductRow = z.object({
  product_id: z.string(),
  title: z.string(),
  units: z.number(),
  sales: z.string(),
});

const ChannelRow = z.object({
  utm_source: z.string().nullable(),
  utm_medium: z.string().nullable(),
  source_type: z.string().nullable(),
  orders: z.number(),
  sales: z.string(),
});

/** The heavy part: exact sums over the period and the one before it, top products and channels. */
export async function readPeriodFigures(
  db: Db,
  workspaceId: string,
  range: {
    start: string;
    end: string;
    previousStart: string;
    previousEnd: string;
    shopCurrency: string;
    shopDigits: number;
    adsConnected: boolean;
  },
): Promise<PeriodFigures> {
  const { start, end, previousStart, previousEnd } = range;
  const validOrder = validOrderOf(workspaceId);
  const inCurrent = (column: SQL) => sql`(${column} >= ${start}::date)`;
  // The range and its comparison (just before it, or a year back with a gap between).
  const inEither = (column: SQL) =>
    sql`(${column} BETWEEN ${previousStart}::date AND ${previousEnd}::date OR ${column} BETWEEN ${start}::date AND ${end}::date)`;
  const [sales, refunds, customers, spend, products, channelRows] = await Promise.all([
    readWithoutJit(
      db,
      SaleRow,
      sql`SELECT ${inCurrent(sql`o.order_date`)} AS current, count(*)::int AS orders,
            sum(o.total_minor)::text AS gross
          FROM wh_orders o
          WHERE ${validOrder} AND ${inEither(sql`o.order_date`)}
          GROUP BY 1`,
    ),
    // Refunds of orders that count as sales (a cancelled order's refund must not be subtracted twice).
    // Each refund looks its order up by primary key: OFFSET 0 keeps the subquery a lookup per refund,
    // where a join was planned as a hash join over every order of the store (~0.2 s at 1M orders).
    readWithoutJit(
      db,
      RefundRow,
      sql`SELECT ${inCurrent(sql`r.refund_date`)} AS current, count(*)::int AS refunds,
            sum(r.amount_minor)::text AS amount
          FROM wh_refunds r
          CROSS JOIN LATERAL (SELECT FROM wh_orders o
            WHERE o.workspace_id = r.workspace_id AND o.order_id = r.order_id AND ${validOrder} OFFSET 0) o
          WHERE r.workspace_id = ${workspaceId}
            AND ${inEither(sql`r.refund_date`)}
          GROUP BY 1`,
    ),
    readWithoutJit(
      db,
      CustomerRow,
      // Each active customer's first valid order day, found once (a LATERAL join): as a column of
      // an inlined CTE the subquery was repeated in each of the four counts, four descents each.
      sql`WITH active AS (
            SELECT o.customer_id,
              bool_or(o.order_date >= ${start}::date) AS in_current,
              bool_or(o.order_date < ${start}::date) AS in_previous
            FROM wh_orders o
            WHERE ${validOrder} AND o.customer_id IS NOT NULL
              AND ${inEither(sql`o.order_date`)}
            GROUP BY o.customer_id
          )
          SELECT
            count(*) FILTER (WHERE in_current AND first_day >= ${start}::date)::int AS new_current,
            count(*) FILTER (WHERE in_current AND first_day < ${start}::date)::int AS returning_current,
            count(*) FILTER (WHERE in_previous AND first_day >= ${previousStart}::date)::int AS new_previous,
            count(*) FILTER (WHERE in_previous AND first_day < ${previousStart}::date)::int AS returning_previous
          FROM active a
          CROSS JOIN LATERAL (SELECT min(f.order_date) AS first_day FROM wh_orders f
            WHERE f.workspace_id = ${workspaceId} AND f.customer_id = a.customer_id
              AND NOT f.test AND f.cancelled_at IS NULL) f`,
    ),
    readWithoutJit(
      db,
      SpendRow,
      sql`SELECT ${inCurrent(sql`s.date`)} AS current, s.platform, sum(s.spend_minor)::text AS spend,
            sum(s.conversion_value_minor)::text AS value, string_agg(DISTINCT s.currency_code, ',') AS currencies
          FROM ${adSpendRows(workspaceId)} s
          WHERE ${inEither(sql`s.date`)}
          GROUP BY 1, 2`,
    ),
    readWithoutJit(
      db,
      ProductRow,
      sql`SELECT coalesce(li.product_id::text, 'item:' || li.title) AS product_id,
            coalesce(max(p.title), max(li.title)) AS title,
            sum(li.quantity)::int AS units,
            sum(li.unit_price_minor * li.quantity - li.discount_minor)::text AS sales
          FROM wh_order_line_items li
          JOIN wh_orders o ON o.workspace_id = li.workspace_id AND o.order_id = li.order_id
          LEFT JOIN wh_products p ON p.workspace_id = li.workspace_id AND p.product_id = li.product_id
          WHERE li.workspace_id = ${workspaceId} AND ${validOrder}
            AND li.order_date BETWEEN ${start}::date AND ${end}::date
            -- The same on the order (line items copy its day): the period's orders, not all of them.
            AND o.order_date BETWEEN ${start}::date AND ${end}::date
          GROUP BY 1
          ORDER BY sum(li.unit_price_minor * li.quantity - li.discount_minor) DESC, 1
          LIMIT ${TOP_PRODUCTS}`,
    ),
    readWithoutJit(
      db,
      ChannelRow,
      sql`SELECT o.utm_source, o.utm_medium, o.source_type, count(*)::int AS orders,
            sum(o.total_minor)::text AS sales
          FROM wh_orders o
          WHERE ${validOrder} AND o.order_date BETWEEN ${start}::date AND ${end}::date
          GROUP BY 1, 2, 3`,
    ),
  ]);

  const pick = <T extends { current: boolean }>(rows: T[], current: boolean) =>
    rows.find((r) => r.current === current);
  const grossNow = toNumber(pick(sales, true)?.gross);
  const grossThen = toNumber(pick(sales, false)?.gross);
  const ordersNow = toNumber(pick(sales, true)?.orders);
  const ordersThen = toNumber(pick(sales, false)?.orders);
  const refundsNow = toNumber(pick(refunds, true)?.amount);
  const refundsThen = toNumber(pick(refunds, false)?.amount);
  const c = customers[0];

  const spendCurrencies = [...new Set(spend.flatMap((r) => r.currencies.split(',')))];
  const spendOf = (current: boolean) =>
    spend.filter((r) => r.current === current).reduce((sum, r) => sum + toNumber(r.spend), 0);
  const spendNow = spendOf(true);
  const spendThen = spendOf(false);
  const digits = range.shopDigits;
  const digitsOf = (currency: string) =>
    currency === range.shopCurrency ? digits : currencyDigitsOf(currency);
  const ads = describeAds({
    digitsOf,
    adsConnected: range.adsConnected,
    spendCurrencies,
    shopCurrency: range.shopCurrency,
    spendNow,
    spendThen,
    revenueNow: grossNow - refundsNow,
    revenueThen: grossThen - refundsThen,
  });

  const byChannel = new Map<string, { orders: number; sales: number }>();
  for (const row of channelRows) {
    const channel = channelOf(row.utm_source, row.utm_medium, row.source_type);
    const entry = byChannel.get(channel) ?? { orders: 0, sales: 0 };
    entry.orders += toNumber(row.orders);
    entry.sales += toNumber(row.sales);
    byChannel.set(channel, entry);
  }

  return {
    kpis: {
      ...salesKpis({ grossNow, grossThen, refundsNow, refundsThen, ordersNow, ordersThen }, digits),
      refundCount: countKpi(toNumber(pick(refunds, true)?.refunds), toNumber(pick(refunds, false)?.refunds)),
      newCustomers: countKpi(toNumber(c?.new_current), toNumber(c?.new_previous)),
      returningCustomers: countKpi(toNumber(c?.returning_current), toNumber(c?.returning_previous)),
      adSpend: ads.adSpend,
      roas: ads.roas,
    },
    // The platforms' amounts are in the currency the page shows them in: the spend's, else the shop's.
    adPlatforms: platformsOf(spend, digitsOf(ads.currency ?? range.shopCurrency)),
    adSpendCurrency: ads.currency,
    adsNote: ads.note,
    topProducts: products.map((p) => ({
      productId: p.product_id,
      title: p.title,
      units: toNumber(p.units),
      sales: minorToDecimal(toNumber(p.sales), digits),
    })),
    channels: [...byChannel]
      .sort(([a, x], [b, y]) => y.sales - x.sales || a.localeCompare(b))
      .slice(0, TOP_CHANNELS)
      .map(([channel, v]) => ({
        channel,
        orders: v.orders,
        sales: minorToDecimal(v.sales, digits),
        share: grossNow > 0 ? (v.sales / grossNow) * 100 : 0,
      })),
  };
}
