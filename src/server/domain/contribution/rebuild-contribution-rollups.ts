import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { joinInFlight } from '../../caches.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import type { CachedReads } from '../../http/deps.ts';
import { CREDIT_COLUMNS } from '../metrics/load-attribution.ts';
import { readRollupVersions } from '../profit/profit-queries.ts';
import {
  FEE_RULE_JOIN,
  FEE_TRANSACTION,
  LINE_UNITS_WITH_COST,
  ORDER_SALE,
  SALE_ORDER,
  SHIPPING_COST_JOIN,
  TRANSACTION_FEE,
} from './contribution-sql.ts';

/**
 * The contribution rollups (decision 060): `product_profit_daily` for GET /api/products/profit and
 * `cohort_profit_rollup` for GET /api/customers/cohort-profit, rebuilt from the warehouse when its
 * version (the profit rollup's, `readRollupVersions`) moves, by the analysis job after each sync
 * or by the first read that finds them behind. The reads then only add small tables up.
 */

/**
 * Product rows per shop day (decision 038), from the same facts and fallbacks as contribution-sql.ts:
 * a product's own lines on the order day (gross sales: Shopify's, without shipping — decision 109),
 * its refunded lines on the refund day, and its share of the order-level amounts of each day the
 * order is touched — shipping charged (order day) less shipping refunded (refund day), the order's
 * discounts beyond its lines', the shipping cost (order day), payment fees (transaction day) — shared among the order's lines by `core/profit/allocate-by-weight.ts`'s cumulative
 * floor in SQL: weights are the lines' net values (price × quantity − line discount, negatives as
 * 0), else their units, else equal; lines in line id order.
 */
