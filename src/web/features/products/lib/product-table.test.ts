import type { ProductRow, ProductVariantRow } from '@shared/contracts/products.ts';
import { describe, expect, it } from 'vitest';
import { filterAndSortProducts, formatCover, formatTrend, formatVelocity } from './product-table.ts';

const variant = (title: string, sku: string | null): ProductVariantRow => ({
  variantId: title,
  title,
  sku,
  revenue: '0.00',
  units: 0,
  velocity: 0,
  previousUnits: 0,
  velocityChange: null,
  available: null,
  dailyDemand: null,
  daysOfCover: null,
  stockState: 'Untracked',
  lostRevenue: '0.00',
  outOfStockDays: 0,
});

const product = (title: string, revenue: string, daysOfCover: number | null, sku = 'X'): ProductRow => ({
  ...variant(title, null),
  productId: title,
  leadTimeDays: 14,
  leadTimeSource: 'default',
  handle: title.toLowerCase().replaceAll(' ', '-'),
  revenue,
  daysOfCover,
  adSpend: null,
  adCampaigns: [],
  variants: [variant('Default Title', sku)],
});

const list = [
  // Decimal strings: '10.00' after '5.00' as amounts, before it as text.
  product('Stoneware Mug', '5.00', 40),
  product('Chef Knife', '10.00', null, 'KNIFE-1'),
  product('Apron', '1.00', 3),
];

describe('filterAndSortProducts', () => {
  it('sorts by a number either way and by title', () => {
    const by = (key: 'revenue' | 'title', direction: 'asc' | 'desc') =>
      filterAndSortProducts(list, '', { key, direction }).map((p) => p.title);
    expect(by('revenue', 'desc')).toEqual(['Chef Knife', 'Stoneware Mug', 'Apron']);
    expect(by('revenue', 'asc')).toEqual(['Apron', 'Stoneware Mug', 'Chef Knife']);
    expect(by('title', 'asc')).toEqual(['Apron', 'Chef Knife', 'Stoneware Mug']);
  });
  it('puts unknown values last whichever the direction', () => {
    for (const direction of ['asc', 'desc'] as const) {
      const sorted = filterAndSortProducts(list, '', { key: 'daysOfCover', direction });
      expect(sorted.at(-1)!.title).toBe('Chef Knife');
    }
  });
  it('searches titles, handles and SKUs in any case', () => {
    expect(
      filterAndSortProducts(list, 'MUG', { key: 'title', direction: 'asc' }).map((p) => p.title),
    ).toEqual(['Stoneware Mug']);
    expect(filterAndSortProducts(list, 'knife-1', { key: 'title', direction: 'asc' })).toHaveLength(1);
    expect(filterAndSortProducts(list, 'nothing', { key: 'title', direction: 'asc' })).toEqual([]);
  });
});

describe('formats', () => {
  it('reads velocity, trend and cover as people say them', () => {
    expect(formatVelocity(12.34)).toBe('12.3');
    expect(formatVelocity(0.25)).toBe('0.25');
    expect(formatTrend(12.4, 5)).toBe('+12 %');
    expect(formatTrend(-40, 3)).toBe('−40 %');
    expect(formatTrend(null, 4)).toBe('new');
    expect(formatTrend(null, 0)).toBe('—');
    expect(formatCover(44.6, 10, 0.2)).toBe('45 days');
    expect(formatCover(4.24, 10, 2.36)).toBe('4.2 days');
    expect(formatCover(null, 10, 0)).toBe('Ample');
    expect(formatCover(null, 0, 1)).toBe('—');
  });
});
