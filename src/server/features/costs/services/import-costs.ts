import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { CsvImportResponse, CsvRowError } from '../../../../shared/contracts/costs.ts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import type { ShopMoney } from '../../../domain/shop/read-shop.ts';
import {
  CsvRejectedError,
  currencyError,
  readAmount,
  readCsv,
  readDay,
} from '../../../platform/csv/read-csv.ts';
import {
  createImportAudit,
  finishImportAudit,
  type OwnerCostPeriod,
  writeOwnerCosts,
} from '../queries/write-cost-ledger.ts';

/** A cost as the owner gives it: by variant id and/or SKU, a decimal cost, an effective day. */
export interface CostLine {
  row: number;
  sku: string | null;
  variantId: number | null;
  costMinor: number;
  effectiveFrom: string;
}

/** Checks every row of a costs CSV (`sku` or `variant_id`, `cost`, `effective_from`[, `currency`]). */
export function readCostsCsv(text: string, shop: ShopMoney): CostLine[] {
  const records = readCsv(text, [['sku', 'variant_id'], ['cost'], ['effective_from']]);
  const errors: CsvRowError[] = [];
  const lines: CostLine[] = [];
  for (const { row, cells } of records) {
    const sku = cells.sku?.trim() || null;
    const variantText = cells.variant_id?.trim() ?? '';
    let variantId: number | null = null;
    if (variantText !== '') {
      if (/^\d{1,15}$/.test(variantText) && Number(variantText) > 0) variantId = Number(variantText);
      else errors.push({ row, column: 'variant_id', message: `"${variantText}" is not a variant id` });
    } else if (!sku) {
      errors.push({ row, column: 'sku', message: 'the row has neither a sku nor a variant_id' });
    }
    const cost = readAmount(cells.cost, shop.digits);
    if (typeof cost === 'string') errors.push({ row, column: 'cost', message: cost });
    const day = readDay(cells.effective_from);
    if (typeof day !== 'string') errors.push({ row, column: 'effective_from', message: day.error });
    const currency = currencyError(cells.currency, shop.currencyCode);
    if (currency) errors.push({ row, column: 'currency', message: currency });
    if (typeof cost === 'number' && typeof day === 'string')
      lines.push({ row, sku, variantId, costMinor: cost, effectiveFrom: day });
  }
  if (errors.length > 0) throw new CsvRejectedError(errors);
  return lines;
}

const VariantRow = z.object({ variantId: z.number(), sku: z.string().nullable() });

/**
 * Stores owner cost lines as ledger periods of `source` in one transaction with its audit row.
 * A SKU-only line is resolved to every variant carrying that SKU; an unknown SKU is listed and
 * skipped. A variant id the warehouse does not know yet is stored (its orders may sync later) and
 * listed. Two lines for one variant and day: the later line wins.
 */
export async function storeCostLines(
  db: Db,
  args: {
    workspaceId: string;
    userId: string | null;
    fileName: string | null;
    source: 'manual' | 'import';
    lines: readonly CostLine[];
    now: Date;
  },
): Promise<CsvImportResponse> {
  const variants = await queryRows(
    db,
    VariantRow,
    sql`SELECT variant_id::float8 AS "variantId", sku FROM wh_variants WHERE workspace_id = ${args.workspaceId}`,
  );
  const known = new Set(variants.map((variant) => variant.variantId));
  const bySku = new Map<string, number[]>();
  for (const variant of variants) {
    if (!variant.sku) continue;
    const list = bySku.get(variant.sku);
    if (list) list.push(variant.variantId);
    else bySku.set(variant.sku, [variant.variantId]);
  }
  const unknown: CsvImportResponse['unknown'] = [];
  const periods = new Map<string, OwnerCostPeriod>();
  for (const line of args.lines) {
    const ids = line.variantId !== null ? [line.variantId] : (bySku.get(line.sku ?? '') ?? []);
    if (ids.length === 0) {
      unknown.push({ row: line.row, value: `SKU ${line.sku}`, stored: false });
      continue;
    }
    if (line.variantId !== null && !known.has(line.variantId))
      unknown.push({ row: line.row, value: `variant ${line.variantId}`, stored: true });
    for (const variantId of ids)
      periods.set(`${variantId}|${line.effectiveFrom}`, {
        variantId,
        sku: line.sku,
        costMinor: line.costMinor,
        effectiveFrom: line.effectiveFrom,
      });
  }
  return db.transaction(async (tx) => {
    const importId = await createImportAudit(tx as unknown as Db, {
      workspaceId: args.workspaceId,
      kind: 'costs',
      fileName: args.fileName,
      userId: args.userId,
      now: args.now,
    });
    const stored = await writeOwnerCosts(tx as unknown as Db, {
      workspaceId: args.workspaceId,
      source: args.source,
      userId: args.userId,
      importId,
      now: args.now,
      periods: [...periods.values()],
    });
    await finishImportAudit(tx as unknown as Db, args.workspaceId, importId, stored, unknown);
    return { importId: String(importId), stored, unknown };
  });
}

/** POST /api/costs/import: a costs CSV, refused whole on any bad row. */
export async function importCosts(
  db: Db,
  args: {
    workspaceId: string;
    userId: string;
    shop: ShopMoney;
    fileName: string | null;
    csv: string;
    now: Date;
  },
): Promise<CsvImportResponse> {
  const lines = readCostsCsv(args.csv, args.shop);
  return storeCostLines(db, { ...args, source: 'import', lines });
}
