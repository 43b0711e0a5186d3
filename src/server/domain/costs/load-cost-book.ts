import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ShippingBand } from '../../../core/costs/match-shipping-profile.ts';
import { orderCostPeriods } from '../../../core/costs/order-cost-periods.ts';
import type { CostPeriod } from '../../../core/costs/types.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';

/**
 * Everything needed to price a workspace's order lines without a query per line: the cost
 * ledger per variant (in precedence order), the default margin, variant weights and the shipping
 * profiles. The sync loads it once per run (after products, so Shopify's new periods are in it)
 * and the recalculation once per job.
 */
export interface CostBook {
  periods: Map<number, CostPeriod[]>;
  /** Default margin in percent × 10⁴ (null: none set). */
  marginE4: number | null;
  weights: Map<number, number>;
  profiles: ShippingBand[];
}

export const ISO_INSTANT = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`);

/** A cost-ledger period as the core prices it (`CostPeriod`). */
export const CostPeriodRow = z.object({
  id: z.number(),
  costMinor: z.number(),
  effectiveFrom: z.string(),
  source: z.enum(['manual', 'import', 'shopify']),
  createdAt: z.string(),
}) satisfies z.ZodType<CostPeriod>;

const LedgerRow = CostPeriodRow.extend({ variantId: z.number() });

const ShippingBandRow = z.object({
  country: z.string(),
  minGrams: z.number(),
  maxGrams: z.number().nullable(),
  costMinor: z.number(),
}) satisfies z.ZodType<ShippingBand>;

const SettingRow = z.object({ marginE4: z.number().nullable() });

const WeightRow = z.object({ variantId: z.number(), grams: z.number() });

export async function loadCostBook(db: Db, workspaceId: string): Promise<CostBook> {
  const [ledger, settings, weights, profiles] = await Promise.all([
    queryRows(
      db,
      LedgerRow,
      sql`SELECT id::float8 AS "id", variant_id::float8 AS "variantId", cost_minor::float8 AS "costMinor",
            effective_from::text AS "effectiveFrom", source,
            to_char(created_at AT TIME ZONE 'UTC', ${ISO_INSTANT}) AS "createdAt"
          FROM wh_cost_ledger WHERE workspace_id = ${workspaceId}`,
    ),
    queryRows(
      db,
      SettingRow,
      sql`SELECT round(default_margin_percent * 10000)::float8 AS "marginE4"
          FROM profit_settings WHERE workspace_id = ${workspaceId}`,
    ),
    queryRows(
      db,
      WeightRow,
      sql`SELECT variant_id::float8 AS "variantId", weight_grams AS grams
          FROM wh_variants WHERE workspace_id = ${workspaceId} AND weight_grams IS NOT NULL`,
    ),
    queryRows(
      db,
      ShippingBandRow,
      sql`SELECT country, min_grams AS "minGrams", max_grams AS "maxGrams", cost_minor::float8 AS "costMinor"
          FROM shipping_profiles WHERE workspace_id = ${workspaceId}`,
    ),
  ]);
  const byVariant = new Map<number, CostPeriod[]>();
  for (const { variantId, ...period } of ledger) {
    const list = byVariant.get(variantId);
    if (list) list.push(period);
    else byVariant.set(variantId, [period]);
  }
  for (const [variantId, list] of byVariant) byVariant.set(variantId, orderCostPeriods(list));
  return {
    periods: byVariant,
    marginE4: settings[0]?.marginE4 ?? null,
    weights: new Map(weights.map((row) => [row.variantId, row.grams])),
    profiles,
  };
}
