import { basketLineContribution } from './basket-line-contribution.ts';
import { type PairCount, type RankedPair, rankAffinities } from './rank-affinities.ts';
import type { BasketOrder, BasketWindow } from './types.ts';

/**
 * Products bought in the same order over a window of shop days (issue #44), ranked by lift.
 * Every order of the window counts in the denominators (an order of one product too: it is a
 * basket that did not hold the pair), but only orders with two products or more make pairs. A
 * pair's contribution is the sum, over the orders holding both, of both products' line
 * contribution (`basketLineContribution`: net of discounts and of refunds of those lines, less
 * their cost of goods), so a refunded line of a bundle takes its refund off the pair.
 */
export function pairAffinity(orders: readonly BasketOrder[], window: BasketWindow): RankedPair[] {
  const withProduct = new Map<string, number>();
  const pairs = new Map<string, PairCount>();
  let baskets = 0;
  for (const order of orders) {
    if (order.day < window.from || order.day > window.to) continue;
    baskets += 1;
    const lines = order.lines;
    const contributions = lines.map(basketLineContribution);
    for (const line of lines) withProduct.set(line.productId, (withProduct.get(line.productId) ?? 0) + 1);
    for (let i = 0; i < lines.length; i += 1) {
      for (let j = i + 1; j < lines.length; j += 1) {
        const x = lines[i]!.productId;
        const y = lines[j]!.productId;
        const [a, b] = x < y ? [x, y] : [y, x];
        const key = `${a}|${b}`;
        const pair = pairs.get(key) ?? { a, b, orders: 0, contributionMinor: 0 };
        pair.orders += 1;
        pair.contributionMinor += contributions[i]! + contributions[j]!;
        pairs.set(key, pair);
      }
    }
  }
  if (baskets === 0) return [];
  return rankAffinities({
    baskets,
    withA: withProduct,
    withB: withProduct,
    pairs: pairs.values(),
    directed: false,
  });
}
