import type { ProductRow, StockState } from '@shared/contracts/products.ts';
import { formatDaysOfCover } from '@shared/metrics.ts';
import type { BadgeVariant } from '@web/components/ui/badge.tsx';

export type ProductSortKey =
  | 'title'
  | 'revenue'
  | 'units'
  | 'velocity'
  | 'velocityChange'
  | 'available'
  | 'daysOfCover'
  | 'lostRevenue'
  | 'adSpend';

export interface ProductSort {
  key: ProductSortKey;
  direction: 'asc' | 'desc';
}

/** A column's value as a sort position: amounts are decimal strings, so "10.00" must come after "9.00". */
const orderOf = (value: number | string | null): number | null =>
  value === null ? null : typeof value === 'string' ? Number(value) : value;

/**
 * The table's rows: those whose title, handle, SKU or variant title contains the search (any case),
 * sorted by the chosen column; empty values (no cover, no spend) always sort last, ties by title.
 */
export function filterAndSortProducts(
  products: readonly ProductRow[],
  search: string,
  sort: ProductSort,
): ProductRow[] {
  const needle = search.trim().toLowerCase();
  const matches = (p: ProductRow) =>
    needle === '' ||
    p.title.toLowerCase().includes(needle) ||
    (p.handle ?? '').toLowerCase().includes(needle) ||
    p.variants.some(
      (v) => v.title.toLowerCase().includes(needle) || (v.sku ?? '').toLowerCase().includes(needle),
    );
  const sign = sort.direction === 'asc' ? 1 : -1;
  return products.filter(matches).sort((a, b) => {
    if (sort.key === 'title') return sign * a.title.localeCompare(b.title);
    const x = orderOf(a[sort.key]);
    const y = orderOf(b[sort.key]);
    if (x === null || y === null) return x === y ? a.title.localeCompare(b.title) : x === null ? 1 : -1;
    return sign * (x - y) || a.title.localeCompare(b.title);
  });
}

/** Badge colour of a stock state. */
export function stockVariant(state: StockState): BadgeVariant {
  if (state === 'Out of stock') return 'destructive';
  if (state === 'Partly out of stock' || state === 'Low stock') return 'warning';
  if (state === 'In stock') return 'success';
  return 'secondary';
}

/** "12.3" units a day, "0.25" under one. */
export function formatVelocity(unitsPerDay: number): string {
  return unitsPerDay >= 1 ? unitsPerDay.toFixed(1) : unitsPerDay.toFixed(2);
}

/** "+12 %", "−40 %", or "new" when the previous period sold nothing. */
export function formatTrend(percent: number | null, units: number): string {
  if (percent === null) return units > 0 ? 'new' : '—';
  const rounded = Math.round(percent);
  return `${rounded > 0 ? '+' : rounded < 0 ? '−' : '±'}${Math.abs(rounded)} %`;
}

/** "45 days", "4.2 days" (`formatDaysOfCover`), "Ample" when nothing sells, a dash when stock is unknown or gone. */
export function formatCover(
  daysOfCover: number | null,
  available: number | null,
  dailyDemand: number | null,
): string {
  if (available === null || available <= 0) return '—';
  if (daysOfCover === null) return dailyDemand === 0 || dailyDemand === null ? 'Ample' : '—';
  return formatDaysOfCover(daysOfCover);
}
