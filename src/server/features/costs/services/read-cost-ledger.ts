import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { costTimeline } from '../../../../core/costs/cost-timeline.ts';
import { orderCostPeriods } from '../../../../core/costs/order-cost-periods.ts';
import { resolveUnitCost } from '../../../../core/costs/resolve-unit-cost.ts';
import type { CostPeriod } from '../../../../core/costs/types.ts';
import { localDayOf } from '../../../../shared/calendar.ts';
import type { CostLedgerResponse } from '../../../../shared/contracts/costs.ts';
import { minorToDecimal } from '../../../../shared/money.ts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { CostPeriodRow, ISO_INSTANT } from '../../../domain/costs/load-cost-book.ts';
import { requireShop } from '../../../domain/shop/read-shop.ts';
import { USER_NAME } from '../queries/read-recalculations.ts';

export const LEDGER_PAGE_SIZE = 50;

const VariantRow = z.object({
  variantId: z.string(),
  productId: z.string(),
  productTitle: z.string().nullable(),
  variantTitle: z.string(),
  sku: z.string().nullable(),
  priceMinor: z.number().nullable(),
  total: z.number(),
});

const SettingRow = z.object({ marginE4: z.number().nullable() });

/**
 * GET /api/costs/ledger: a page of variants (by product title) with every cost period, the days
 * each period is in force when periods overlap (decision 010's precedence, `costTimeline`), and
 * the cost in force today.
 */
export async function readCostLedger(
  db: Db,
  args: { workspaceId: string; page: number; q: string | undefined; now: Date },
): Promise<CostLedgerResponse> {
  const shop = await requireShop(db, args.workspaceId);
  const money = (minor: number) => minorToDecimal(minor, shop.digits);
  const today = localDayOf(args.now, shop.timeZone);
  const pattern = args.q ? `%${args.q.replace(/[\\%_]/g, '\\$&')}%` : null;
  const filter = pattern
    ? sql`AND (p.title ILIKE ${pattern} OR v.title ILIKE ${pattern} OR v.sku ILIKE ${pattern})`
    : sql``;
  const variants = await queryRows(
    db,
    VariantRow,
    sql`SELECT v.variant_id::text AS "variantId", v.product_id::text AS "productId", p.title AS "productTitle",
          v.title AS "variantTitle", v.sku, v.price_minor::float8 AS "priceMinor", count(*) OVER ()::int AS total
        FROM wh_variants v LEFT JOIN wh_products p ON p.workspace_id = v.workspace_id AND p.product_id = v.product_id
        WHERE v.workspace_id = ${args.workspaceId} ${filter}
        ORDER BY p.title, v.product_id, v.title, v.variant_id
        LIMIT ${LEDGER_PAGE_SIZE} OFFSET ${(args.page - 1) * LEDGER_PAGE_SIZE}`,
  );
  const ids = variants.map((variant) => variant.variantId);
  const periods =
    ids.length === 0
      ? []
      : await queryRows(
          db,
          CostPeriodRow.extend({ variantId: z.string(), createdBy: z.string().nullable() }),
          sql`SELECT c.id::float8 AS id, c.variant_id::text AS "variantId", c.cost_minor::float8 AS "costMinor",
                c.effective_from::text AS "effectiveFrom", c.source,
                to_char(c.created_at AT TIME ZONE 'UTC', ${ISO_INSTANT}) AS "createdAt",
                COALESCE(${USER_NAME}, u.email) AS "createdBy"
              FROM wh_cost_ledger c LEFT JOIN users u ON u.id = c.created_by
              WHERE c.workspace_id = ${args.workspaceId} AND c.variant_id = ANY(${`{${ids.join(',')}}`}::bigint[])`,
        );
  const [settings] = await queryRows(
    db,
    SettingRow,
    sql`SELECT round(default_margin_percent * 10000)::float8 AS "marginE4" FROM profit_settings WHERE workspace_id = ${args.workspaceId}`,
  );
  const byVariant = new Map<string, (CostPeriod & { createdBy: string | null })[]>();
  for (const { variantId, ...period } of periods) {
    const list = byVariant.get(variantId) ?? [];
    list.push(period);
    byVariant.set(variantId, list);
  }
  return {
    currency: shop.currencyCode,
    today,
    page: args.page,
    pageSize: LEDGER_PAGE_SIZE,
    total: variants[0]?.total ?? 0,
    variants: variants.map(({ priceMinor, total: _total, productTitle, ...variant }) => {
      const own = byVariant.get(variant.variantId) ?? [];
      const ordered = orderCostPeriods(own);
      const timeline = costTimeline(ordered);
      const current = resolveUnitCost(
        ordered,
        today,
        priceMinor ?? 0,
        priceMinor === null ? null : (settings?.marginE4 ?? null),
      );
      const winner = ordered.find((period) => period.effectiveFrom <= today) ?? null;
      const creators = new Map(own.map((period) => [period.id, period.createdBy]));
      return {
        ...variant,
        productTitle: productTitle ?? '',
        price: priceMinor === null ? null : money(priceMinor),
        current: current
          ? {
              cost: money(current.unitCostMinor),
              source: current.source,
              estimated: current.estimated,
              periodId: winner ? String(winner.id) : null,
            }
          : null,
        periods: [...ordered]
          .sort((a, b) =>
            a.effectiveFrom < b.effectiveFrom ? 1 : a.effectiveFrom > b.effectiveFrom ? -1 : b.id - a.id,
          )
          .map((period) => ({
            id: String(period.id),
            cost: money(period.costMinor),
            effectiveFrom: period.effectiveFrom,
            source: period.source,
            createdAt: period.createdAt,
            createdBy: creators.get(period.id) ?? null,
            inForce: timeline
              .filter((segment) => segment.periodId === period.id)
              .map((segment) => ({ from: segment.from, to: segment.to })),
          })),
      };
    }),
  };
}
