import { describe, expect, it } from 'vitest';
import { gapBucketBounds } from './gap-bucket-bounds.ts';
import { gapBucketOf } from './gap-bucket-of.ts';

describe('gapBucketOf and gapBucketBounds', () => {
  it('are inverse: each bucket holds exactly the gaps of its bounds, consecutive and at most 1/32 wide', () => {
    let previousTo = 0;
    for (let bucket = 0; bucket < 1_000; bucket++) {
      const { fromMs, toMs } = gapBucketBounds(bucket);
      expect(fromMs, `bucket ${bucket}`).toBe(previousTo);
      expect(toMs).toBeGreaterThan(fromMs);
      if (fromMs >= 64) expect((toMs - fromMs) / fromMs).toBeLessThanOrEqual(1 / 32);
      expect(gapBucketOf(fromMs)).toBe(bucket);
      expect(gapBucketOf(toMs - 0.001)).toBe(bucket);
      expect(gapBucketOf(toMs)).toBe(bucket + 1);
      previousTo = toMs;
    }
  });

  it('never decreases with the gap, at powers of two and huge gaps too', () => {
    const gaps = [0, 0.4, 1, 63.9, 64, 65, 127, 128, 1023.5, 1024, 40_000.5, 86_400_000];
    for (let e = 6; e < 53; e++) gaps.push(2 ** e - 1, 2 ** e, 2 ** e + 0.5);
    gaps.sort((a, b) => a - b);
    for (let i = 1; i < gaps.length; i++)
      expect(gapBucketOf(gaps[i]!), `${gaps[i]}`).toBeGreaterThanOrEqual(gapBucketOf(gaps[i - 1]!));
    for (const gap of gaps) {
      const { fromMs, toMs } = gapBucketBounds(gapBucketOf(gap));
      expect(gap >= fromMs && gap < toMs, `${gap} in [${fromMs}, ${toMs})`).toBe(true);
    }
    expect(gapBucketOf(40_000.5)).toBe(359);
  });

  it('refuses a negative gap and a bucket that does not exist', () => {
    expect(() => gapBucketOf(-1)).toThrow(RangeError);
    expect(() => gapBucketBounds(-1)).toThrow(RangeError);
    expect(() => gapBucketBounds(1.5)).toThrow(RangeError);
  });
});
