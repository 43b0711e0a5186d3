import { describe, expect, it } from 'vitest';
import { spreadOverDays } from './spread-over-days.ts';

describe('spreadOverDays', () => {
  it.each([
    [10_000, 3, [3334, 3333, 3333]],
    [5, 7, [1, 1, 1, 1, 1, 0, 0]],
    [600, 3, [200, 200, 200]],
    [1, 1, [1]],
    [0, 2, [0, 0]],
  ])('%i over %i days', (amount, days, expected) => {
    expect(spreadOverDays(amount, days)).toEqual(expected);
  });

  it('always sums to the amount, the days at most one unit apart', () => {
    for (const [amount, days] of [
      [123_456_789, 31],
      [99_999, 365],
      [7, 400],
    ] as const) {
      const spread = spreadOverDays(amount, days);
      expect(spread.reduce((a, b) => a + b, 0)).toBe(amount);
      expect(Math.max(...spread) - Math.min(...spread)).toBeLessThanOrEqual(1);
    }
  });

  it('refuses what it cannot spread', () => {
    expect(() => spreadOverDays(-1, 3)).toThrow(RangeError);
    expect(() => spreadOverDays(10, 0)).toThrow(RangeError);
    expect(() => spreadOverDays(1.5, 2)).toThrow(RangeError);
  });
});
