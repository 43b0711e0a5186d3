import { Readable } from 'node:stream';
import { UpstreamError } from '../../../connectors/http/upstream-error.ts';
import type { ShopifyClient } from '../../../connectors/shopify/client.ts';
import type { Db } from '../../../db/client.ts';
import type { SyncSession } from '../../../domain/sync/sync-run.ts';
import {
  BULK_BY_ID_QUERY,
  BULK_RUN_MUTATION,
  BulkByIdDataSchema,
  type BulkOperation,
  BulkRunDataSchema,
  CURRENT_BULK_QUERY,
  CurrentBulkDataSchema,
} from '../../../domain/warehouse/shopify-documents.ts';

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

/** One page of an incremental pass: its write, its newest update and the next page's cursor. */
export interface IncrementalPage {
  write: (db: Db) => Promise<number>;
  /** Newest `updatedAt` on the page (null when it had none). */
  newest: string | null;
  /** The next page's cursor; null on the last page. */
  nextAfter: string | null;
}

/**
 * One incremental pass of `stream` by `updated_at`: pages from the cursor's `after` (a pass cut
 * short resumes there), each committed together with the cursor that resumes after it; when the
 * last page is in, the next pass starts from the newest update seen minus OVERLAP_MS (rows updated
 * during the pass are read again, never missed), or where this one started when nothing came.
 * `fetchPage(after, query)` reads one page for the Admin API search `query`.
 */
export async function runIncrementalStream(
  session: SyncSession,
  stream: 'customers' | 'orders',
  state: StreamCursor,
  fetchPage: (after: string | null, query: string | null) => Promise<IncrementalPage>,
): Promise<void> {
  let { after = null, maxSeen = null } = state;
  const updatedFrom = state.updatedFrom ?? null;
  const query = updatedFrom ? `updated_at:>='${updatedFrom}'` : null;
  for (;;) {
    session.throwIfAborted();
    const page = await fetchPage(after, query);
    maxSeen = later(maxSeen, page.newest);
    await session.commitPage(page.write, {
      [stream]: { phase: 'incremental', updatedFrom, after: page.nextAfter, maxSeen } satisfies StreamCursor,
    });
    if (!page.nextAfter) break;
    after = page.nextAfter;
  }
  const nextFrom = maxSeen ? new Date(Date.parse(maxSeen) - OVERLAP_MS).toISOString() : updatedFrom;
  await session.commitPage(async () => 0, {
    [stream]: {
      phase: 'incremental',
      updatedFrom: nextFrom,
      after: null,
      maxSeen: null,
    } satisfies StreamCursor,
  });
}

/**
 * Where the incremental passes start after a bulk backfill: five minutes before the export began,
 * so rows updated while it ran are read again.
 */
export function incrementalAfterBulk(bulkStartedAt: string | undefined, now: Date): StreamCursor {
  return {
    phase: 'incremental',
    updatedFrom: new Date(Date.parse(bulkStartedAt ?? now.toISOString()) - 5 * 60_000).toISOString(),
    after: null,
    maxSeen: null,
  };
}

/**
 * Shopify bulk operations (contracts/external-apis.md §1.11): start a query export, poll until it
 * completes, then stream the JSONL result line by line (a million-order file never sits in
 * memory as one string). Sent through the connector's client; only the result file, a plain
 * signed URL, is fetched directly.
 */

export interface BulkResult {
  id: string;
  url: string | null;
}

/** Thrown when the shop cannot run bulk operations (the caller falls back to paging). */
export class BulkUnsupportedError extends Error {
  override name = 'BulkUnsupportedError';
}

/** The export we were waiting for is gone (replaced or expired): start a new one. */
export class BulkLostError extends Error {
  override name = 'BulkLostError';
}

/** The export ended FAILED, CANCELED or EXPIRED: a retry must start a new one, not wait on this one. */
export class BulkEndedError extends UpstreamError {
  override name = 'BulkEndedError';
}

const RUNNING = ['CREATED', 'RUNNING', 'CANCELING'];
const ENDED_BADLY = ['FAILED', 'CANCELED', 'CANCELLED', 'EXPIRED'];

