import { z } from 'zod';
import type { PairCount } from '../../../core/baskets/rank-affinities.ts';
import type { FirstProductCount } from '../../../core/baskets/rank-first-products.ts';

/** The counts `rankAffinities` ranks: baskets, the baskets holding each product on each side, and the pairs. */
export interface AffinityCounts {
  baskets: number;
  withA: Map<string, number>;
  withB: Map<string, number>;
  pairs: PairCount[];
}

/** Everything GET /api/products/affinity ranks, counted in PostgreSQL. */
export interface BasketCounts {
  together: AffinityCounts;
  nextOrder: AffinityCounts;
  firstProduct: Map<string, FirstProductCount>;
  /** Per product, over the window's baskets holding it: its net line revenue and line contribution (minor units). */
  lineTotals: Map<string, { revenue: number; contribution: number }>;
}

/**
 * One row of the answer: `kind` says which count it is — `baskets` (the window's orders, `steps`
 * of them with a next order), `with` (per product: orders holding it, `steps` of them with a next
 * order, `nexts` of them a next order), `pair` (bought together), `next` (a → next order b),
 * `first` (per first product).
 */
export const CountRow = z.object({
  kind: z.enum(['baskets', 'with', 'pair', 'next', 'first']),
  a: z.string().nullable(),
  b: z.string().nullable(),
  n: z.coerce.number(),
  steps: z.coerce.number(),
  nexts: z.coerce.number(),
  contribution: z.coerce.number(),
  repeat: z.coerce.number(),
  eligible: z.coerce.number(),
  revenue: z.coerce.number(),
});

/** The answer's rows as the maps and lists `src/core/baskets` ranks. */
export function toBasketCounts(rows: readonly z.infer<typeof CountRow>[]): BasketCounts {
  const of = (kind: z.infer<typeof CountRow>['kind']) => rows.filter((row) => row.kind === kind);
  const baskets = of('baskets')[0];
  /** Per product, its count of `key`; products with none are left out (the core's maps hold only those seen). */
  const perProduct = (key: 'n' | 'steps' | 'nexts') =>
    new Map(of('with').flatMap((row) => (row[key] > 0 ? [[row.a ?? '', row[key]] as const] : [])));
  const pairs = (kind: 'pair' | 'next'): PairCount[] =>
    of(kind).map((row) => ({
      a: row.a ?? '',
      b: row.b ?? '',
      orders: row.n,
      contributionMinor: row.contribution,
    }));
  const withProduct = perProduct('n');
  return {
    together: { baskets: baskets?.n ?? 0, withA: withProduct, withB: withProduct, pairs: pairs('pair') },
    nextOrder: {
      baskets: baskets?.steps ?? 0,
      withA: perProduct('steps'),
      withB: perProduct('nexts'),
      pairs: pairs('next'),
    },
    firstProduct: new Map(
      of('first').map((row) => [
        row.a ?? '',
        { customers: row.n, repeat: row.repeat, eligible: row.eligible, contribution: row.contribution },
      ]),
    ),
    lineTotals: new Map(
      of('with').map((row) => [row.a ?? '', { revenue: row.revenue, contribution: row.contribution }]),
    ),
  };
}
