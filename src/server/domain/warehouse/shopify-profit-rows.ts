import { localDayOf } from '../../../shared/calendar.ts';
import { parseDecimalToMinor } from '../../../shared/money.ts';
import type { RefundDetails, SyncTransaction } from './shopify-documents.ts';
import type { UpsertRow, UpsertSpec } from './upsert-rows.ts';
import { parseShopifyId } from './upsert-rows.ts';

/**
 * Pure maps of the Shopify facts the P&L needs beyond the order itself (decision 010): the order's
 * transactions with Shopify's own fees, each refund's lines with their restock, the refunded
 * shipping, and variant weights in grams. Money is shop money in minor units; days are shop days.
 */

/** What these maps need of the shop (a subset of the sync's ShopContext). */
export interface ShopMoneyContext {
  workspaceId: string;
  currencyCode: string;
  currencyDigits: number;
  timeZone: string;
}

const col = (name: string, type: string) => ({ name, type });

export const TRANSACTION_SPEC: UpsertSpec = {
  table: 'wh_order_transactions',
  key: ['workspace_id', 'transaction_id'],
  columns: [
    col('workspace_id', 'uuid'),
    col('transaction_id', 'bigint'),
    col('order_id', 'bigint'),
    col('gateway', 'text'),
    col('kind', 'text'),
    col('status', 'text'),
    col('amount_minor', 'bigint'),
    col('fee_minor', 'bigint'),
    col('currency_code', 'text'),
    col('processed_at', 'timestamptz'),
    col('transaction_date', 'date'),
  ],
};

export const REFUND_LINE_SPEC: UpsertSpec = {
  table: 'wh_refund_line_items',
  key: ['workspace_id', 'refund_id', 'line_item_id'],
  columns: [
    col('workspace_id', 'uuid'),
    col('refund_id', 'bigint'),
    col('line_item_id', 'bigint'),
    col('order_id', 'bigint'),
    col('refund_date', 'date'),
    col('quantity', 'integer'),
    col('subtotal_minor', 'bigint'),
    col('restocked', 'boolean'),
    col('restock_type', 'text'),
  ],
};

/**
 * An order's transactions. `fee_minor` is the sum of the transaction's `fees` (Shopify Payments
 * reports them), null when the gateway returned none, so the owner's rule for it applies. A
 * transaction lands on the shop day it was processed (its creation when not processed yet).
 */
export function mapTransactions(
  shop: ShopMoneyContext,
  orderId: number,
  transactions: readonly SyncTransaction[],
): UpsertRow[] {
  return transactions.map((t) => {
    const at = t.processedAt ?? t.createdAt;
    const fees = t.fees ?? [];
    return {
      workspace_id: shop.workspaceId,
      transaction_id: parseShopifyId(t.id),
      order_id: orderId,
      gateway: t.gateway ?? '',
      kind: t.kind,
      status: t.status,
      amount_minor: parseDecimalToMinor(t.amountSet.shopMoney.amount, shop.currencyDigits),
      fee_minor:
        fees.length === 0
          ? null
          : fees.reduce((sum, fee) => sum + parseDecimalToMinor(fee.amount.amount, shop.currencyDigits), 0),
      currency_code: shop.currencyCode,
      processed_at: new Date(at).toISOString(),
      transaction_date: localDayOf(at, shop.timeZone),
    };
  });
}

/**
 * Restock types whose goods are back in stock, so their cost is not a cost of the sale: RETURN
 * (returned), CANCEL (cancelled before it shipped), LEGACY_RESTOCK (restocked before restock types
 * existed). NO_RESTOCK keeps the cost. Without a type, Shopify's `restocked` flag decides.
 */
const RESTOCKING = new Set(['RETURN', 'CANCEL', 'LEGACY_RESTOCK']);

/**
 * One order's refund details → its refund line rows, and each refund's refunded shipping (Σ its
 * refund shipping lines' subtotals, 0 when it returned none) by refund id. `refundDays` holds the
 * shop day of each refund (from the order's refund rows); a refund line lands on its refund's day.
 */
export function mapRefundDetails(
  shop: ShopMoneyContext,
  orderId: number,
  refunds: RefundDetails,
  refundDays: ReadonlyMap<number, string>,
): { lines: UpsertRow[]; shippingByRefund: Map<number, number> } {
  const lines: UpsertRow[] = [];
  const shippingByRefund = new Map<number, number>();
  for (const refund of refunds) {
    const refundId = parseShopifyId(refund.id);
    const day = refundDays.get(refundId);
    if (!day) continue;
    shippingByRefund.set(
      refundId,
      refund.refundShippingLines.nodes.reduce(
        (sum, line) =>
          sum + parseDecimalToMinor(line.subtotalAmountSet.shopMoney.amount, shop.currencyDigits),
        0,
      ),
    );
    for (const line of refund.refundLineItems.nodes) {
      const restockType = line.restockType ?? null;
      lines.push({
        workspace_id: shop.workspaceId,
        refund_id: refundId,
        line_item_id: parseShopifyId(line.lineItem.id),
        order_id: orderId,
        refund_date: day,
        quantity: line.quantity,
        subtotal_minor: parseDecimalToMinor(line.subtotalSet.shopMoney.amount, shop.currencyDigits),
        restocked: restockType === null ? (line.restocked ?? false) : RESTOCKING.has(restockType),
        restock_type: restockType,
      });
    }
  }
  return { lines, shippingByRefund };
}

const GRAMS_PER_UNIT: Record<string, number> = {
  GRAMS: 1,
  KILOGRAMS: 1000,
  OUNCES: 28.349523125,
  POUNDS: 453.59237,
};

/** `InventoryItem.measurement.weight` → whole grams (null when absent or of an unknown unit). */
export function weightInGrams(weight: { unit: string; value: number } | null | undefined): number | null {
  const factor = weight ? GRAMS_PER_UNIT[weight.unit] : undefined;
  return weight && factor !== undefined ? Math.round(weight.value * factor) : null;
}
