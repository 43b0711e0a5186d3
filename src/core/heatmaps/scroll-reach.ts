/**
 * Scroll reach: the share of page views whose deepest point reached each step of the page.
 *
 * Definition: a view's depth is the deepest bottom edge of its viewport, in percent of the document
 * height (0–100). The reach of step d is (views with depth ≥ d) ÷ views; step 0 is every view, so
 * a scroll map starts at 1 and falls as the page goes on. Reference: the scroll maps of Hotjar and
 * Clarity ("percentage of visitors who scrolled at least this far").
 *
 * Method: one pass over the depth histogram (`depth → views`) per step; no views gives 0 everywhere.
 */
export function scrollReach(
  histogram: ReadonlyArray<{ depth: number; views: number }>,
  stepPercent: number,
): Array<{ depthPercent: number; reachedShare: number }> {
  const total = histogram.reduce((sum, row) => sum + row.views, 0);
  const steps: Array<{ depthPercent: number; reachedShare: number }> = [];
  for (let d = 0; d <= 100; d += stepPercent) {
    const reached = histogram.reduce((sum, row) => (row.depth >= d ? sum + row.views : sum), 0);
    steps.push({ depthPercent: d, reachedShare: total === 0 ? 0 : reached / total });
  }
  return steps;
}
