import { keptAnswer } from '../../caches.ts';
import type { CachedReads } from '../../http/deps.ts';
import { type AttributionFigures, loadAttribution } from './load-attribution.ts';

/**
 * The window's attribution figures, computed once per warehouse version (only a sync changes
 * them): a 90-day window of a large store groups tens of thousands of orders, which must not happen
 * on every 30-second poll. Callers must not mutate what this returns.
 */
export function queryAttribution(
  { db, caches }: CachedReads,
  workspaceId: string,
  start: string,
  end: string,
  version: string | null,
): Promise<AttributionFigures> {
  const load = () => loadAttribution(db, workspaceId, start, end, { customers: true });
  if (version === null) return load();
  return keptAnswer(caches.answers, `attribution/${workspaceId}|${start}|${end}|${version}`, load);
}
