import { describe, expect, it } from 'vitest';
import { splitByLargestRemainder } from './split-by-largest-remainder.ts';

describe('splitByLargestRemainder', () => {
  it('adds up to the total with every part within one unit of its exact share', () => {
    const weights = [334, 333, 334];
    const parts = splitByLargestRemainder(1055, weights);
    expect(parts).toEqual([352, 351, 352]);
    for (let total = 0; total < 500; total += 7) {
      const split = splitByLargestRemainder(total, [5, 1, 3, 0.5]);
      expect(split.reduce((s, p) => s + p, 0)).toBe(total);
      split.forEach((p, i) => {
        expect(Math.abs(p - (total * [5, 1, 3, 0.5][i]!) / 9.5)).toBeLessThan(1);
      });
    }
  });

  it('gives the leftover units to the largest remainders, ties to the earlier part; no weight gives zeros', () => {
    expect(splitByLargestRemainder(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(splitByLargestRemainder(5, [0, 0])).toEqual([0, 0]);
    expect(splitByLargestRemainder(0, [1, 2])).toEqual([0, 0]);
  });
});
