/** How many values fell in one bucket. */
export interface BucketCount {
  bucket: number;
  sessions: number;
}

/**
 * The bucket holding the value of 0-based rank `rank` among values counted per bucket, and that
 * value's rank inside its bucket (issue 40, decision 141: the first level of the two-level median).
 *
 * Definition: with counts ascending by bucket (buckets ordered as their values), the first bucket b
 * whose running total exceeds `rank`; rankInBucket = rank − the total before b.
 *
 * @throws RangeError when rank is not below the total count.
 * @example locateRank([{ bucket: 3, sessions: 2 }, { bucket: 9, sessions: 5 }], 4) // { bucket: 9, rankInBucket: 2 }
 */
export function locateRank(
  counts: readonly BucketCount[],
  rank: number,
): { bucket: number; rankInBucket: number } {
  let before = 0;
  for (const { bucket, sessions } of counts) {
    if (rank < before + sessions) return { bucket, rankInBucket: rank - before };
    before += sessions;
  }
  throw new RangeError(`rank ${rank} past the ${before} counted values`);
}
