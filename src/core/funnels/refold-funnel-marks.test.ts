import { describe, expect, it } from 'vitest';
import { refoldFunnelMarks } from './refold-funnel-marks.ts';

const none = { times: [], steps: [], received: [], sources: [] };

describe('refoldFunnelMarks', () => {
  it('re-reading the events received from the watermark on neither loses nor doubles them', () => {
    // Funnel page_view → page_view: one event cannot pass both steps, a double of it would.
    const first = refoldFunnelMarks(2, 60_000, none, 1, Number.NEGATIVE_INFINITY, {
      times: [1000],
      steps: [3],
      received: [50],
    });
    expect(first.passedAt).toEqual([1000]);
    const again = refoldFunnelMarks(2, 60_000, first.marks, 1, 50, {
      times: [1000, 2000],
      steps: [3, 3],
      received: [50, 51],
    });
    expect(again.marks.times).toEqual([1000, 2000]);
    expect(again.passedAt).toEqual([1000, 2000]);
  });

  it('keeps the other source’s marks and this source’s older ones', () => {
    const stored = { times: [10, 20, 30], steps: [1, 2, 4], received: [1, 2, 9], sources: [0, 1, 1] };
    const { marks, passedAt } = refoldFunnelMarks(3, 60_000, stored, 1, 5, {
      times: [25],
      steps: [4],
      received: [9],
    });
    expect(marks).toEqual({ times: [10, 20, 25], steps: [1, 2, 4], received: [1, 2, 9], sources: [0, 1, 1] });
    expect(passedAt).toEqual([10, 20, 25]);
  });
});
