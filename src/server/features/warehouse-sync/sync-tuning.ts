import type { RetryPolicy } from '../../connectors/http/request.ts';

/**
 * Process-wide knobs of the syncs (timeout and retries for all three sources; the rest Shopify's).
 * Production uses the defaults; integration tests and the
 * backfill bench shorten retries and page sizes so that fault scenarios finish in seconds, and
 * can turn bulk operations off to exercise the paging path.
 */
export interface SyncTuning {
  /** Retry policy of the upstream client (the connector's default when undefined). */
  retry: Partial<RetryPolicy> | undefined;
  /** Per-request timeout. */
  timeoutMs: number;
  /** Orders per incremental page (cost-limited: each order carries up to 5 lines and its transactions; 14 stays under the 1000-point cap). */
  orderPageSize: number;
  /** Use bulk operations for the first (backfill) pass. */
  bulk: boolean;
  /** Orders per date slice of the bulk backfill (each slice is one bulk export, loaded while the next one runs). */
  bulkSliceOrders: number;
  /** Orders per committed page of a bulk backfill. */
  bulkPageOrders: number;
}

const DEFAULTS: SyncTuning = {
  retry: undefined,
  timeoutMs: 30_000,
  orderPageSize: 14,
  bulk: true,
  bulkSliceOrders: 100_000,
  bulkPageOrders: 2_500,
};

export const syncTuning: SyncTuning = { ...DEFAULTS };

export function tuneSync(patch: Partial<SyncTuning>): void {
  Object.assign(syncTuning, patch);
}

export function resetSyncTuning(): void {
  Object.assign(syncTuning, DEFAULTS);
}
