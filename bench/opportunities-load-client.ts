export {};

/**
 * Load generator for bench/opportunities-endpoints.bench.ts, run as a second process: fires
 * `requests` GETs per endpoint with `concurrency` in flight and prints one JSON line of latencies.
 * argv: baseUrl cookie concurrency requests path...
 */
const [baseUrl, cookie, concurrencyText, requestsText, ...paths] = process.argv.slice(2);
const concurrency = Number(concurrencyText);
const requests = Number(requestsText);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

const results: Record<string, { p50: number; p95: number; p99: number; errors: number }> = {};
for (const path of paths) {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const worker = async () => {
    while (next < requests) {
      next += 1;
      const started = performance.now();
      const response = await fetch(`${baseUrl}${path}`, { headers: { cookie: cookie! } });
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      if (!response.ok) errors += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  latencies.sort((a, b) => a - b);
  results[path] = {
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    errors,
  };
}
process.stdout.write(`${JSON.stringify(results)}\n`);
