import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { minorToDecimal } from '../../../../shared/money.ts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { requireShop } from '../../../domain/shop/read-shop.ts';

/** A CSV cell: quoted when it holds a comma, quote or line break. */
export const quoteCsv = (value: string) =>
  /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;

const ExportCostRow = z.object({
  variantId: z.string(),
  sku: z.string().nullable(),
  costMinor: z.number(),
  day: z.string(),
  source: z.string(),
});

/**
 * GET /api/costs/export: every ledger period as a costs CSV the import reads back
 * (`variant_id,sku,cost,effective_from,currency,source`), by variant and date.
 */
export async function exportCosts(db: Db, workspaceId: string): Promise<string> {
  const shop = await requireShop(db, workspaceId);
  const rows = await queryRows(
    db,
    ExportCostRow,
    sql`SELECT variant_id::text AS "variantId", sku, cost_minor::float8 AS "costMinor",
          effective_from::text AS day, source
        FROM wh_cost_ledger WHERE workspace_id = ${workspaceId}
        ORDER BY variant_id, effective_from, rank, id`,
  );
  const lines = ['variant_id,sku,cost,effective_from,currency,source'];
  for (const row of rows)
    lines.push(
      [
        row.variantId,
        quoteCsv(row.sku ?? ''),
        minorToDecimal(row.costMinor, shop.digits),
        row.day,
        shop.currencyCode,
        row.source,
      ].join(','),
    );
  return `${lines.join('\n')}\n`;
}
