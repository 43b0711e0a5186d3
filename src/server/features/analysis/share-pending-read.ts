const pending = new Map<string, Promise<unknown>>();

/**
 * Runs `read` once for concurrent callers of the same key: the requests arriving while the first
 * one computes (a page opened by several people right after a sync) wait for its answer instead of
 * each repeating the same heavy query. Nothing is kept once it settles (the caches do that).
 */
export function sharePendingRead<T>(key: string, read: () => Promise<T>): Promise<T> {
  const running = pending.get(key);
  if (running) return running as Promise<T>;
  const started = read().finally(() => pending.delete(key));
  pending.set(key, started);
  return started;
}
