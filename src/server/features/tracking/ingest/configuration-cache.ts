import type { TrackingSiteCache } from '../../../caches.ts';

/**
 * The ingestion endpoint looks its site up on every request; this keeps found configurations for
 * a few seconds (the app's `trackingSites` cache, TTL `TRACKING_SITE_TTL_MS`) so a busy site costs
 * no lookup per request. Unknown ids are not kept: a site created a moment ago in another process
 * must be found at once. Changes made through this app clear it at once; another app process sees
 * them within the TTL.
 */
export async function cachedConfiguration<T>(
  cache: TrackingSiteCache,
  trackingId: string,
  load: () => Promise<T | null>,
): Promise<T | null> {
  const hit = cache.entries.get(trackingId);
  if (hit) return hit.value as T;
  // A change while this lookup runs bumps the generation: what it read is then not kept.
  const generation = cache.generation;
  const value = await load();
  if (value !== null && cache.generation === generation) cache.entries.set(trackingId, { value });
  return value;
}

/** Forgets every cached configuration (after a configuration changed). */
export function forgetCachedConfigurations(cache: TrackingSiteCache): void {
  cache.entries.clear();
  cache.generation += 1;
}
