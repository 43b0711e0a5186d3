import { describe, expect, it } from 'vitest';
import { gapBucketOf } from './gap-bucket-of.ts';
import { type BucketCount, locateRank } from './locate-rank.ts';
import { medianRanks } from './median-ranks.ts';
import { type FunnelSession, summarizeFunnel } from './summarize-funnel.ts';
import { type FunnelStepCount, summarizeFunnelCounts } from './summarize-funnel-counts.ts';

/**
 * The per-step counts of sessions' paths as the report reads them (decision 141): sessions per
 * gap bucket, the buckets of the median's two ranks, then the exact gaps inside those buckets only.
 */
function countSteps(stepCount: number, sessions: readonly FunnelSession[]): FunnelStepCount[] {
  return Array.from({ length: stepCount }, (_, i) => {
    const gaps = sessions
      .filter((s) => s.passedAt.length > i)
      .map((s) => (i === 0 ? 0 : s.passedAt[i]! - s.passedAt[i - 1]!));
    if (i === 0 || gaps.length === 0) return { sessions: gaps.length, medianGapsMs: null };
    const byBucket = new Map<number, number>();
    for (const gap of gaps) byBucket.set(gapBucketOf(gap), (byBucket.get(gapBucketOf(gap)) ?? 0) + 1);
    const buckets: BucketCount[] = [...byBucket.entries()]
      .sort(([a], [b]) => a - b)
      .map(([bucket, n]) => ({ bucket, sessions: n }));
    const exact = (rank: number) => {
      const { bucket, rankInBucket } = locateRank(buckets, rank);
      return gaps.filter((gap) => gapBucketOf(gap) === bucket).sort((a, b) => a - b)[rankInBucket]!;
    };
    const { lower, upper } = medianRanks(gaps.length);
    return { sessions: gaps.length, medianGapsMs: [exact(lower), exact(upper)] as const };
  });
}

describe('summarizeFunnelCounts', () => {
  it('gives summarizeFunnel’s figures from bucketed counts and the exact gaps around each median', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 16_807) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    for (let trial = 0; trial < 60; trial++) {
      const stepCount = 1 + Math.floor(next() * 5);
      // Half the trials with few distinct gaps (ties), half with millisecond gaps over 0–3 minutes.
      const fine = trial % 2 === 1;
      const sessions: FunnelSession[] = Array.from({ length: Math.floor(next() * 80) }, () => {
        const reached = 1 + Math.floor(next() * stepCount);
        const passedAt = [1_700_000_000_000 + next() * 1e6];
        for (let s = 1; s < reached; s++)
          passedAt.push(
            passedAt[s - 1]! +
              (fine ? Math.floor(next() * 180_000) + next() : Math.floor(next() * 4) * 1500.25),
          );
        const buys = next() < 0.3;
        return {
          passedAt,
          revenue: buys ? Math.floor(next() * 10_000) : 0,
          contribution: buys ? Math.floor(next() * 4_000) - 1_000 : 0,
        };
      });
      const total = 1 + Math.floor(next() * 100_000);
      const fromCounts = summarizeFunnelCounts({
        steps: countSteps(stepCount, sessions),
        buyers: sessions
          .filter((s) => s.revenue !== 0 || s.contribution !== 0)
          .map((s) => ({ stepsPassed: s.passedAt.length, revenue: s.revenue, contribution: s.contribution })),
        totalRevenue: total,
      });
      expect(fromCounts).toEqual(summarizeFunnel(stepCount, sessions, total));
    }
  });

  it('answers null medians and zero rates when no session entered', () => {
    const none = { sessions: 0, medianGapsMs: null };
    expect(summarizeFunnelCounts({ steps: [none, none], buyers: [], totalRevenue: 0 })).toEqual(
      summarizeFunnel(2, [], 0),
    );
  });

  it('refuses a step with sessions but no median gaps', () => {
    const steps = [
      { sessions: 2, medianGapsMs: null },
      { sessions: 1, medianGapsMs: null },
    ];
    expect(() => summarizeFunnelCounts({ steps, buyers: [], totalRevenue: 0 })).toThrow(RangeError);
  });
});
