import { matchShippingProfile } from '../../../core/costs/match-shipping-profile.ts';
import { resolveUnitCost } from '../../../core/costs/resolve-unit-cost.ts';
import type { UpsertRow, UpsertSpec } from '../warehouse/upsert-rows.ts';
import type { CostBook } from './load-cost-book.ts';

/** Profile-based shipping cost rows, frozen at their first write like line costs. */
export const SHIPPING_COST_SPEC: UpsertSpec = {
  table: 'wh_order_shipping_costs',
  key: ['workspace_id', 'order_id', 'source'],
  onConflict: 'nothing',
  columns: [
    { name: 'workspace_id', type: 'uuid' },
    { name: 'order_id', type: 'bigint' },
    { name: 'source', type: 'text' },
    { name: 'cost_minor', type: 'bigint' },
    { name: 'weight_grams', type: 'integer' },
    { name: 'order_date', type: 'date' },
  ],
};

/** Σ quantity × variant weight per order of `lineItems` (lines of unknown weight count 0 g). */
export function orderWeights(book: CostBook, lineItems: readonly UpsertRow[]): Map<number, number> {
  const weights = new Map<number, number>();
  for (const line of lineItems) {
    const orderId = line.order_id as number;
    const grams = book.weights.get(line.variant_id as number) ?? 0;
    weights.set(orderId, (weights.get(orderId) ?? 0) + grams * (line.quantity as number));
  }
  return weights;
}

/**
 * Prices a page of synced order rows from the cost book (decision 010): writes each line's cost in
 * force on its order day into its `unit_cost_minor`/`cost_source`/`cost_estimated` (the upsert keeps
 * a cost already frozen), and returns the orders' shipping cost rows from the owner's shipping
 * profiles (destination country × order weight; none when no profile matches).
 */
export function priceOrderRows(
  book: CostBook,
  orders: readonly UpsertRow[],
  lineItems: UpsertRow[],
): UpsertRow[] {
  for (const line of lineItems) {
    const variantId = line.variant_id as number | null;
    const cost = resolveUnitCost(
      variantId === null ? undefined : book.periods.get(variantId),
      line.order_date as string,
      line.unit_price_minor as number,
      book.marginE4,
    );
    if (!cost) continue;
    line.unit_cost_minor = cost.unitCostMinor;
    line.cost_source = cost.source;
    line.cost_estimated = cost.estimated;
  }
  if (book.profiles.length === 0) return [];
  const weights = orderWeights(book, lineItems);
  const shipping: UpsertRow[] = [];
  for (const order of orders) {
    const orderId = order.order_id as number;
    const grams = weights.get(orderId) ?? 0;
    const cost = matchShippingProfile(book.profiles, order.country_code as string | null, grams);
    if (cost === null) continue;
    shipping.push({
      workspace_id: order.workspace_id as string,
      order_id: orderId,
      source: 'profile',
      cost_minor: cost,
      weight_grams: grams,
      order_date: order.order_date as string,
    });
  }
  return shipping;
}
