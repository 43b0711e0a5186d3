export {};

/**
 * The load generator of bench/support/load-client.ts, run as a second process: per endpoint, one
 * request alone (`first`: the cold answer, computed), then `warmup` requests that are not counted,
 * then `requests` GETs, `concurrency` in flight; prints one JSON line of latencies.
 * argv: baseUrl cookie concurrency requests warmup path...
 */
const [baseUrl, cookie, concurrencyText, requestsText, warmupText, ...paths] = process.argv.slice(2);
const concurrency = Number(concurrencyText);
const requests = Number(requestsText);
const warmup = Number(warmupText);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

/** `count` GETs of `path` with `concurrency` in flight: their latencies and how many failed. */
async function fire(path: string, count: number) {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      const started = performance.now();
      const response = await fetch(`${baseUrl}${path}`, { headers: { cookie: cookie! } });
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      if (!response.ok) errors += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return { latencies: latencies.sort((a, b) => a - b), errors };
}

const results: Record<string, { first: number; p50: number; p95: number; p99: number; errors: number }> = {};
for (const path of paths) {
  const first = await fire(path, 1);
  const warm = await fire(path, warmup);
  const { latencies, errors } = await fire(path, requests);
  results[path] = {
    first: first.latencies[0]!,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    errors: errors + first.errors + warm.errors,
  };
}
process.stdout.write(`${JSON.stringify(results)}\n`);
