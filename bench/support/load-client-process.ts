import { Agent, request } from 'node:http';

/**
 * The load generator of bench/support/load-client.ts, run as a second process: per endpoint, one
 * request alone (`first`: the cold answer, computed); then `warmup` requests of every endpoint, not
 * counted, so the server is warm for all of them as after a while in production, not only for the
 * endpoints measured late; then, per endpoint, `requests` GETs with `concurrency` in flight; prints
 * one JSON line of latencies.
 *
 * A latency is the time to the last byte of the answer, as the server sends it (gzip, like a
 * browser asks for). The client is node:http on kept-alive sockets, not fetch: fetch's own
 * JavaScript and inflating every body took more of the machine's two cores than the server did
 * (profit bench, 2026-11-26), so the figure measured the client as much as the server.
 * argv: baseUrl cookie concurrency requests warmup path...
 */
const [baseUrl, cookie, concurrencyText, requestsText, warmupText, ...paths] = process.argv.slice(2);
const concurrency = Number(concurrencyText);
const requests = Number(requestsText);
const warmup = Number(warmupText);
const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
const headers = { cookie: cookie!, 'accept-encoding': 'gzip' };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

/** One GET read to its last byte: its latency (ms) and whether it answered 2xx. */
function get(path: string): Promise<{ ms: number; ok: boolean }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    request(`${baseUrl}${path}`, { agent, headers }, (response) => {
      response.on('data', () => undefined);
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        resolve({ ms: performance.now() - started, ok: status >= 200 && status < 300 });
      });
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** `count` GETs of `path` with `concurrency` in flight: their latencies and how many failed. */
async function fire(path: string, count: number) {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      const { ms, ok } = await get(path);
      latencies.push(ms);
      if (!ok) errors += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return { latencies: latencies.sort((a, b) => a - b), errors };
}

const results: Record<string, { first: number; p50: number; p95: number; p99: number; errors: number }> = {};
const warmErrors = new Map<string, number>();
for (const path of paths) {
  const first = await fire(path, 1);
  results[path] = { first: first.latencies[0]!, p50: 0, p95: 0, p99: 0, errors: first.errors };
}
for (const path of paths) warmErrors.set(path, (await fire(path, warmup)).errors);
for (const path of paths) {
  const { latencies, errors } = await fire(path, requests);
  Object.assign(results[path]!, {
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    errors: results[path]!.errors + errors + (warmErrors.get(path) ?? 0),
  });
}
agent.destroy();
process.stdout.write(`${JSON.stringify(results)}\n`);
