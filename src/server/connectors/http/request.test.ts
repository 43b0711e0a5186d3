import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeBackoffMs, DEFAULT_RETRY, parseRetryAfter, requestUpstream } from './request.ts';
import { UpstreamError } from './upstream-error.ts';

/** A real local HTTP server whose behaviour per path is scripted by the test. */
let baseUrl = '';
const scripts = new Map<string, Array<(res: ServerResponse) => void>>();
const hits = new Map<string, number>();
const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  const path = req.url ?? '/';
  hits.set(path, (hits.get(path) ?? 0) + 1);
  const steps = scripts.get(path) ?? [];
  const step = steps.shift();
  if (step) step(res);
  else res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const waits: number[] = [];
const fakeSleep = async (ms: number) => {
  waits.push(ms);
};

describe('requestUpstream', () => {
  it('retries 5xx and succeeds', async () => {
    scripts.set('/five', [(r) => r.writeHead(503).end('down'), (r) => r.writeHead(502).end('down')]);
    const res = await requestUpstream({ provider: 'shopify', url: `${baseUrl}/five`, sleep: fakeSleep });
    expect(res.status).toBe(200);
    expect(hits.get('/five')).toBe(3);
  });

  it('honours Retry-After seconds on 429', async () => {
    waits.length = 0;
    scripts.set('/rl', [(r) => r.writeHead(429, { 'retry-after': '2' }).end()]);
    const res = await requestUpstream({
      provider: 'ga4',
      url: `${baseUrl}/rl`,
      sleep: fakeSleep,
      random: () => 0,
    });
    expect(res.status).toBe(200);
    expect(waits).toEqual([2000]);
  });

  it('fails as rate_limited when Retry-After exceeds the policy', async () => {
    scripts.set('/long', [(r) => r.writeHead(429, { 'retry-after': '3600' }).end()]);
    await expect(
      requestUpstream({ provider: 'meta', url: `${baseUrl}/long`, sleep: fakeSleep }),
    ).rejects.toMatchObject({
      kind: 'rate_limited',
    });
  });

  it('returns the last response when retries are exhausted', async () => {
    scripts.set(
      '/always',
      Array.from({ length: 5 }, () => (r: ServerResponse) => r.writeHead(500).end('x')),
    );
    const res = await requestUpstream({
      provider: 'shopify',
      url: `${baseUrl}/always`,
      sleep: fakeSleep,
      retry: { maxAttempts: 2 },
    });
    expect(res.status).toBe(500);
    expect(hits.get('/always')).toBe(2);
  });

  it('does not retry 4xx', async () => {
    scripts.set('/bad', [(r) => r.writeHead(400).end('bad')]);
    const res = await requestUpstream({ provider: 'shopify', url: `${baseUrl}/bad`, sleep: fakeSleep });
    expect(res.status).toBe(400);
    expect(hits.get('/bad')).toBe(1);
  });

  it('times out hung requests with a typed error', async () => {
    scripts.set('/hang', [() => {}, () => {}]);
    const error = await requestUpstream({
      provider: 'shopify',
      url: `${baseUrl}/hang`,
      timeoutMs: 100,
      sleep: fakeSleep,
      retry: { maxAttempts: 2 },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).kind).toBe('timeout');
    expect((error as UpstreamError).message).toMatch(/Shopify did not answer in time/);
  });

  it('reports connection failures as network errors', async () => {
    const error = await requestUpstream({
      provider: 'meta',
      url: 'http://127.0.0.1:1/nothing',
      sleep: fakeSleep,
      retry: { maxAttempts: 1 },
    }).catch((e: unknown) => e);
    expect((error as UpstreamError).kind).toBe('network');
  });

  it('lets the connector decide on bodies (e.g. THROTTLED on HTTP 200)', async () => {
    waits.length = 0;
    scripts.set('/gql', [(r) => r.writeHead(200).end('{"throttled":true}')]);
    const res = await requestUpstream({
      provider: 'shopify',
      url: `${baseUrl}/gql`,
      sleep: fakeSleep,
      decide: (response) =>
        response.text.includes('throttled')
          ? { retry: true, reason: 'THROTTLED', delayMs: 1500 }
          : { retry: false },
      random: () => 0,
    });
    expect(res.text).toBe('{"ok":true}');
    expect(waits).toEqual([1500]);
  });
});

describe('backoff helpers', () => {
  it('parses Retry-After as seconds or date', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
  it('grows exponentially with jitter inside [50 %, 100 %] and caps', () => {
    expect(computeBackoffMs(1, DEFAULT_RETRY, () => 0)).toBe(125);
    expect(computeBackoffMs(1, DEFAULT_RETRY, () => 1)).toBe(250);
    expect(computeBackoffMs(20, DEFAULT_RETRY, () => 1)).toBe(DEFAULT_RETRY.maxDelayMs);
  });
});
