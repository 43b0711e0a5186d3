import { describeUpstreamFailure, UpstreamError, type UpstreamProvider } from './upstream-error.ts';

/**
 * The one fetch wrapper every connector uses: a per-attempt timeout, bounded retries with
 * exponential backoff and full jitter, `Retry-After` honoured (seconds or HTTP date), and typed
 * failures. Vendors signal retryable conditions differently (Shopify THROTTLED arrives as HTTP 200,
 * Meta throttling as a 400 body), so each connector can pass `decide` to look at the body.
 */

export interface UpstreamResponse {
  status: number;
  headers: Headers;
  text: string;
  /** wall-clock ms of the attempt that produced this response */
  elapsedMs: number;
}

/** What to do with a response: accept it as final, or retry (optionally after a given delay). */
export type RetryDecision = { retry: false } | { retry: true; reason: string; delayMs?: number | undefined };

export interface RetryPolicy {
  /** total attempts including the first */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** a Retry-After beyond this is not waited for; the call fails as rate_limited instead */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 30_000,
};

export interface UpstreamRequest {
  provider: UpstreamProvider;
  url: string;
  method?: 'GET' | 'POST' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  /** per attempt; default 15 s */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** vendor-specific retry decision, consulted before the default (429 / 5xx) rule */
  decide?: (response: UpstreamResponse, attempt: number) => RetryDecision | undefined;
  /** injection points for tests */
  fetchImpl?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** called once per retry, e.g. for metrics; never receives secrets */
  onRetry?: (info: { attempt: number; delayMs: number; reason: string }) => void;
}

export const sleepMs = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Parses Retry-After: delta-seconds or an HTTP date. Undefined when absent or unparsable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** Exponential backoff with "full jitter" between 50 % and 100 % of the capped step. */
export function computeBackoffMs(attempt: number, policy: RetryPolicy, random: () => number): number {
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(step * (0.5 + random() * 0.5));
}

/** Default: 429 and 5xx (except 501) are retryable; everything else is final. */
export function decideByStatus(response: UpstreamResponse): RetryDecision {
  if (response.status === 429) return { retry: true, reason: 'HTTP 429' };
  if (response.status >= 500 && response.status !== 501)
    return { retry: true, reason: `HTTP ${response.status}` };
  return { retry: false };
}

/** Performs the request with retries. Resolves with the final response (any status); throws only
 * for timeouts, network failures, or a rate limit that outlasts the policy. */
export async function requestUpstream(request: UpstreamRequest): Promise<UpstreamResponse> {
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...request.retry };
  const fetchImpl = request.fetchImpl ?? fetch;
  const sleep = request.sleep ?? sleepMs;
  const random = request.random ?? Math.random;
  const timeoutMs = request.timeoutMs ?? 15_000;

  let lastFailure: UpstreamError | undefined;
  for (let attempt = 1; attempt <= policy.maxAttempts; attempt++) {
    const started = performance.now();
    let response: UpstreamResponse | undefined;
    try {
      const init: RequestInit = {
        method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
        signal: AbortSignal.timeout(timeoutMs),
      };
      if (request.headers) init.headers = request.headers;
      if (request.body !== undefined) init.body = request.body;
      const raw = await fetchImpl(request.url, init);
      const text = await raw.text();
      response = { status: raw.status, headers: raw.headers, text, elapsedMs: performance.now() - started };
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      lastFailure = new UpstreamError({
        provider: request.provider,
        kind: timedOut ? 'timeout' : 'network',
        message: describeUpstreamFailure(request.provider, timedOut ? 'timeout' : 'network'),
        detail: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      });
      if (attempt < policy.maxAttempts) {
        const delayMs = computeBackoffMs(attempt, policy, random);
        request.onRetry?.({ attempt, delayMs, reason: lastFailure.kind });
        await sleep(delayMs);
      }
      continue;
    }

    const decision = request.decide?.(response, attempt) ?? decideByStatus(response);
    if (!decision.retry) return response;

    const retryAfter = decision.delayMs ?? parseRetryAfter(response.headers.get('retry-after'));
    if (retryAfter !== undefined && retryAfter > policy.maxRetryAfterMs) {
      throw new UpstreamError({
        provider: request.provider,
        kind: 'rate_limited',
        status: response.status,
        message: describeUpstreamFailure(request.provider, 'rate_limited'),
        detail: `asked to wait ${Math.round(retryAfter / 1000)} s (${decision.reason})`,
      });
    }
    if (attempt >= policy.maxAttempts) return response;
    // Honour the server's wait, plus a little jitter so parallel workers do not stampede.
    const delayMs =
      retryAfter !== undefined
        ? retryAfter + Math.round(random() * Math.min(250, policy.baseDelayMs))
        : computeBackoffMs(attempt, policy, random);
    request.onRetry?.({ attempt, delayMs, reason: decision.reason });
    await sleep(delayMs);
  }
  throw (
    lastFailure ??
    new UpstreamError({
      provider: request.provider,
      kind: 'network',
      message: describeUpstreamFailure(request.provider, 'network'),
    })
  );
}

/** Parses a JSON body, turning garbage into a typed invalid_response error. */
export function parseJsonBody(provider: UpstreamProvider, response: UpstreamResponse): unknown {
  try {
    return JSON.parse(response.text) as unknown;
  } catch {
    throw new UpstreamError({
      provider,
      kind: 'invalid_response',
      status: response.status,
      message: describeUpstreamFailure(provider, 'invalid_response'),
      detail: `HTTP ${response.status}, non-JSON body: ${response.text.slice(0, 120)}`,
    });
  }
}
