import type { InsightFinding } from './types.ts';

const SEVERITY_ORDER = { high: 0, medium: 1, low: 2 } as const;

/**
 * The page's order: severity first (high, medium, low), then money at stake (largest first), then
 * id, so equal insights keep a stable order between refreshes.
 */
export function rankInsights(insights: readonly InsightFinding[]): InsightFinding[] {
  return [...insights].sort(
    (a, b) =>
      SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
      b.impact - a.impact ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}
