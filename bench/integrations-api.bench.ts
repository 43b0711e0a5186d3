/**
 * Integration endpoints over real HTTP in demo mode (the connectors talk to the in-process
 * emulators): p50/p95 of the live order lookup (goal p95 < 150 ms) and of the credential status
 * read (goal p95 < 20 ms). Sequential requests, one signed-in user, bounded to BENCH_REQUESTS
 * each (default 200). Prints figures; never asserts timings.
 */
import { startDemoTestApp } from '../test/support/start-demo-app.ts';

const requests = Number(process.env.BENCH_REQUESTS ?? 200);

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

async function measure(label: string, call: (i: number) => Promise<Response>): Promise<void> {
  for (let i = 0; i < 10; i++) await (await call(i)).arrayBuffer(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    const response = await call(i);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${label}: HTTP ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
  process.stdout.write(
    `${label.padEnd(36)} n=${requests}  p50 ${fmt(percentile(times, 50))}  p95 ${fmt(percentile(times, 95))}  max ${fmt(times.at(-1) ?? 0)}\n`,
  );
}

const names = ['#1001', '1002', '#1003', '1004', '#1005', '1006', '#1007', '1008'];

/**
 * Back-to-back lookups spend Shopify's query-cost bucket (2,000 points, 100 restored per second)
 * faster than it refills, so the emulator answers THROTTLED and the connector waits, as it must.
 * The first run lifts the bucket to measure our own path; the second keeps Shopify's limits.
 */
for (const [label, bucket] of [
  ['unlimited cost bucket', { maximumAvailable: 10_000_000, restoreRate: 10_000_000 }],
  ["Shopify's cost bucket", undefined],
] as const) {
  const app = await startDemoTestApp({}, { shopifyBucket: bucket });
  try {
    const cookie = await app.signIn('bench@example.com', 'Bench');
    const connect = await app.request('/api/demo/connect', { method: 'POST', cookie });
    if (!connect.ok) throw new Error(`demo connect failed: HTTP ${connect.status}`);
    process.stdout.write(`-- ${label}\n`);
    await measure('GET /api/shopify/order/{name}', (i) =>
      app.request(`/api/shopify/order/${encodeURIComponent(names[i % names.length]!)}`, { cookie }),
    );
    await measure('GET /api/credentials/status', () => app.request('/api/credentials/status', { cookie }));
  } finally {
    await app.close();
  }
}
process.stdout.write('goals: order lookup p95 < 150 ms (our path), credential status p95 < 20 ms\n');