const insertProductDays = (workspaceId: string) => sql`
  INSERT INTO product_profit_daily (workspace_id, day, product_id, gross_sales_minor, shipping_charges_minor,
    discounts_minor, returns_minor, cogs_minor, shipping_minor, payment_fees_minor, units, units_with_cost,
    cogs_estimated, shipping_estimated)
  WITH sale AS MATERIALIZED (
    SELECT o.order_id, o.order_date, coalesce(o.shipping_minor, 0) AS shipping_charged,
      ${ORDER_SALE.discounts} AS discounts, ${ORDER_SALE.shipping} AS shipping_cost,
      ${ORDER_SALE.shippingEstimated} = 1 AS shipping_estimated
    FROM wh_orders o ${SHIPPING_COST_JOIN}
    WHERE o.workspace_id = ${workspaceId} AND ${SALE_ORDER}),
  lines AS MATERIALIZED (
    SELECT li.order_id, li.line_item_id, li.product_id, li.quantity AS units,
      li.unit_price_minor * li.quantity AS price, li.discount_minor AS discount,
      coalesce(li.unit_cost_minor, 0) * li.quantity AS cogs, ${LINE_UNITS_WITH_COST} AS units_with_cost,
      coalesce(li.cost_estimated, false) AND li.quantity > 0 AS cogs_estimated
    FROM wh_order_line_items li JOIN sale o ON o.order_id = li.order_id
    WHERE li.workspace_id = ${workspaceId}),
  valued AS (
    SELECT l.*, CASE WHEN bool_or(l.price - l.discount > 0) OVER (PARTITION BY l.order_id)
        THEN greatest(l.price - l.discount, 0) ELSE greatest(l.units, 0) END AS value
    FROM lines l),
  weighted AS (
    SELECT v.*, sum(v.weight) OVER (PARTITION BY v.order_id ORDER BY v.line_item_id ROWS UNBOUNDED PRECEDING) AS upto,
      sum(v.weight) OVER (PARTITION BY v.order_id) AS total
    FROM (SELECT valued.*, CASE WHEN max(value) OVER (PARTITION BY order_id) > 0 THEN value ELSE 1 END AS weight
      FROM valued) v),
  line_discounts AS (SELECT order_id, sum(discount) AS discount FROM lines GROUP BY order_id),
  events AS (
    SELECT order_id, day, sum(shipc) AS shipc, sum(disc) AS disc, sum(ship) AS ship, sum(fees) AS fees,
      bool_or(placed) AS placed
    FROM (
      SELECT o.order_id, o.order_date AS day, o.shipping_charged AS shipc,
        o.discounts - coalesce(d.discount, 0) AS disc, o.shipping_cost AS ship, 0 AS fees, true AS placed
      FROM sale o LEFT JOIN line_discounts d ON d.order_id = o.order_id
      UNION ALL
      SELECT t.order_id, t.transaction_date, 0, 0, 0, ${TRANSACTION_FEE}, false
      FROM wh_order_transactions t JOIN sale o ON o.order_id = t.order_id ${FEE_RULE_JOIN}
      WHERE t.workspace_id = ${workspaceId} AND ${FEE_TRANSACTION}
      UNION ALL
      SELECT r.order_id, r.refund_date, -coalesce(r.shipping_minor, 0), 0, 0, 0, false
      FROM wh_refunds r JOIN sale o ON o.order_id = r.order_id
      WHERE r.workspace_id = ${workspaceId}) e
    GROUP BY order_id, day),
  shares AS (
    SELECT e.day, e.placed, w.order_id, w.product_id,
      floor(e.shipc::numeric * w.upto / w.total) - floor(e.shipc::numeric * (w.upto - w.weight) / w.total) AS shipc,
      floor(e.disc::numeric * w.upto / w.total) - floor(e.disc::numeric * (w.upto - w.weight) / w.total) AS disc,
      floor(e.ship::numeric * w.upto / w.total) - floor(e.ship::numeric * (w.upto - w.weight) / w.total) AS ship,
      floor(e.fees::numeric * w.upto / w.total) - floor(e.fees::numeric * (w.upto - w.weight) / w.total) AS fees
    FROM events e JOIN weighted w ON w.order_id = e.order_id)
  SELECT ${workspaceId}::uuid, day, product_id, sum(gross), sum(shipc), sum(disc), sum(ret), sum(cogs), sum(ship),
    sum(fees), sum(units), sum(units_with_cost), bool_or(cogs_estimated), bool_or(ship_estimated)
  FROM (
    -- Own lines, on the order day.
    SELECT o.order_date AS day, l.product_id, l.price AS gross, 0 AS shipc, l.discount AS disc, 0 AS ret, l.cogs,
      0 AS ship, 0 AS fees, l.units, l.units_with_cost, l.cogs_estimated, false AS ship_estimated
    FROM lines l JOIN sale o ON o.order_id = l.order_id
    UNION ALL
    -- Shares of each touched day's order-level amounts.
    SELECT s.day, s.product_id, 0, s.shipc, s.disc, 0, 0, s.ship, s.fees, 0, 0, false,
      s.placed AND o.shipping_estimated AND s.ship <> 0
    FROM shares s JOIN sale o ON o.order_id = s.order_id
    UNION ALL
    -- An order without lines: its order-level amounts have no product to go to.
    SELECT e.day, NULL, 0, e.shipc, e.disc, 0, 0, e.ship, e.fees, 0, 0, false, false
    FROM events e WHERE NOT EXISTS (SELECT 1 FROM lines l WHERE l.order_id = e.order_id)
    UNION ALL
    -- Refunded lines, on the refund day; a line the order no longer lists counts under no product.
    SELECT rl.refund_date, CASE WHEN li.order_id = rl.order_id THEN li.product_id END, 0, 0, 0, rl.subtotal_minor,
      -(CASE WHEN rl.restocked THEN coalesce(li.unit_cost_minor, 0) * rl.quantity ELSE 0 END), 0, 0, 0, 0,
      false, false
    FROM wh_refund_line_items rl JOIN sale o ON o.order_id = rl.order_id
    LEFT JOIN wh_order_line_items li ON li.workspace_id = rl.workspace_id AND li.line_item_id = rl.line_item_id
    WHERE rl.workspace_id = ${workspaceId}) x
  GROUP BY day, product_id`;

/**
 * Cohort rows (decision 039, customers as decision 056): each customer's orders by the cohort and
 * credit of their first order and the month since it, with every refund counted with its order;
 * guest checkouts in one row of their own.
 */
