import { LRUCache } from 'lru-cache';

/**
 * Every cache and in-flight map of the server, on one primitive (`lru-cache`, decision 044), built
 * once per app by the composition root and passed through `AppDeps`: nothing is kept in module
 * state, so two apps in one process (the tests run several) never share what they keep.
 */

/** What a cache keeps, boxed: lru-cache keeps no `undefined`, and "no run yet" (null) is an answer too. */
interface Kept {
  value: unknown;
}

/** Loads the value of a key on a miss; passed as the fetch context, so each caller brings its own. */
type Load = () => Promise<unknown>;

/** A bounded cache whose misses load through `fetch` (concurrent misses share one load). */
export type KeptCache = LRUCache<string, Kept, Load>;

/** An access token and when it stops being used (ms, on the connector's clock). */
export interface UpstreamToken {
  accessToken: string;
  expiresAt: number;
}

export type UpstreamTokenCache = LRUCache<string, UpstreamToken>;

export interface TrackingSiteCache {
  entries: LRUCache<string, Kept>;
  /** Bumped by every change, so a lookup that raced with it does not keep what it read. */
  generation: number;
}

export interface AppCaches {
  /**
   * Answers that never change once computed, by what identifies them: a succeeded run's sections,
   * answers per warehouse or rollup version, the opportunity list's encoded bytes.
   */
  answers: KeptCache;
  /**
   * Summed heatmap tiles per read and fold version (features/tracking/read-heatmap.ts): a few
   * views per process, kept apart from `answers` because one can hold a whole page's cells.
   */
  heatmapTiles: KeptCache;
  /** Work running now, by key: a second caller joins it; nothing is kept once it settles. */
  inFlight: LRUCache<string, Promise<unknown>>;
  /** Tracking configurations by tracking id, for a few seconds (features/tracking/ingest/configuration-cache.ts). */
  trackingSites: TrackingSiteCache;
  /** Upstream access tokens (Shopify client credentials, Google service account), by credentials. */
  upstreamTokens: UpstreamTokenCache;
}

/** Bounds on memory: a few sections of a few dozen workspaces; every tracked site of a busy server. */
const ANSWERS_KEPT = 1024;
const HEATMAP_TILES_KEPT = 32;
const IN_FLIGHT_MAX = 10_000;
const TRACKING_SITES_KEPT = 10_000;
const UPSTREAM_TOKENS_KEPT = 1_000;
/** How long a tracking configuration is reused (changes through this process clear it at once). */
export const TRACKING_SITE_TTL_MS = 5_000;

/** A bounded cache whose misses load through the caller's `load` (see keptAnswer). */
const keptCache = (max: number): KeptCache =>
  new LRUCache<string, Kept, Load>({
    max,
    fetchMethod: async (_key, _stale, { context }) => ({ value: await context() }),
  });

export function createAppCaches(): AppCaches {
  return {
    answers: keptCache(ANSWERS_KEPT),
    heatmapTiles: keptCache(HEATMAP_TILES_KEPT),
    inFlight: new LRUCache({ max: IN_FLIGHT_MAX }),
    trackingSites: {
      entries: new LRUCache({ max: TRACKING_SITES_KEPT, ttl: TRACKING_SITE_TTL_MS }),
      generation: 0,
    },
    upstreamTokens: new LRUCache({ max: UPSTREAM_TOKENS_KEPT }),
  };
}

/**
 * The answer kept under `key`, loaded once: concurrent callers share one load, a failed load is
 * not kept. Callers must not mutate what this returns. `holds` says whether a kept answer that
 * also depends on the time is still the answer now; when not, it is loaded again.
 */
export async function keptAnswer<T>(
  cache: KeptCache,
  key: string,
  load: () => Promise<T>,
  holds?: (value: T) => boolean,
): Promise<T> {
  const kept = cache.get(key);
  if (kept && holds && !holds(kept.value as T)) cache.delete(key);
  const fetched = await cache.fetch(key, { context: load });
  return fetched!.value as T;
}

/**
 * Runs `start` once for concurrent callers of the same key: those arriving while it runs get its
 * promise instead of starting the same work again. Nothing is kept once it settles.
 */
export function joinInFlight<T>(
  inFlight: LRUCache<string, Promise<unknown>>,
  key: string,
  start: () => Promise<T>,
): Promise<T> {
  const running = inFlight.get(key);
  if (running) return running as Promise<T>;
  const started = start().finally(() => {
    if (inFlight.get(key) === started) inFlight.delete(key);
  });
  inFlight.set(key, started);
  return started;
}
