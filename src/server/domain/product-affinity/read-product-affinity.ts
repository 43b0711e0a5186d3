import { type RankedPair, rankAffinities } from '../../../core/baskets/rank-affinities.ts';
import { rankFirstProducts } from '../../../core/baskets/rank-first-products.ts';
import { BASKET_THRESHOLDS } from '../../../core/baskets/thresholds.ts';
import type { ProductAffinity } from '../../../shared/contracts/product-affinity.ts';
import type { DayRangeRequest } from '../../../shared/day-range.ts';
import { minorToDecimal } from '../../../shared/money.ts';
import type { AppDeps } from '../../http/deps.ts';
import { keepContributionAnswer } from '../contribution/keep-contribution-answer.ts';
import { readProductTitles } from '../contribution/read-product-profit.ts';
import { readMetricWindow } from '../metrics/metric-window.ts';
import { readBasketCounts } from './read-basket-counts.ts';

/** Pairs shown per list: the strongest; the rest are noise for a page. */
const SHOWN_PAIRS = 20;

/**
 * GET /api/products/affinity (issue #44, decision 116): over the window of the shared range input,
 * the product pairs bought together and "product → next order" rules, ranked by lift above the
 * noise floors, and the first-product table, all in contribution margin (`src/core/baskets`),
 * counted in PostgreSQL (decision 123) and ranked by the core. The answer is kept per warehouse version and window like the other contribution reads.
 */
export async function readProductAffinity(
  deps: AppDeps,
  workspaceId: string,
  request: DayRangeRequest,
  now: Date,
): Promise<ProductAffinity> {
  const window = await readMetricWindow(deps.db, workspaceId, request, now, 'none');
  const thresholds = { ...BASKET_THRESHOLDS };
  if (!window) {
    return { from: null, to: null, currency: 'USD', thresholds, pairs: [], nextOrder: [], firstProduct: [] };
  }
  const range = { from: window.start, to: window.end };
  return keepContributionAnswer(deps, 'affinity', workspaceId, range, async () => {
    const counts = await readBasketCounts(deps.db, workspaceId, range);
    const pairs = rankAffinities({ ...counts.together, directed: false }).slice(0, SHOWN_PAIRS);
    const nextOrder = rankAffinities({ ...counts.nextOrder, directed: true }).slice(0, SHOWN_PAIRS);
    const firstProduct = rankFirstProducts(counts.firstProduct);
    const ids = new Set([
      ...[...pairs, ...nextOrder].flatMap((p) => [p.a, p.b]),
      ...firstProduct.map((r) => r.productId),
    ]);
    const titles = await readProductTitles(deps.db, workspaceId, [...ids]);
    const ref = (productId: string) => ({
      productId,
      title: titles.get(productId) ?? `Product ${productId}`,
    });
    const money = (minor: number) => minorToDecimal(minor, window.currencyDigits);
    const wire = (p: RankedPair) => ({
      a: ref(p.a),
      b: ref(p.b),
      support: p.support,
      confidence: p.confidence,
      lift: p.lift,
      contribution: money(p.contributionMinor),
      orders: p.orders,
    });
    return {
      ...range,
      currency: window.currency,
      thresholds,
      pairs: pairs.map(wire),
      nextOrder: nextOrder.map(wire),
      firstProduct: firstProduct.map((r) => ({
        product: ref(r.productId),
        customers: r.customers,
        repeatRate: r.repeatRate,
        customers180d: r.customers180d,
        contribution180d: r.contribution180dMinor === null ? null : money(r.contribution180dMinor),
      })),
    };
  });
}