const insertCohorts = (workspaceId: string) => sql`
  INSERT INTO cohort_profit_rollup (workspace_id, guest, cohort, has_journey, utm_source, utm_medium, source_type,
    utm_campaign, first_source, first_medium, first_type, first_campaign, month, customers, gross_sales_minor,
    shipping_charges_minor, discounts_minor, cogs_minor, shipping_minor, payment_fees_minor, returns_minor,
    restocked_cogs_minor, units, units_with_cost, last_day)
  WITH sale AS MATERIALIZED (
    SELECT o.order_id, o.customer_id, o.order_date, o.shipping_minor, o.discount_minor
    FROM wh_orders o WHERE o.workspace_id = ${workspaceId} AND ${SALE_ORDER}),
  lines AS (
    SELECT li.order_id, sum(li.unit_price_minor * li.quantity) AS items,
      sum(coalesce(li.unit_cost_minor, 0) * li.quantity) AS cogs, sum(li.quantity) AS units,
      sum(${LINE_UNITS_WITH_COST}) AS units_with_cost
    FROM wh_order_line_items li WHERE li.workspace_id = ${workspaceId} GROUP BY li.order_id),
  ship AS (
    SELECT DISTINCT ON (s.order_id) s.order_id, s.cost_minor FROM wh_order_shipping_costs s
    WHERE s.workspace_id = ${workspaceId} ORDER BY s.order_id, s.source = 'import' DESC),
  fees AS (
    SELECT t.order_id, sum(${TRANSACTION_FEE}) AS fees
    FROM wh_order_transactions t ${FEE_RULE_JOIN}
    WHERE t.workspace_id = ${workspaceId} AND ${FEE_TRANSACTION} GROUP BY t.order_id),
  refund_lines AS (
    SELECT rl.refund_id, sum(rl.subtotal_minor) AS subtotal,
      sum(CASE WHEN rl.restocked THEN coalesce(li.unit_cost_minor, 0) * rl.quantity ELSE 0 END) AS restocked
    FROM wh_refund_line_items rl
    LEFT JOIN wh_order_line_items li ON li.workspace_id = rl.workspace_id AND li.line_item_id = rl.line_item_id
    WHERE rl.workspace_id = ${workspaceId} GROUP BY rl.refund_id),
  refunds AS (
    SELECT r.order_id, sum(coalesce(rl.subtotal, 0)) AS returns,
      sum(coalesce(r.shipping_minor, 0)) AS shipping_refunded,
      sum(coalesce(rl.restocked, 0)) AS restocked
    FROM wh_refunds r LEFT JOIN refund_lines rl ON rl.refund_id = r.refund_id
    WHERE r.workspace_id = ${workspaceId} GROUP BY r.order_id),
  orders AS MATERIALIZED (
    SELECT o.order_id, o.customer_id, o.order_date,
      coalesce(l.items, 0) AS gross_sales,
      coalesce(o.shipping_minor, 0) - coalesce(rf.shipping_refunded, 0) AS shipping_charges,
      coalesce(o.discount_minor, 0) AS discounts, coalesce(l.cogs, 0) AS cogs,
      coalesce(sh.cost_minor, o.shipping_minor, 0) AS shipping, coalesce(f.fees, 0) AS payment_fees,
      coalesce(rf.returns, 0) AS returns, -coalesce(rf.restocked, 0) AS restocked_cogs,
      coalesce(l.units, 0) AS units, coalesce(l.units_with_cost, 0) AS units_with_cost
    FROM sale o LEFT JOIN lines l ON l.order_id = o.order_id LEFT JOIN ship sh ON sh.order_id = o.order_id
    LEFT JOIN fees f ON f.order_id = o.order_id LEFT JOIN refunds rf ON rf.order_id = o.order_id),
  firsts AS (
    SELECT DISTINCT ON (o.customer_id) o.customer_id, o.order_id AS first_order_id,
      o.order_date AS first_date, ${CREDIT_COLUMNS}
    FROM wh_orders o
    WHERE o.workspace_id = ${workspaceId} AND ${SALE_ORDER} AND o.customer_id IS NOT NULL
    ORDER BY o.customer_id, o.created_at, o.order_id)
  SELECT ${workspaceId}::uuid, false, to_char(f.first_date, 'YYYY-MM'), f.has_journey, f.utm_source, f.utm_medium,
    f.source_type, f.utm_campaign, f.first_source, f.first_medium, f.first_type, f.first_campaign,
    ((extract(year FROM x.order_date) * 12 + extract(month FROM x.order_date))
      - (extract(year FROM f.first_date) * 12 + extract(month FROM f.first_date)))::int,
    count(*) FILTER (WHERE x.order_id = f.first_order_id), sum(x.gross_sales), sum(x.shipping_charges),
    sum(x.discounts), sum(x.cogs),
    sum(x.shipping), sum(x.payment_fees), sum(x.returns), sum(x.restocked_cogs), sum(x.units),
    sum(x.units_with_cost), max(x.order_date)
  FROM orders x JOIN firsts f ON f.customer_id = x.customer_id
  GROUP BY 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13
  UNION ALL
  SELECT ${workspaceId}::uuid, true, '', false, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, count(*),
    sum(x.gross_sales), sum(x.shipping_charges), sum(x.discounts), sum(x.cogs), sum(x.shipping),
    sum(x.payment_fees), sum(x.returns),
    sum(x.restocked_cogs), sum(x.units), sum(x.units_with_cost), max(x.order_date)
  FROM orders x WHERE x.customer_id IS NULL HAVING count(*) > 0`;

