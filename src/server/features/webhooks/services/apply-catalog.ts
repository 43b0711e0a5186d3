import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { localDayOf } from '../../../../shared/calendar.ts';
import type { RestInventoryLevelSchema, RestProduct } from '../../../../shared/contracts/webhooks.ts';
import { parseDecimalToMinor } from '../../../../shared/money.ts';
import type { Db } from '../../../db/client.ts';
import { PRODUCT_SPEC, type ShopContext, VARIANT_SPEC } from '../../../domain/warehouse/shopify-rows.ts';
import { type UpsertSpec, upsertRows } from '../../../domain/warehouse/upsert-rows.ts';

/** What a products/update payload says about a product: not its inventory total (the sync's). */
const WEBHOOK_PRODUCT_SPEC: UpsertSpec = {
  ...PRODUCT_SPEC,
  newerOnly: 'updated_at',
  columns: PRODUCT_SPEC.columns.filter((column) => column.name !== 'total_inventory'),
};

/** Variants as REST describes them: no unit cost or tracking flag (those stay as the sync wrote them). */
const WEBHOOK_VARIANT_SPEC: UpsertSpec = {
  ...VARIANT_SPEC,
  columns: VARIANT_SPEC.columns.filter(
    (column) => column.name !== 'unit_cost_minor' && column.name !== 'inventory_tracked',
  ),
};

/** products/update: the product and its variants, unless a newer update of the product is stored. */
export async function applyProduct(db: Db, shop: ShopContext, product: RestProduct): Promise<string> {
  return db.transaction(async (tx) => {
    await upsertRows(tx, WEBHOOK_PRODUCT_SPEC, [
      {
        workspace_id: shop.workspaceId,
        product_id: product.id,
        title: product.title,
        handle: product.handle ?? null,
        status: product.status ? product.status.toUpperCase() : null,
        vendor: product.vendor ?? null,
        product_type: product.product_type ?? null,
        created_at: product.created_at ? new Date(product.created_at).toISOString() : null,
        updated_at: new Date(product.updated_at).toISOString(),
        synced_at: shop.syncedAt,
      },
    ]);
    const result = await tx.execute(
      sql`SELECT 1 FROM wh_products WHERE workspace_id = ${shop.workspaceId} AND product_id = ${product.id}
            AND updated_at > ${new Date(product.updated_at).toISOString()}::timestamptz`,
    );
    if ((result as unknown as { rows: unknown[] }).rows.length > 0) return 'stale';
    await upsertRows(
      tx,
      WEBHOOK_VARIANT_SPEC,
      product.variants.map((variant) => ({
        workspace_id: shop.workspaceId,
        variant_id: variant.id,
        product_id: product.id,
        title: variant.title,
        sku: variant.sku ?? null,
        price_minor:
          variant.price === null || variant.price === undefined
            ? null
            : parseDecimalToMinor(variant.price, shop.currencyDigits),
        currency_code: shop.currencyCode,
        inventory_item_id: variant.inventory_item_id ?? null,
        inventory_quantity: variant.inventory_quantity ?? null,
        synced_at: shop.syncedAt,
      })),
    );
    return 'applied';
  });
}

/**
 * inventory_levels/update: today's snapshot row of the variant at that location (shop day of the
 * update), when the variant of the inventory item is known. A later update of the same day wins;
 * an older one (out of order) is ignored through `captured_at`.
 */
export async function applyInventoryLevel(
  db: Db,
  shop: ShopContext,
  level: z.infer<typeof RestInventoryLevelSchema>,
): Promise<string> {
  const updatedAt = new Date(level.updated_at).toISOString();
  const result = await db.execute(
    sql`INSERT INTO wh_inventory_snapshots AS t (workspace_id, snapshot_date, variant_id, location_id, available, captured_at)
        SELECT ${shop.workspaceId}, ${localDayOf(updatedAt, shop.timeZone)}::date, v.variant_id, ${level.location_id},
          ${level.available ?? 0}, ${updatedAt}::timestamptz
        FROM wh_variants v
        WHERE v.workspace_id = ${shop.workspaceId} AND v.inventory_item_id = ${level.inventory_item_id}
        ON CONFLICT (workspace_id, snapshot_date, variant_id, location_id) DO UPDATE
          SET available = EXCLUDED.available, captured_at = EXCLUDED.captured_at
          WHERE EXCLUDED.captured_at >= t.captured_at
        RETURNING 1`,
  );
  return (result as unknown as { rows: unknown[] }).rows.length > 0 ? 'applied' : 'unknown variant';
}