type Sleep = (ms: number) => Promise<void>;
const defaultSleep: Sleep = (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Starts an export of `query`. When one is already running (a previous attempt of ours), the
 * same query is adopted; another one (e.g. the next slice of an interrupted backfill) is waited
 * out first, as a shop runs one bulk query at a time.
 */
export async function startBulkQuery(
  client: ShopifyClient,
  query: string,
  options: { signal?: AbortSignal; sleep?: Sleep } = {},
): Promise<string> {
  const sleep = options.sleep ?? defaultSleep;
  for (let attempt = 0; ; attempt += 1) {
    let data: Awaited<ReturnType<typeof BulkRunDataSchema.parse>>;
    try {
      data = await client.query(BULK_RUN_MUTATION, { query }, BulkRunDataSchema);
    } catch (error) {
      if (error instanceof UpstreamError && error.kind === 'bad_request')
        throw new BulkUnsupportedError(error.message);
      throw error;
    }
    const run = data.bulkOperationRunQuery;
    if (run.bulkOperation) return run.bulkOperation.id;
    const message = run.userErrors.map((entry) => entry.message).join('; ') || 'bulk operation refused';
    if (!/already in progress/i.test(message) || attempt >= 30) throw new BulkUnsupportedError(message);
    const { currentBulkOperation: current } = await client.query(
      CURRENT_BULK_QUERY,
      {},
      CurrentBulkDataSchema,
    );
    if (current && RUNNING.includes(current.status) && current.query === query) return current.id;
    if (options.signal?.aborted)
      throw new Error('The sync was interrupted by a server shutdown; it will resume.');
    await sleep(Math.min(5_000, 200 * 1.5 ** attempt));
  }
}

/** The operation `id`: the current one, or looked up by id once a later export has replaced it. */
async function bulkOperationById(client: ShopifyClient, id: string): Promise<BulkOperation | null> {
  const { currentBulkOperation: current } = await client.query(CURRENT_BULK_QUERY, {}, CurrentBulkDataSchema);
  if (current?.id === id) return current;
  const { bulkOperation } = await client.query(BULK_BY_ID_QUERY, { id }, BulkByIdDataSchema);
  return bulkOperation?.id === id ? bulkOperation : null;
}

export async function waitForBulkQuery(
  client: ShopifyClient,
  id: string,
  options: { signal: AbortSignal; timeoutMs?: number; sleep?: Sleep },
): Promise<BulkResult> {
  const sleep = options.sleep ?? defaultSleep;
  const deadline = Date.now() + (options.timeoutMs ?? 30 * 60_000);
  let delay = 200;
  while (Date.now() < deadline) {
    if (options.signal.aborted)
      throw new Error('The sync was interrupted by a server shutdown; it will resume.');
    const operation = await bulkOperationById(client, id);
    if (!operation) throw new BulkLostError(`bulk operation ${id} is gone`);
    if (operation.status === 'COMPLETED') return { id, url: operation.url ?? null };
    if (ENDED_BADLY.includes(operation.status)) {
      throw new BulkEndedError({
        provider: 'shopify',
        kind: 'unavailable',
        message: `Shopify's bulk export ended with status ${operation.status}${operation.errorCode ? ` (${operation.errorCode})` : ''}. It will be retried.`,
      });
    }
    await sleep(delay);
    delay = Math.min(5_000, Math.round(delay * 1.5));
  }
  throw new UpstreamError({
    provider: 'shopify',
    kind: 'timeout',
    message: 'Shopify took too long to prepare the bulk export. It will be retried.',
  });
}

/**
 * Streams the JSONL result; `onLine` gets each parsed object with its 0-based line number. Lines
 * are cut from the decoded chunks directly (readline's per-line events cost more than the parse),
 * and `onLine` is only awaited when it returns a promise (a batch to write), not once per line.
 */
export async function streamBulkResult(
  url: string,
  onLine: (value: Record<string, unknown>, lineNumber: number) => Promise<void> | undefined,
  options: { signal: AbortSignal; connectTimeoutMs?: number },
): Promise<number> {
  // The timeout covers the wait for the response headers only; the body may take minutes.
  const connect = new AbortController();
  const timer = setTimeout(() => connect.abort(), options.connectTimeoutMs ?? 60_000);
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.any([connect.signal, options.signal]) });
  } catch (error) {
    throw new UpstreamError({
      provider: 'shopify',
      kind: 'network',
      message: "Could not download Shopify's bulk export. It will be retried.",
      detail: error instanceof Error ? error.message : String(error),
    });
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok || !response.body) {
    throw new UpstreamError({
      provider: 'shopify',
      kind: response.status >= 500 ? 'unavailable' : 'bad_request',
      status: response.status,
      message: `Shopify's bulk export could not be downloaded (HTTP ${response.status}). It will be retried.`,
    });
  }
  const decoder = new TextDecoder();
  let lineNumber = 0;
  let rest = '';
  const take = (line: string): Promise<void> | undefined => {
    if (line.trim() === '') return undefined;
    const pending = onLine(JSON.parse(line) as Record<string, unknown>, lineNumber);
    lineNumber += 1;
    return pending;
  };
  const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>);
  for await (const chunk of body as AsyncIterable<Uint8Array>) {
    const text = rest + decoder.decode(chunk, { stream: true });
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      const pending = take(text.slice(start, end));
      start = end + 1;
      if (pending) await pending;
    }
    rest = text.slice(start);
  }
  await take(rest + decoder.decode());
  return lineNumber;
}
