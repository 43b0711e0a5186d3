import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { CsvImportResponse, CsvRowError } from '../../../../shared/contracts/costs.ts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import type { ShopMoney } from '../../../domain/shop/read-shop.ts';
import { type UpsertRow, upsertRows } from '../../../domain/warehouse/upsert-rows.ts';
import { CsvRejectedError, currencyError, readAmount, readCsv } from '../../../platform/csv/read-csv.ts';
import { createImportAudit, finishImportAudit } from '../queries/write-cost-ledger.ts';

const OrderRow = z.object({ orderId: z.string(), name: z.string(), day: z.string() });

/**
 * POST /api/costs/shipping-import: the owner's real shipping cost per order (`order_id` or
 * `order_name` such as #1001, `cost`[, `currency`]); it outranks shipping profiles (decision 010).
 * Refused whole on any bad row; orders the warehouse does not know are listed, not stored.
 */
export async function importShippingCosts(
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
  const records = readCsv(args.csv, [['order_id', 'order_name'], ['cost']]);
  const errors: CsvRowError[] = [];
  const lines: { row: number; orderId: string | null; name: string | null; costMinor: number }[] = [];
  for (const { row, cells } of records) {
    const idText = cells.order_id?.trim() ?? '';
    const name = cells.order_name?.trim() || null;
    if (idText !== '' && !/^\d{1,15}$/.test(idText))
      errors.push({ row, column: 'order_id', message: `"${idText}" is not an order id` });
    if (idText === '' && !name)
      errors.push({ row, column: 'order_id', message: 'the row has neither an order_id nor an order_name' });
    const cost = readAmount(cells.cost, args.shop.digits);
    if (typeof cost === 'string') errors.push({ row, column: 'cost', message: cost });
    const currency = currencyError(cells.currency, args.shop.currencyCode);
    if (currency) errors.push({ row, column: 'currency', message: currency });
    if (typeof cost === 'number') lines.push({ row, orderId: idText || null, name, costMinor: cost });
  }
  if (errors.length > 0) throw new CsvRejectedError(errors);
  const orders = await queryRows(
    db,
    OrderRow,
    sql`SELECT order_id::text AS "orderId", name, order_date::text AS day FROM wh_orders WHERE workspace_id = ${args.workspaceId}`,
  );
  const byId = new Map(orders.map((order) => [order.orderId, order]));
  const byName = new Map(orders.map((order) => [order.name, order]));
  const unknown: CsvImportResponse['unknown'] = [];
  const rows = new Map<string, UpsertRow>();
  for (const line of lines) {
    const order = line.orderId ? byId.get(line.orderId) : byName.get(line.name ?? '');
    if (!order) {
      unknown.push({ row: line.row, value: `order ${line.orderId ?? line.name}`, stored: false });
      continue;
    }
    rows.set(order.orderId, {
      workspace_id: args.workspaceId,
      order_id: Number(order.orderId),
      source: 'import',
      cost_minor: line.costMinor,
      weight_grams: null,
      order_date: order.day,
      created_at: args.now.toISOString(),
    });
  }
  return db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    const importId = await createImportAudit(tx, { ...args, kind: 'shipping' });
    const stored = await upsertRows(
      tx,
      {
        table: 'wh_order_shipping_costs',
        key: ['workspace_id', 'order_id', 'source'],
        touch: ['created_at'],
        columns: [
          { name: 'workspace_id', type: 'uuid' },
          { name: 'order_id', type: 'bigint' },
          { name: 'source', type: 'text' },
          { name: 'cost_minor', type: 'bigint' },
          { name: 'weight_grams', type: 'integer' },
          { name: 'order_date', type: 'date' },
          { name: 'created_at', type: 'timestamptz' },
        ],
      },
      [...rows.values()],
    );
    await finishImportAudit(tx, args.workspaceId, importId, stored, unknown);
    return { importId: String(importId), stored, unknown };
  });
}
