import { sql } from 'drizzle-orm';
import type { ProfitDay } from '../../../core/profit/summarize-profit-days.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';

/**
 * The profit report's SQL: the shop, the warehouse version, the daily rollup (rebuild and read).
 * Amounts come back as text (bigint sums never pass through a float) and are parsed as integers.
 */

export interface ProfitShop {
  currencyCode: string;
  currencyDigits: number;
  timeZone: string;
}

export async function findProfitShop(db: Db, workspaceId: string): Promise<ProfitShop | null> {
  const [shop] = await queryRows<{ currency_code: string; currency_digits: number; iana_timezone: string }>(
    db,
    sql`SELECT currency_code, currency_digits, iana_timezone FROM wh_shops WHERE workspace_id = ${workspaceId}`,
  );
  return shop
    ? {
        currencyCode: shop.currency_code,
        currencyDigits: Number(shop.currency_digits),
        timeZone: shop.iana_timezone,
      }
    : null;
}

/**
 * The warehouse version the rollup is built from, and the version it was last built at. Every
 * sync commit moves a source's cursor and `updated_at`, so their digest changes whenever a fact
 * the rollup reads may have changed.
 */
export async function readRollupVersions(
  db: Db,
  workspaceId: string,
): Promise<{ current: string | null; built: string | null }> {
  const [row] = await queryRows<{ current: string | null; built: string | null }>(
    db,
    sql`SELECT
          (SELECT md5(string_agg(source || updated_at::text || cursor::text, '|' ORDER BY source))
             FROM sync_states WHERE workspace_id = ${workspaceId}) AS current,
          (SELECT version FROM profit_rollup_versions WHERE workspace_id = ${workspaceId}) AS built`,
  );
  return { current: row?.current ?? null, built: row?.built ?? null };
}

/** Orders that count as sales (alias `o`, decision 010): not test, not cancelled. */
const saleOrder = sql`NOT o.test AND o.cancelled_at IS NULL`;

/**
 * Replaces a workspace's rollup rows with sums over its warehouse facts and records `version`,
 * in one transaction under a per-workspace advisory lock (a second builder waits, then finds the
 * version built and does nothing). Readers keep seeing the previous rows until it commits.
 */
export async function rebuildProfitDaily(db: Db, workspaceId: string, version: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL jit = off`);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`profit-rollup:${workspaceId}`}))`);
    const [built] = await queryRows<{ version: string }>(
      tx,
      sql`SELECT version FROM profit_rollup_versions WHERE workspace_id = ${workspaceId}`,
    );
    if (built?.version === version) return false;
    await tx.execute(sql`DELETE FROM profit_daily WHERE workspace_id = ${workspaceId}`);
    await tx.execute(sql`
      INSERT INTO profit_daily (workspace_id, day, gross_sales_minor, discounts_minor, returns_minor,
        cogs_minor, cogs_estimated_minor, shipping_minor, payment_fees_minor, marketing_minor,
        sale_orders, units_sold, units_with_cost)
      SELECT ${workspaceId}, day, sum(gross_sales), sum(discounts), sum(returns), sum(cogs),
        sum(cogs_estimated), sum(shipping), sum(payment_fees), sum(marketing), sum(sale_orders),
        sum(units_sold), sum(units_with_cost)
      FROM (
        -- Orders: shipping charged, discounts and the order count on the order day.
        SELECT o.order_date AS day, coalesce(o.shipping_minor, 0) AS gross_sales,
          coalesce(o.discount_minor, 0) AS discounts, 0 AS returns, 0 AS cogs, 0 AS cogs_estimated,
          0 AS shipping, 0 AS payment_fees, 0 AS marketing, 1 AS sale_orders, 0 AS units_sold,
          0 AS units_with_cost
        FROM wh_orders o WHERE o.workspace_id = ${workspaceId} AND ${saleOrder}
        UNION ALL
        -- Lines: price × quantity on the order day, and the units sold.
        SELECT li.order_date, li.unit_price_minor * li.quantity, 0, 0, 0, 0, 0, 0, 0, 0,
          li.quantity AS units_sold, 0
        FROM wh_order_line_items li
        JOIN wh_orders o ON o.workspace_id = li.workspace_id AND o.order_id = li.order_id
        WHERE li.workspace_id = ${workspaceId} AND ${saleOrder}
        UNION ALL
        -- Refunds of orders that count as sales, on the refund day.
        SELECT r.refund_date, 0, 0, r.amount_minor AS returns, 0, 0, 0, 0, 0, 0, 0, 0
        FROM wh_refunds r
        JOIN wh_orders o ON o.workspace_id = r.workspace_id AND o.order_id = r.order_id
        WHERE r.workspace_id = ${workspaceId} AND ${saleOrder}
        UNION ALL
        -- Marketing: Meta spend of every campaign on the ad account's day.
        SELECT d.date, 0, 0, 0, 0, 0, 0, 0, d.spend_minor AS marketing, 0, 0, 0
        FROM wh_meta_daily_insights d WHERE d.workspace_id = ${workspaceId}
      ) facts
      GROUP BY day`);
    await tx.execute(sql`
      INSERT INTO profit_rollup_versions (workspace_id, version, built_at)
      VALUES (${workspaceId}, ${version}, now())
      ON CONFLICT (workspace_id) DO UPDATE SET version = EXCLUDED.version, built_at = EXCLUDED.built_at`);
    return true;
  });
}

/** The rollup rows of `from`..`to` (days without a row had no activity); expenses are added later. */
export async function readProfitDays(
  db: Db,
  workspaceId: string,
  from: string,
  to: string,
): Promise<Array<Omit<ProfitDay, 'expenses'> & { saleOrders: number }>> {
  const rows = await queryRows<Record<string, string>>(
    db,
    sql`SELECT day::text AS day, gross_sales_minor::text AS gross_sales, discounts_minor::text AS discounts,
          returns_minor::text AS returns, cogs_minor::text AS cogs,
          cogs_estimated_minor::text AS cogs_estimated, shipping_minor::text AS shipping,
          payment_fees_minor::text AS payment_fees, marketing_minor::text AS marketing,
          sale_orders::text AS sale_orders, units_sold::text AS units_sold,
          units_with_cost::text AS units_with_cost
        FROM profit_daily
        WHERE workspace_id = ${workspaceId} AND day BETWEEN ${from}::date AND ${to}::date
        ORDER BY day`,
  );
  return rows.map((r) => ({
    day: String(r.day),
    grossSales: Number(r.gross_sales),
    discounts: Number(r.discounts),
    returns: Number(r.returns),
    cogs: Number(r.cogs),
    cogsEstimated: Number(r.cogs_estimated),
    shipping: Number(r.shipping),
    paymentFees: Number(r.payment_fees),
    marketing: Number(r.marketing),
    saleOrders: Number(r.sale_orders),
    unitsSold: Number(r.units_sold),
    unitsWithCost: Number(r.units_with_cost),
  }));
}
