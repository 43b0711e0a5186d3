import { sql } from 'drizzle-orm';
import { LEDGER_FIRST_DAY } from '../../../shared/contracts/costs.ts';
import type { Db } from '../../db/client.ts';

/**
 * Records Shopify's `inventoryItem.unitCost` of the just-synced variants `variantIds` in the cost
 * ledger (decision 016): a variant's first Shopify cost opens a period from LEDGER_FIRST_DAY; a
 * cost that differs from its latest Shopify period opens a new period on `shopDay`, the day the
 * change is first seen (a second change the same day replaces that day's period). Unchanged costs
 * write nothing. Returns the number of periods written.
 */
export async function recordShopifyCosts(
  db: Db,
  workspaceId: string,
  variantIds: readonly number[],
  shopDay: string,
  now: Date,
): Promise<number> {
  if (variantIds.length === 0) return 0;
  const result = (await db.execute(
    sql`INSERT INTO wh_cost_ledger (workspace_id, variant_id, sku, cost_minor, effective_from, source, created_at)
        SELECT v.workspace_id, v.variant_id, v.sku, v.unit_cost_minor,
               CASE WHEN last.cost_minor IS NULL THEN ${LEDGER_FIRST_DAY}::date ELSE ${shopDay}::date END,
               'shopify', ${now.toISOString()}::timestamptz
        FROM wh_variants v
        LEFT JOIN LATERAL (
          SELECT c.cost_minor FROM wh_cost_ledger c
          WHERE c.workspace_id = v.workspace_id AND c.variant_id = v.variant_id AND c.source = 'shopify'
          ORDER BY c.effective_from DESC, c.created_at DESC, c.id DESC LIMIT 1
        ) last ON true
        WHERE v.workspace_id = ${workspaceId}
          AND v.variant_id = ANY(${`{${variantIds.join(',')}}`}::bigint[])
          AND v.unit_cost_minor IS NOT NULL AND v.unit_cost_minor >= 0
          AND last.cost_minor IS DISTINCT FROM v.unit_cost_minor
        ON CONFLICT (workspace_id, variant_id, source, effective_from)
        DO UPDATE SET cost_minor = EXCLUDED.cost_minor, created_at = EXCLUDED.created_at`,
  )) as unknown as { rowCount?: number | null; affectedRows?: number };
  return result.rowCount ?? result.affectedRows ?? 0;
}
