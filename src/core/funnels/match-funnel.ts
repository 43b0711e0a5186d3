import { matchesFunnelStep } from './matches-funnel-step.ts';
import type { FunnelEvent, FunnelStep } from './types.ts';

/**
 * How far one session went through a funnel (issue 40): the times at which it passed each step it
 * reached, in step order (empty when it never passed the first step).
 *
 * Definition: a session passes steps 1…k when it has events e1 ≤ … ≤ ek in time order with ei
 * matching step i (matchesFunnelStep), each after the previous one, and ek within `windowMs` of e1.
 * Of all such paths the one reaching the most steps is kept; among those, the one starting latest
 * before the farthest step (so the time between steps is not inflated by an early, unrelated visit
 * of step 1) — that is, for each occurrence of step 1 the earliest later match of each next step
 * (greedy, optimal for a fixed start), and the best start.
 * Method: events sorted by time once; O(n · k) per start of step 1, n events, k steps.
 *
 * @example matchFunnel([{kind:'event',value:'a'},{kind:'event',value:'b'}], events, 60_000) // [t_a, t_b]
 */
export function matchFunnel(
  steps: readonly FunnelStep[],
  events: readonly FunnelEvent[],
  windowMs: number,
): number[] {
  if (steps.length === 0) return [];
  const sorted = [...events].sort((a, b) => a.at - b.at);
  let best: number[] = [];
  for (let start = 0; start < sorted.length; start++) {
    const first = sorted[start]!;
    if (!matchesFunnelStep(steps[0]!, first)) continue;
    const path = [first.at];
    for (let i = start + 1; i < sorted.length && path.length < steps.length; i++) {
      const event = sorted[i]!;
      if (event.at - first.at > windowMs) break;
      if (matchesFunnelStep(steps[path.length]!, event)) path.push(event.at);
    }
    if (path.length >= best.length) best = path;
  }
  return best;
}
