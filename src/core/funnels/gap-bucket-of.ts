/** log2 of the sub-buckets per power of two of a step gap: buckets are at most 1/32 as wide as their gaps. */
export const GAP_SUB_BUCKET_BITS = 5;

/**
 * The coarse bucket of a funnel step gap (issue 40, decision 141): the daily step table keeps, beside
 * the count of every exact gap, a count per bucket, so a report finds the bucket holding the median
 * from few rows and reads exact gaps only inside it.
 *
 * Definition: with m = ⌊gapMs⌋ (gapMs ≥ 0) and B = 2^GAP_SUB_BUCKET_BITS: bucket = m when m < 2B;
 * otherwise, with e = ⌊log2 m⌋ and s = e − GAP_SUB_BUCKET_BITS, bucket = s·B + ⌊m / 2^s⌋ (log-linear,
 * as HDR histograms: B buckets per power of two, each 2^s ms wide).
 * Properties: non-decreasing in gapMs; bucket b holds exactly the gaps of gapBucketBounds(b).
 * Method: integer arithmetic only (powers of two and m < 2^53 are exact doubles; the estimate of e
 * from Math.log2 is corrected against 2^e), so the bucket of a gap never depends on rounding.
 *
 * @example gapBucketOf(40_000.5) // 40_000 ms: e = 15, s = 10, 10·32 + ⌊40_000 / 1024⌋ = 359
 */
export function gapBucketOf(gapMs: number): number {
  const sub = 2 ** GAP_SUB_BUCKET_BITS;
  const m = Math.floor(gapMs);
  if (!(m >= 0)) throw new RangeError(`a step gap is never negative, got ${gapMs}`);
  if (m < 2 * sub) return m;
  let e = Math.floor(Math.log2(m));
  if (2 ** e > m) e -= 1;
  else if (2 ** (e + 1) <= m) e += 1;
  const s = e - GAP_SUB_BUCKET_BITS;
  return s * sub + Math.floor(m / 2 ** s);
}
