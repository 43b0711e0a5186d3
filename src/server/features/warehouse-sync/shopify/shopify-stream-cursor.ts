/** Where a Shopify stream stands between runs, and the paging constants the streams share. */
/** Resumable position of one stream (orders or customers), stored in sync_states.cursor. */
export interface StreamCursor {
  phase: 'bulk' | 'incremental';
  bulkId?: string | undefined;
  bulkStartedAt?: string | undefined;
  /** JSONL lines of the bulk file already committed. */
  bulkLinesDone?: number | undefined;
  /** Incremental lower bound (ISO instant); null/absent = everything. */
  updatedFrom?: string | null | undefined;
  /** Page cursor inside the current incremental pass. */
  after?: string | null | undefined;
  /** Newest updatedAt committed in the current pass. */
  maxSeen?: string | null | undefined;
  /** Orders backfill: created_at boundaries cutting the bulk export into slices (ISO instants). */
  sliceBounds?: string[] | undefined;
  /** The slice whose export `bulkId` is; `nextBulkId` is the next slice's, once started. */
  slice?: number | undefined;
  nextBulkId?: string | undefined;
}

export const OVERLAP_MS = 60_000;
/** Backfill pages written concurrently (each on its own connection; they still commit in order). */
export const PAGES_IN_FLIGHT = 2;
/**
 * A large backfill is exported in date slices, one bulk query after the other (a shop runs one
 * at a time): Shopify prepares slice N+1 while slice N is loaded, so the wait for the export
 * overlaps the database writes instead of preceding them all.
 */
export const MAX_SLICES = 16;
export const CUSTOMER_PAGE_SIZE = 250;
export const PRODUCT_PAGE_SIZE = 3;

export function readStream(cursor: Record<string, unknown>, name: string): StreamCursor {
  const value = cursor[name];
  if (value && typeof value === 'object' && 'phase' in value) return value as StreamCursor;
  return { phase: 'bulk' };
}

export const later = (a: string | null | undefined, b: string | null | undefined): string | null => {
  if (!a) return b ?? null;
  if (!b) return a;
  return Date.parse(a) >= Date.parse(b) ? a : b;
};
