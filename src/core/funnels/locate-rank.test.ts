import { describe, expect, it } from 'vitest';
import { locateRank } from './locate-rank.ts';
import { medianRanks } from './median-ranks.ts';

describe('locateRank and medianRanks', () => {
  const counts = [
    { bucket: 3, sessions: 2 },
    { bucket: 9, sessions: 5 },
    { bucket: 40, sessions: 1 },
  ];

  it('finds the bucket of a rank and the rank inside it', () => {
    expect([0, 1, 2, 6, 7].map((rank) => locateRank(counts, rank))).toEqual([
      { bucket: 3, rankInBucket: 0 },
      { bucket: 3, rankInBucket: 1 },
      { bucket: 9, rankInBucket: 0 },
      { bucket: 9, rankInBucket: 4 },
      { bucket: 40, rankInBucket: 0 },
    ]);
    expect(() => locateRank(counts, 8)).toThrow(RangeError);
  });

  it('gives the two ranks type-7 interpolates at p = 0.5', () => {
    expect(medianRanks(1)).toEqual({ lower: 0, upper: 0, fraction: 0 });
    expect(medianRanks(4)).toEqual({ lower: 1, upper: 2, fraction: 0.5 });
    expect(medianRanks(5)).toEqual({ lower: 2, upper: 3, fraction: 0 });
    expect(() => medianRanks(0)).toThrow(RangeError);
  });
});
