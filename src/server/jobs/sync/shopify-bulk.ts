import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { UpstreamError } from '../../connectors/http/upstream-error.ts';
import type { ShopifyClient } from '../../connectors/shopify/client.ts';
import {
  BULK_RUN_MUTATION,
  BulkRunDataSchema,
  CURRENT_BULK_QUERY,
  CurrentBulkDataSchema,
} from './shopify-documents.ts';

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

export async function startBulkQuery(client: ShopifyClient, query: string): Promise<string> {
  let data: Awaited<ReturnType<typeof BulkRunDataSchema.parse>>;
  try {
    data = await client.query(BULK_RUN_MUTATION, { query }, BulkRunDataSchema);
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === 'bad_request')
      throw new BulkUnsupportedError(error.message);
    throw error;
  }
  const run = data.bulkOperationRunQuery;
  if (!run.bulkOperation) {
    const message = run.userErrors.map((entry) => entry.message).join('; ') || 'bulk operation refused';
    if (/already in progress/i.test(message)) {
      // Another export of ours is running (a previous attempt): wait for it instead.
      const current = await client.query(CURRENT_BULK_QUERY, {}, CurrentBulkDataSchema);
      if (current.currentBulkOperation) return current.currentBulkOperation.id;
    }
    throw new BulkUnsupportedError(message);
  }
  return run.bulkOperation.id;
}

export async function waitForBulkQuery(
  client: ShopifyClient,
  id: string,
  options: { signal: AbortSignal; timeoutMs?: number; sleep?: (ms: number) => Promise<void> },
): Promise<BulkResult> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const deadline = Date.now() + (options.timeoutMs ?? 30 * 60_000);
  let delay = 200;
  while (Date.now() < deadline) {
    if (options.signal.aborted)
      throw new Error('The sync was interrupted by a server shutdown; it will resume.');
    const { currentBulkOperation: current } = await client.query(
      CURRENT_BULK_QUERY,
      {},
      CurrentBulkDataSchema,
    );
    if (!current || current.id !== id)
      throw new BulkLostError(`bulk operation ${id} is no longer the current one`);
    if (current.status === 'COMPLETED') return { id, url: current.url ?? null };
    if (['FAILED', 'CANCELED', 'CANCELLED', 'EXPIRED'].includes(current.status)) {
      throw new UpstreamError({
        provider: 'shopify',
        kind: 'unavailable',
        message: `Shopify's bulk export ended with status ${current.status}${current.errorCode ? ` (${current.errorCode})` : ''}. It will be retried.`,
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

/** Streams the JSONL result; `onLine` gets each parsed object with its 0-based line number. */
export async function streamBulkResult(
  url: string,
  onLine: (value: Record<string, unknown>, lineNumber: number) => Promise<void> | void,
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
  const lines = createInterface({
    input: Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  let lineNumber = 0;
  for await (const line of lines) {
    if (line.trim() === '') continue;
    await onLine(JSON.parse(line) as Record<string, unknown>, lineNumber);
    lineNumber += 1;
  }
  return lineNumber;
}
