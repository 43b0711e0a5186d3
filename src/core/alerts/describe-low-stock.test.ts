import { describe, expect, it } from 'vitest';
import { describeLowStock } from './describe-low-stock.ts';

describe('the low-stock alert detail', () => {
  it('counts one unit and one day in the singular', () => {
    expect(describeLowStock(1, 1.2, 7)).toBe(
      '1 unit left, about 1 day of cover — less than the 7-day lead time.',
    );
  });

  it('counts several in the plural', () => {
    expect(describeLowStock(6, 5.6, 7)).toBe(
      '6 units left, about 6 days of cover — less than the 7-day lead time.',
    );
  });

  it('says less than a day rather than about 0 days', () => {
    expect(describeLowStock(2, 0.3, 7)).toBe(
      '2 units left, less than a day of cover — less than the 7-day lead time.',
    );
  });
});
