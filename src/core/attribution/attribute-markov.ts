import { solveLinearSystem } from '../stats/solve-linear-system.ts';
import type { JourneyPath } from '../types.ts';
import { sortCredits } from './sort-credits.ts';
import type { ChannelCredit } from './types.ts';

export interface MarkovAttribution {
  channels: ChannelCredit[];
  /** Removal effect per channel, RE_c = 1 − P(conversion without c)/P(conversion). */
  removalEffects: Record<string, number>;
  /** P(conversion) from the start state of the fitted chain. */
  conversionProbability: number;
}

/**
 * First-order Markov-chain attribution by removal effects.
 *
 * Definition: states start, one per channel, and the absorbing states conversion and null; the
 * transition probabilities are the observed transition shares (each path weighted by its
 * conversions + nulls; its last channel moves to conversion `conversions` times and to null `nulls`
 * times). RE_c = 1 − P(conv | c removed)/P(conv), removing c meaning every move into c goes to null;
 * credit_c = total conversions · RE_c / Σ RE (value likewise with the total value).
 * Reference: Anderl, Becker, von Wangenheim & Schumann (2016), IJRM 33(3); analytics.md §4 hand
 * case (A>B>A>B>B>A, A>B>B>A>A, A>A, no nulls: RE_A = 1, RE_B = 0.5 → A 2, B 1).
 * Method: absorption probabilities solve (I − Q)p = r exactly (Gaussian elimination), once for the
 * full chain and once per removed channel; O(k⁴) for k channels, no simulation. Consecutive repeats
 * of a channel are collapsed: a self-loop does not change absorption probabilities.
 */
export function attributeMarkov(paths: readonly JourneyPath[]): MarkovAttribution {
  const channels = [...new Set(paths.flatMap((p) => p.path))].sort();
  const index = new Map(channels.map((c, i) => [c, i + 1])); // 0 = start
  const k = channels.length + 1;
  const counts = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  const toConversion = new Array<number>(k).fill(0);
  const toNull = new Array<number>(k).fill(0);
  let totalConversions = 0;
  let totalValue = 0;
  for (const path of paths) {
    totalConversions += path.conversions;
    totalValue += path.value;
    const weight = path.conversions + path.nulls;
    const collapsed = path.path.filter((c, i) => i === 0 || c !== path.path[i - 1]);
    if (collapsed.length === 0 || weight === 0) continue;
    let from = 0;
    for (const channel of collapsed) {
      const to = index.get(channel)!;
      counts[from]![to]! += weight;
      from = to;
    }
    toConversion[from]! += path.conversions;
    toNull[from]! += path.nulls;
  }
  const absorb = (removed: number | null): number => {
    // Row i of (I − Q) and r; a state with no outgoing observations (or removed) absorbs into null.
    const a = Array.from({ length: k }, (_, i) => Array.from({ length: k }, (_, j) => (i === j ? 1 : 0)));
    const r = new Array<number>(k).fill(0);
    for (let i = 0; i < k; i += 1) {
      if (i === removed) continue;
      const out = counts[i]!.reduce((s, v) => s + v, 0) + toConversion[i]! + toNull[i]!;
      if (out === 0) continue;
      for (let j = 0; j < k; j += 1) if (j !== removed) a[i]![j]! -= counts[i]![j]! / out;
      r[i] = toConversion[i]! / out;
    }
    return solveLinearSystem(a, r)[0]!;
  };
  const base = absorb(null);
  const removalEffects: Record<string, number> = {};
  for (const channel of channels) {
    removalEffects[channel] = base > 0 ? Math.max(0, 1 - absorb(index.get(channel)!) / base) : 0;
  }
  const sumEffects = Object.values(removalEffects).reduce((s, v) => s + v, 0);
  const totals = new Map(
    channels.map((c) => {
      const share = sumEffects > 0 ? removalEffects[c]! / sumEffects : 0;
      return [c, { conversions: totalConversions * share, value: totalValue * share }];
    }),
  );
  return { channels: sortCredits(totals), removalEffects, conversionProbability: base };
}
