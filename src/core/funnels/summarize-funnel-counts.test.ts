import { describe, expect, it } from 'vitest';
import { type FunnelSession, summarizeFunnel } from './summarize-funnel.ts';
import { type FunnelGapCount, summarizeFunnelCounts } from './summarize-funnel-counts.ts';

/** The per-step gap counts of sessions' paths, as the daily step table holds them. */
function countGaps(stepCount: number, sessions: readonly FunnelSession[]): FunnelGapCount[][] {
  return Array.from({ length: stepCount }, (_, i) => {
    const byGap = new Map<number, number>();
    for (const { passedAt } of sessions)
      if (passedAt.length > i) {
        const gap = i === 0 ? 0 : passedAt[i]! - passedAt[i - 1]!;
        byGap.set(gap, (byGap.get(gap) ?? 0) + 1);
      }
    return [...byGap.entries()].sort(([a], [b]) => a - b).map(([gapMs, n]) => ({ gapMs, sessions: n }));
  });
}

describe('summarizeFunnelCounts', () => {
  it('gives summarizeFunnel’s figures from gap counts, medians and sums included', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 16_807) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    for (let trial = 0; trial < 40; trial++) {
      const stepCount = 1 + Math.floor(next() * 5);
      const sessions: FunnelSession[] = Array.from({ length: Math.floor(next() * 60) }, () => {
        const reached = 1 + Math.floor(next() * stepCount);
        const passedAt = [1_700_000_000_000 + next() * 1e6];
        // Few distinct gaps, some fractional (microsecond times): ties and interpolation both occur.
        for (let s = 1; s < reached; s++) passedAt.push(passedAt[s - 1]! + Math.floor(next() * 4) * 1500.25);
        const buys = next() < 0.3;
        return {
          passedAt,
          revenue: buys ? Math.floor(next() * 10_000) : 0,
          contribution: buys ? Math.floor(next() * 4_000) - 1_000 : 0,
        };
      });
      const total = 1 + Math.floor(next() * 100_000);
      const fromCounts = summarizeFunnelCounts({
        gaps: countGaps(stepCount, sessions),
        buyers: sessions
          .filter((s) => s.revenue !== 0 || s.contribution !== 0)
          .map((s) => ({ stepsPassed: s.passedAt.length, revenue: s.revenue, contribution: s.contribution })),
        totalRevenue: total,
      });
      expect(fromCounts).toEqual(summarizeFunnel(stepCount, sessions, total));
    }
  });

  it('answers null medians and zero rates when no session entered', () => {
    expect(summarizeFunnelCounts({ gaps: [[], []], buyers: [], totalRevenue: 0 })).toEqual(
      summarizeFunnel(2, [], 0),
    );
  });
});
