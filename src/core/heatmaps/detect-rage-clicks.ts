/** One click of a session on a page: client time (ms), page position (px) and element. */
export interface SessionClick {
  at: number;
  x: number;
  y: number;
  selector: string | null;
}

export interface RageRule {
  /** Clicks a burst needs (3). */
  minClicks: number;
  /** Greatest distance (px, Euclidean) of a burst's clicks from its first click (30). */
  radiusPx: number;
  /** Greatest time (ms) from a burst's first click to its last (1000). */
  windowMs: number;
}

/**
 * Rage clicks of one session on one page, by element.
 *
 * Definition: a burst starts at a click and takes every following click (in time order) that is
 * within `windowMs` of the start and within `radiusPx` of the start's position; a click outside
 * either bound ends the burst and starts the next one. A burst of at least `minClicks` clicks is
 * one rage click, credited to the element of its first click (clicks without an element count as
 * `(no element)`). Reference: Microsoft Clarity and PostHog define rage clicks the same way (several
 * rapid clicks in one small area); the thresholds are issue 16's (≥ 3 clicks, 30 px, 1 s).
 *
 * Method: sort by time, then one greedy pass, O(n log n). Clicks may arrive in any order (they are
 * appended per upload); equal times keep their given order.
 */
export function detectRageClicks(clicks: readonly SessionClick[], rule: RageRule): Map<string, number> {
  const sorted = [...clicks].sort((a, b) => a.at - b.at);
  const bursts = new Map<string, number>();
  let start = 0;
  while (start < sorted.length) {
    const first = sorted[start]!;
    let end = start + 1;
    while (end < sorted.length) {
      const next = sorted[end]!;
      const near = Math.hypot(next.x - first.x, next.y - first.y) <= rule.radiusPx;
      if (next.at - first.at > rule.windowMs || !near) break;
      end += 1;
    }
    if (end - start >= rule.minClicks) {
      const selector = first.selector ?? '(no element)';
      bursts.set(selector, (bursts.get(selector) ?? 0) + 1);
    }
    start = end;
  }
  return bursts;
}
