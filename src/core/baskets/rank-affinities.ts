import { type AffinityMeasures, affinityMeasures } from './affinity-measures.ts';
import { BASKET_THRESHOLDS } from './thresholds.ts';

/** Two products seen together, counted. */
export interface PairCount {
  a: string;
  b: string;
  /** Baskets holding both. */
  orders: number;
  /** The pair's contribution over those baskets (minor units). */
  contributionMinor: number;
}

/** A ranked pair: its counts and its measures for a → b. */
export type RankedPair = PairCount & AffinityMeasures;

/**
 * The pairs worth showing, strongest first: those seen together in at least
 * `BASKET_THRESHOLDS.minPairOrders` baskets and a `minPairSupport` share of them, with support,
 * confidence and lift, ranked by lift (then by baskets together, then by ids, so the order is
 * stable). `withA`/`withB` count the baskets holding each product on either side of the rule.
 * An undirected pair (`directed` false: bought in one order) is turned so that `a` is the product
 * in fewer baskets: "a → b" is then the rule with the higher confidence (lift is the same both ways).
 */
export function rankAffinities(input: {
  baskets: number;
  withA: ReadonlyMap<string, number>;
  withB: ReadonlyMap<string, number>;
  pairs: Iterable<PairCount>;
  directed: boolean;
}): RankedPair[] {
  const ranked: RankedPair[] = [];
  for (const pair of input.pairs) {
    if (pair.orders < BASKET_THRESHOLDS.minPairOrders) continue;
    if (pair.orders / input.baskets < BASKET_THRESHOLDS.minPairSupport) continue;
    let { a, b } = pair;
    const countOf = (map: ReadonlyMap<string, number>, id: string) => map.get(id) ?? pair.orders;
    if (!input.directed && countOf(input.withA, b) < countOf(input.withA, a)) [a, b] = [b, a];
    const measures = affinityMeasures({
      baskets: input.baskets,
      withA: countOf(input.withA, a),
      withB: countOf(input.withB, b),
      together: pair.orders,
    });
    ranked.push({ ...pair, a, b, ...measures });
  }
  return ranked.sort(
    (x, y) => y.lift - x.lift || y.orders - x.orders || x.a.localeCompare(y.a) || x.b.localeCompare(y.b),
  );
}
