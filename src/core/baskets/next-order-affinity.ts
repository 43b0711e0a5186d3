import { basketLineContribution } from './basket-line-contribution.ts';
import { ordersByCustomer } from './orders-by-customer.ts';
import { type PairCount, type RankedPair, rankAffinities } from './rank-affinities.ts';
import type { BasketOrder, BasketWindow } from './types.ts';

/**
 * "Product → next order" (issue #44): a product in a customer's order placed in the window, and a
 * product in that customer's next order (placed up to the window's end), ranked by lift. The
 * baskets are the window's orders that have a next order; `confidence` is the share of those
 * holding a whose next order holds b, `lift` that share over the share of all next orders holding
 * b. The contribution is b's line contribution in those next orders (what the follow-up brought).
 * `orders` counts the orders a → next order b.
 */
export function nextOrderAffinity(orders: readonly BasketOrder[], window: BasketWindow): RankedPair[] {
  const withA = new Map<string, number>();
  const withB = new Map<string, number>();
  const pairs = new Map<string, PairCount>();
  let baskets = 0;
  for (const history of ordersByCustomer(orders)) {
    for (let k = 0; k + 1 < history.length; k += 1) {
      const order = history[k]!;
      const next = history[k + 1]!;
      if (order.day < window.from || order.day > window.to || next.day > window.to) continue;
      baskets += 1;
      for (const line of order.lines) withA.set(line.productId, (withA.get(line.productId) ?? 0) + 1);
      for (const line of next.lines) withB.set(line.productId, (withB.get(line.productId) ?? 0) + 1);
      for (const from of order.lines) {
        for (const to of next.lines) {
          const key = `${from.productId}|${to.productId}`;
          const pair = pairs.get(key) ?? {
            a: from.productId,
            b: to.productId,
            orders: 0,
            contributionMinor: 0,
          };
          pair.orders += 1;
          pair.contributionMinor += basketLineContribution(to);
          pairs.set(key, pair);
        }
      }
    }
  }
  if (baskets === 0) return [];
  return rankAffinities({ baskets, withA, withB, pairs: pairs.values(), directed: true });
}
