import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { inferStockoutSnapshots } from '../../../core/opportunities/infer-stockout-snapshots.ts';
import { computeDaysOfCover } from '../../../core/stockout/compute-days-of-cover.ts';
import type { InventorySnapshot, ProductSale } from '../../../core/types.ts';
import type { Currency } from '../../../shared/contracts/campaigns.ts';
import { lastCompleteDay } from '../../../shared/day-range.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';

export interface VariantInfo {
  variantId: string;
  productId: string;
  title: string;
  sku: string | null;
  productTitle: string;
  handle: string | null;
  tracked: boolean;
}

export interface VariantStock {
  available: number | null;
  dailyDemand: number | null;
  daysOfCover: number | null;
}

const ShopBoundRow = z.object({
  currency_code: z.string().nullable(),
  currency_digits: z.number().nullable(),
  iana_timezone: z.string().nullable(),
  last: z.string().nullable(),
});

/**
 * Shop currency and the period's last day: the last complete shop day with a valid order (live
 * orders of today do not make an unfinished day the end of "the last 30 days"; issue #36).
 */
export async function readShopBounds(db: Db, workspaceId: string, now: Date) {
  const [row] = await queryRows(
    db,
    ShopBoundRow,
    sql`SELECT
          (SELECT currency_code FROM wh_shops WHERE workspace_id = ${workspaceId}) AS currency_code,
          (SELECT currency_digits FROM wh_shops WHERE workspace_id = ${workspaceId}) AS currency_digits,
          (SELECT iana_timezone FROM wh_shops WHERE workspace_id = ${workspaceId}) AS iana_timezone,
          (SELECT max(order_date)::text FROM wh_orders
            WHERE workspace_id = ${workspaceId} AND NOT test AND cancelled_at IS NULL) AS last`,
  );
  const yesterday = lastCompleteDay(now, row?.iana_timezone ?? 'UTC');
  const currency: Currency | null =
    row?.currency_code != null ? { code: row.currency_code, digits: Number(row.currency_digits) } : null;
  const last = row?.last ?? null;
  return { currency, endDate: last === null || last <= yesterday ? last : yesterday };
}

const VariantRow = z.object({
  variant_id: z.string(),
  product_id: z.string(),
  title: z.string(),
  sku: z.string().nullable(),
  product_title: z.string().nullable(),
  handle: z.string().nullable(),
  tracked: z.boolean().nullable(),
});

export async function readVariants(db: Db, workspaceId: string, productId?: string): Promise<VariantInfo[]> {
  const rows = await queryRows(
    db,
    VariantRow,
    sql`SELECT v.variant_id::text AS variant_id, v.product_id::text AS product_id, v.title, v.sku,
          p.title AS product_title, p.handle, v.inventory_tracked AS tracked
        FROM wh_variants v
        LEFT JOIN wh_products p ON p.workspace_id = v.workspace_id AND p.product_id = v.product_id
        WHERE v.workspace_id = ${workspaceId}
          ${productId === undefined ? sql`` : sql`AND v.product_id = ${productId}`}
        ORDER BY v.product_id, v.variant_id`,
  );
  return rows.map((r) => ({
    variantId: r.variant_id,
    productId: r.product_id,
    title: r.title,
    sku: r.sku,
    productTitle: r.product_title ?? r.title,
    handle: r.handle,
    tracked: r.tracked !== false,
  }));
}

const VariantSaleRow = z.object({
  variant_id: z.string(),
  date: z.string(),
  units: z.number(),
  revenue: z.string(),
});

/** Units and revenue (minor units) per variant and shop day in [from, to], valid orders only. */
export async function readVariantSales(
  db: Db,
  workspaceId: string,
  from: string,
  to: string,
  productId?: string,
) {
  const rows = await queryRows(
    db,
    VariantSaleRow,
    sql`SELECT li.variant_id::text AS variant_id, li.order_date::text AS date,
          sum(li.quantity)::int AS units,
          sum(li.unit_price_minor * li.quantity - li.discount_minor)::text AS revenue
        FROM wh_order_line_items li
        JOIN wh_orders o ON o.workspace_id = li.workspace_id AND o.order_id = li.order_id
        WHERE li.workspace_id = ${workspaceId} AND li.order_date BETWEEN ${from} AND ${to}
          AND NOT o.test AND o.cancelled_at IS NULL AND li.variant_id IS NOT NULL
          ${productId === undefined ? sql`` : sql`AND li.product_id = ${productId}`}
        GROUP BY li.variant_id, li.order_date`,
  );
  return rows.map((r) => ({
    variantId: r.variant_id,
    date: r.date,
    units: Number(r.units),
    revenueMinor: Number(r.revenue),
  }));
}

const VariantStockRow = z.object({ variant_id: z.string(), date: z.string(), available: z.number() });

/**
 * Stock per variant at `asOf`: real snapshots (summed over locations; a level synced after asOf
 * counts as asOf's, it is the owner's stock now), completed by stock-outs inferred from sales gaps —
 * the same core steps as the analysis run, so the page and the stock-impact list agree.
 */
export async function readVariantStock(
  db: Db,
  workspaceId: string,
  sales: readonly ProductSale[],
  asOf: string,
  productId?: string,
) {
  const rows = await queryRows(
    db,
    VariantStockRow,
    sql`SELECT i.variant_id::text AS variant_id, i.snapshot_date::text AS date, sum(i.available)::int AS available
        FROM wh_inventory_snapshots i
        ${productId === undefined ? sql`` : sql`JOIN wh_variants v ON v.workspace_id = i.workspace_id AND v.variant_id = i.variant_id AND v.product_id = ${productId}`}
        WHERE i.workspace_id = ${workspaceId}
        GROUP BY i.variant_id, i.snapshot_date ORDER BY i.snapshot_date`,
  );
  const real: InventorySnapshot[] = rows.map((r) => ({
    productId: r.variant_id,
    date: r.date > asOf ? asOf : r.date,
    available: Number(r.available),
  }));
  const snapshots = inferStockoutSnapshots(real, sales, asOf);
  const stock = new Map<string, VariantStock>();
  for (const c of computeDaysOfCover(snapshots, sales, asOf)) {
    stock.set(c.productId, { available: null, dailyDemand: c.dailyDemand, daysOfCover: c.daysOfCover });
  }
  // Units on hand: the latest real level (inferred snapshots only hold placeholders); rows come in
  // date order, so of several levels clamped to asOf the latest wins here as in the core.
  const latest = new Map<string, { date: string; available: number }>();
  for (const r of real) {
    const previous = latest.get(r.productId);
    if (!previous || r.date >= previous.date) latest.set(r.productId, r);
  }
  for (const [variantId, { available }] of latest) {
    const entry = stock.get(variantId) ?? { available: null, dailyDemand: null, daysOfCover: null };
    stock.set(variantId, { ...entry, available });
  }
  return { stock, snapshots };
}
