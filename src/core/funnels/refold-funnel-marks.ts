import { type FunnelMark, matchFunnelMarks } from './match-funnel-marks.ts';

/** A session's step marks as the pre-aggregates keep them (decision 134): four aligned arrays. */
export interface StoredFunnelMarks {
  /** Event times, ms since the epoch. */
  times: readonly number[];
  /** Step masks (bit i: the event passes step i). */
  steps: readonly number[];
  /** When each event was received, seconds since the epoch. */
  received: readonly number[];
  /** Which source each event came from (0 pixel, 1 tracker). */
  sources: readonly number[];
}

/**
 * A session's marks after folding the events of one source received from `fromReceived` on, and its
 * path through the funnel (issue 40, decision 134).
 *
 * Definition: the stored marks of the other sources, and those of this source received before
 * `fromReceived`, plus `fresh` (every event of this source received from `fromReceived` on, read
 * again): so folding the same events twice gives the same marks, and a session re-read because it
 * spans the watermark is neither short of events nor counted twice. The path is matchFunnelMarks over
 * all the marks, the same as over the session's whole events.
 * Method: one filter of the stored marks, one append; matching O(n · k) per start of step 1.
 *
 * @example refoldFunnelMarks(2, 60_000, { times: [1], steps: [1], received: [5], sources: [0] }, 0, 9,
 *   { times: [2], steps: [2], received: [10] }).passedAt // [1, 2]
 */
export function refoldFunnelMarks(
  stepCount: number,
  windowMs: number,
  stored: StoredFunnelMarks,
  source: number,
  fromReceived: number,
  fresh: Omit<StoredFunnelMarks, 'sources'>,
): { marks: StoredFunnelMarks; passedAt: number[] } {
  const marks = {
    times: [] as number[],
    steps: [] as number[],
    received: [] as number[],
    sources: [] as number[],
  };
  const add = (at: number, steps: number, received: number, from: number) => {
    marks.times.push(at);
    marks.steps.push(steps);
    marks.received.push(received);
    marks.sources.push(from);
  };
  stored.times.forEach((at, i) => {
    if (stored.sources[i] !== source || stored.received[i]! < fromReceived)
      add(at, stored.steps[i]!, stored.received[i]!, stored.sources[i]!);
  });
  fresh.times.forEach((at, i) => {
    add(at, fresh.steps[i]!, fresh.received[i]!, source);
  });
  const path: FunnelMark[] = marks.times.map((at, i) => ({ at, steps: marks.steps[i]! }));
  return { marks, passedAt: matchFunnelMarks(stepCount, path, windowMs) };
}
