/** One event of a session reduced to what the matching needs: when, and which steps it passes. */
export interface FunnelMark {
  /** Milliseconds since the epoch. */
  at: number;
  /** Bit i set when the event passes step i (matchesFunnelStep); 0 when it passes none. */
  steps: number;
}

/** The lowest set bit of a step mask: the first step an event passes (0 when it passes none). */
const firstStepBit = (steps: number) => steps & -steps;

/**
 * How far one session went through a funnel of `stepCount` steps (issue 40): the times at which it
 * passed each step it reached, in step order (empty when it never passed the first step). This is
 * the definition the database's compact read (decision 118) feeds; matchFunnel computes the marks
 * from whole events.
 *
 * Definition: events ordered by time, events of the same instant in the order of the first step
 * they pass (so simultaneous events pass in step order, whatever order they arrived in). A session
 * passes steps 1…k when it has events e1, …, ek in that order, each after the previous one, with ei
 * passing step i and ek within `windowMs` of e1. Of all such paths the one reaching the most steps
 * is kept; among those, the one starting latest (so the time between steps is not inflated by an
 * early, unrelated visit of step 1) — that is, for each occurrence of step 1 the earliest later
 * match of each next step (greedy, optimal for a fixed start), and the best start.
 * Method: marks sorted once; O(n · k) per start of step 1, n events, k steps.
 *
 * @example matchFunnelMarks(2, [{ at: 5, steps: 2 }, { at: 1, steps: 1 }], 60_000) // [1, 5]
 */
export function matchFunnelMarks(
  stepCount: number,
  marks: readonly FunnelMark[],
  windowMs: number,
): number[] {
  if (stepCount === 0) return [];
  const sorted = [...marks].sort((a, b) => a.at - b.at || firstStepBit(a.steps) - firstStepBit(b.steps));
  let best: number[] = [];
  for (let start = 0; start < sorted.length; start++) {
    const first = sorted[start]!;
    if ((first.steps & 1) === 0) continue;
    const path = [first.at];
    for (let i = start + 1; i < sorted.length && path.length < stepCount; i++) {
      const mark = sorted[i]!;
      if (mark.at - first.at > windowMs) break;
      if ((mark.steps & (1 << path.length)) !== 0) path.push(mark.at);
    }
    if (path.length >= best.length) best = path;
  }
  return best;
}
