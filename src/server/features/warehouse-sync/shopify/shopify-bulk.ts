import { Readable } from 'node:stream';
import { UpstreamError } from '../../../connectors/http/upstream-error.ts';
import type { ShopifyClient } from '../../../connectors/shopify/client.ts';
import {
  BULK_BY_ID_QUERY,
  BULK_RUN_MUTATION,
  BulkByIdDataSchema,
  type BulkOperation,
  BulkRunDataSchema,
  CURRENT_BULK_QUERY,
  CurrentBulkDataSchema,
} from '../../../domain/warehouse/shopify-documents.ts';

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