const BuiltRow = z.object({ version: z.string() });

/**
 * Replaces a workspace's contribution rollups with sums over its warehouse facts and records
 * `version` (null: no sync ever ran, rebuilt and not recorded), in one transaction under a
 * per-workspace advisory lock; readers see the previous rows until it commits. JIT is off: these
 * statements' estimates run into the billions and compiling took longer than running them.
 */
export async function rebuildContributionRollups(
  db: Db,
  workspaceId: string,
  version: string | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL jit = off`);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`contribution-rollups:${workspaceId}`}))`);
    const [built] = await queryRows(
      tx,
      BuiltRow,
      sql`SELECT version FROM contribution_rollup_versions WHERE workspace_id = ${workspaceId}`,
    );
    if (version !== null && built?.version === version) return;
    await tx.execute(sql`DELETE FROM product_profit_daily WHERE workspace_id = ${workspaceId}`);
    await tx.execute(sql`DELETE FROM cohort_profit_rollup WHERE workspace_id = ${workspaceId}`);
    await tx.execute(insertProductDays(workspaceId));
    await tx.execute(insertCohorts(workspaceId));
    if (version === null) return;
    await tx.execute(sql`
      INSERT INTO contribution_rollup_versions (workspace_id, version, built_at)
      VALUES (${workspaceId}, ${version}, now())
      ON CONFLICT (workspace_id) DO UPDATE SET version = EXCLUDED.version, built_at = EXCLUDED.built_at`);
  });
}

const VersionRow = z.object({ version: z.string().nullable() });

/**
 * Brings the contribution rollups up to the warehouse's current version (`current`, read by the
 * caller or here): nothing when they are built from it, else one rebuild shared by concurrent
 * callers in this process. Without any sync (null) they are rebuilt on every call, so a warehouse
 * filled by other means is still read right.
 */
export async function refreshContributionRollups(
  { db, caches }: CachedReads,
  workspaceId: string,
  current?: string | null,
): Promise<void> {
  const version = current === undefined ? (await readRollupVersions(db, workspaceId)).current : current;
  if (version !== null) {
    const [built] = await queryRows(
      db,
      VersionRow,
      sql`SELECT version FROM contribution_rollup_versions WHERE workspace_id = ${workspaceId}`,
    );
    if (built?.version === version) return;
  }
  await joinInFlight(caches.inFlight, `contribution-rollups/${workspaceId}/${version}`, () =>
    rebuildContributionRollups(db, workspaceId, version),
  );
}
