/**
 * The Shopify emulator's profit fields, in the Admin GraphQL shape: `Order.transactions` (kind,
 * status, gateway, amountSet, processedAt, fees), `InventoryItem.unitCost` as it stood on the
 * emulator's clock (the planted cost history), `InventoryItem.measurement.weight`, and the restock
 * and shipping facts of refunds. Values come from the demo store's planted profit (src/demo/profit).
 */
import { dayToIso, formatUtc, localDayOf } from '../../calendar.ts';
import type { DemoOrder, DemoStore, DemoVariant } from '../../model.ts';
import type { DemoOrderProfit, DemoTransaction } from '../../profit/model.ts';
import { costOnDay } from '../../profit/plan.ts';
import { bag, money } from './money-views.ts';

/** The Admin API's fee type name for payment processing fees [U: not confirmed against the live API]. */
const PAYMENT_FEE_TYPE = 'payment_fee';

/** `InventoryItem.unitCost`: the variant's cost in force on the emulator clock's shop day. */
export function unitCostView(store: DemoStore, variant: DemoVariant, nowMs: number) {
  const day = dayToIso(localDayOf(store.shop.ianaTimezone, nowMs));
  return money(costOnDay(store.profit, variant.index, day), store.shop.currencyCode);
}

/** `InventoryItem.measurement`: the planted weight in grams. */
export function measurementView(store: DemoStore, variant: DemoVariant) {
  return {
    id: `gid://shopify/InventoryItemMeasurement/${variant.inventoryItemLegacyId}`,
    weight: { unit: 'GRAMS', value: store.profit.weightsGrams[variant.index]! },
  };
}

function transactionView(
  order: DemoOrder,
  t: DemoTransaction,
  parent: () => Record<string, unknown> | null,
): Record<string, unknown> {
  const at = formatUtc(t.processedAtMs);
  return {
    __typename: 'OrderTransaction',
    id: t.id,
    kind: t.kind,
    status: t.status,
    gateway: t.gateway,
    amountSet: bag(t.amountMinor, order),
    createdAt: at,
    processedAt: at,
    test: t.test,
    fees: t.fee
      ? [
          {
            id: `gid://shopify/TransactionFee/${t.legacyId}`,
            amount: money(t.fee.amountMinor, order.currencyCode),
            flatFee: money(t.fee.flatMinor, order.currencyCode),
            flatFeeName: null,
            rate: t.fee.percent,
            rateName: null,
            taxAmount: money(0, order.currencyCode),
            type: PAYMENT_FEE_TYPE,
          },
        ]
      : [],
    parentTransaction: parent,
  };
}

/** `Order.transactions(first, capturable)`: oldest first, as Shopify lists them. */
export function transactionViews(
  order: DemoOrder,
  facts: DemoOrderProfit,
  args: { first?: number | null; capturable?: boolean | null },
): Record<string, unknown>[] {
  const all = facts.transactions;
  const views: Record<string, unknown>[] = [];
  const parentOf = (t: DemoTransaction): number => {
    if (t.kind === 'CAPTURE' || t.kind === 'VOID') return all.findIndex((x) => x.kind === 'AUTHORIZATION');
    if (t.kind === 'REFUND')
      return all.findIndex((x) => x.status === 'SUCCESS' && (x.kind === 'SALE' || x.kind === 'CAPTURE'));
    return -1;
  };
  all.forEach((t) => {
    const p = parentOf(t);
    views.push(transactionView(order, t, () => (p >= 0 ? (views[p] ?? null) : null)));
  });
  let selected = views;
  if (args.capturable) {
    const settled = all.some((t) => t.kind === 'CAPTURE' || t.kind === 'VOID');
    selected = views.filter(
      (_, i) => all[i]!.kind === 'AUTHORIZATION' && all[i]!.status === 'SUCCESS' && !settled,
    );
  }
  return args.first != null ? selected.slice(0, Math.max(0, args.first)) : selected;
}

/** `Refund.refundShippingLines` nodes of refund `r` (one when the refund returned shipping). */
export function refundShippingLineNodes(order: DemoOrder, facts: DemoOrderProfit, r: number) {
  const refund = order.refunds[r]!;
  const amount = facts.refundedShippingMinor[r] ?? 0;
  if (amount === 0) return [];
  return [
    {
      id: `gid://shopify/RefundShippingLine/${refund.legacyId}`,
      legacyId: refund.legacyId,
      shippingLine: {
        id: `gid://shopify/ShippingLine/${order.legacyId}`,
        title: order.shippingAddress?.countryCode === 'US' ? 'Standard' : 'International',
        code: order.shippingAddress?.countryCode === 'US' ? 'STANDARD' : 'INTERNATIONAL',
        originalPriceSet: bag(order.shippingMinor, order),
        discountedPriceSet: bag(order.shippingMinor, order),
      },
      subtotalAmountSet: bag(amount, order),
      taxAmountSet: bag(0, order),
    },
  ];
}

/** `RefundLineItem.restocked` / `restockType` of refund `r`, line `p`. */
export function restockFields(facts: DemoOrderProfit, r: number, p: number) {
  const restocked = facts.restocked[r]?.[p] ?? false;
  return { restocked, restockType: restocked ? 'RETURN' : 'NO_RESTOCK' };
}
