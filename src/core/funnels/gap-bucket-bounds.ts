import { GAP_SUB_BUCKET_BITS } from './gap-bucket-of.ts';

/**
 * The gaps (ms) a bucket of gapBucketOf holds: `fromMs` ≤ gap < `toMs` (issue 40, decision 141), the
 * range a report reads exact gaps from once the median's bucket is known.
 *
 * Definition (inverse of gapBucketOf, B = 2^GAP_SUB_BUCKET_BITS): b < 2B holds [b, b + 1); otherwise
 * with s = ⌊b / B⌋ − 1 and q = b − s·B (B ≤ q < 2B) it holds [q·2^s, (q + 1)·2^s). The bounds are
 * integers, so gap ∈ [from, to) exactly when ⌊gap⌋ is.
 *
 * @example gapBucketBounds(359) // { fromMs: 39_936, toMs: 40_960 }
 */
export function gapBucketBounds(bucket: number): { fromMs: number; toMs: number } {
  const sub = 2 ** GAP_SUB_BUCKET_BITS;
  if (!Number.isInteger(bucket) || bucket < 0) throw new RangeError(`no gap bucket ${bucket}`);
  if (bucket < 2 * sub) return { fromMs: bucket, toMs: bucket + 1 };
  const s = Math.floor(bucket / sub) - 1;
  const q = bucket - s * sub;
  return { fromMs: q * 2 ** s, toMs: (q + 1) * 2 ** s };
}
