import { BASKET_THRESHOLDS } from './thresholds.ts';

/** One first product's customers counted (decision 116): what `firstProductTable` sums per product. */
export interface FirstProductCount {
  /** Customers whose first order (ever) was placed in the window and held the product. */
  customers: number;
  /** Of them, those with a second order by the window's end. */
  repeat: number;
  /** Of them, those whose first order is at least 180 days before the window's end. */
  eligible: number;
  /** Σ over the eligible of their orders' contribution within 180 days of the first (minor units). */
  contribution: number;
}

/** What the customers who first bought a product went on to do. */
export interface FirstProductRow {
  productId: string;
  /** Customers whose first order (ever) was placed in the window and held the product. */
  customers: number;
  /** Share of them with a second order placed by the window's end. */
  repeatRate: number;
  /** Of them, those whose first order is at least 180 days before the window's end. */
  customers180d: number;
  /** Their average contribution over the 180 days from the first order (minor units); null when none qualify. */
  contribution180dMinor: number | null;
}

/**
 * The first-product table from its counts per product: products with fewer than
 * `BASKET_THRESHOLDS.minFirstCustomers` customers are left out (noise); the rest get their repeat
 * rate and average 180-day contribution, and come by that contribution, then customers, then id.
 *
 * @example rankFirstProducts(new Map([['7', { customers: 10, repeat: 4, eligible: 5, contribution: 10_000 }]])) // [{ productId: '7', customers: 10, repeatRate: 0.4, customers180d: 5, contribution180dMinor: 2000 }]
 */
export function rankFirstProducts(counts: ReadonlyMap<string, FirstProductCount>): FirstProductRow[] {
  return [...counts.entries()]
    .filter(([, row]) => row.customers >= BASKET_THRESHOLDS.minFirstCustomers)
    .map(([productId, row]) => ({
      productId,
      customers: row.customers,
      repeatRate: row.repeat / row.customers,
      customers180d: row.eligible,
      contribution180dMinor: row.eligible > 0 ? Math.round(row.contribution / row.eligible) : null,
    }))
    .sort(
      (x, y) =>
        (y.contribution180dMinor ?? Number.NEGATIVE_INFINITY) -
          (x.contribution180dMinor ?? Number.NEGATIVE_INFINITY) ||
        y.customers - x.customers ||
        x.productId.localeCompare(y.productId),
    );
}
