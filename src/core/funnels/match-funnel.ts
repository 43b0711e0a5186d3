import { matchFunnelMarks } from './match-funnel-marks.ts';
import { matchesFunnelStep } from './matches-funnel-step.ts';
import type { FunnelEvent, FunnelStep } from './types.ts';

/**
 * How far one session went through a funnel (issue 40): the times at which it passed each step it
 * reached, in step order (empty when it never passed the first step).
 *
 * Definition: each event marked with the steps it passes (matchesFunnelStep), then the path of
 * matchFunnelMarks — in time order (simultaneous events in step order), the path reaching the most
 * steps within `windowMs` of its first step, the latest such start.
 * Method: k step tests per event, then matchFunnelMarks.
 *
 * @example matchFunnel([{kind:'event',value:'a'},{kind:'event',value:'b'}], events, 60_000) // [t_a, t_b]
 */
export function matchFunnel(
  steps: readonly FunnelStep[],
  events: readonly FunnelEvent[],
  windowMs: number,
): number[] {
  const marks = events.map((event) => ({
    at: event.at,
    steps: steps.reduce((mask, step, i) => (matchesFunnelStep(step, event) ? mask | (1 << i) : mask), 0),
  }));
  return matchFunnelMarks(steps.length, marks, windowMs);
}
