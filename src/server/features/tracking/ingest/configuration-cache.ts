import type { Db } from '../../../db/client.ts';

/**
 * How long a configuration looked up by tracking id is reused. Changes made through this process
 * (Enable/Disable, Delete) clear it at once; another app process sees them within this time.
 */
export const CONFIGURATION_CACHE_TTL_MS = 5_000;
/** Entries kept per database at most; the oldest go first. */
const MAX_ENTRIES = 10_000;

interface Entry<T> {
  value: T;
  expiresAt: number;
}

interface Cache {
  entries: Map<string, Entry<unknown>>;
  /** Bumped by every change, so a lookup that raced with it does not store what it read. */
  generation: number;
}

/** One cache per database (tests run several apps, each on its own database, in one process). */
const caches = new WeakMap<Db, Cache>();

/**
 * The ingestion endpoint looks its site up on every request; this keeps found configurations for
 * a few seconds so a busy site costs no lookup per request. Unknown ids are not kept: a site
 * created a moment ago in another process must be found at once.
 */
export async function cachedConfiguration<T>(
  db: Db,
  trackingId: string,
  load: () => Promise<T | null>,
): Promise<T | null> {
  let cache = caches.get(db);
  if (!cache) {
    cache = { entries: new Map(), generation: 0 };
    caches.set(db, cache);
  }
  const hit = cache.entries.get(trackingId);
  if (hit && hit.expiresAt > performance.now()) return hit.value as T;
  const generation = cache.generation;
  const value = await load();
  cache.entries.delete(trackingId);
  if (value !== null && cache.generation === generation) {
    if (cache.entries.size >= MAX_ENTRIES) cache.entries.delete(cache.entries.keys().next().value!);
    cache.entries.set(trackingId, { value, expiresAt: performance.now() + CONFIGURATION_CACHE_TTL_MS });
  }
  return value;
}

/** Forgets every cached configuration of a database (after a configuration changed). */
export function forgetCachedConfigurations(db: Db): void {
  const cache = caches.get(db);
  if (!cache) return;
  cache.entries.clear();
  cache.generation += 1;
}
