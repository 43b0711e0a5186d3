/**
 * Live store data (issue #15): the webhook receiver's throughput and the time from the Shopify
 * emulator placing an order to /api/dashboard/today counting it.
 *
 * The real server in demo mode with its background worker (as `upside start` runs it), the demo
 * store connected and synced, webhooks registered with the emulator. Then:
 * 1. receiver: BENCH_WEBHOOKS (default 2000) signed orders/create deliveries sent open-loop at
 *    BENCH_RATE per second (default 200); achieved rate, p50/p95/p99 of the time to the 200 and
 *    the process's CPU time per delivery (a figure the machine's load disturbs less than latency);
 * 2. latency: BENCH_LIVE_ORDERS (default 40) orders placed by the emulator (its own order model,
 *    delivered by its webhook sender), one at a time, each followed by polling the Today endpoint
 *    every 50 ms until it counts the order; p50/p95/max.
 * 3. 1,000 deliveries by the emulator with 10 % duplicates and 10 % late (out of order): live
 *    orders lost or counted twice in the warehouse, and whether the totals match.
 * Every figure is printed with os.loadavg(). Database: DATABASE_URL or in-memory PGlite.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { DEMO_SECRETS } from '../src/demo/credentials.ts';
import { startDemoEmulators } from '../src/demo/start-demo-emulators.ts';
import { queryRows } from '../src/server/db/query-rows.ts';
import { loadEnv } from '../src/server/env.ts';
import { startServer } from '../src/server/main.ts';
import type { DashboardToday } from '../src/shared/contracts/webhooks.ts';
import { signInThroughDevProvider } from '../test/support/start-app.ts';
import { createTestDatabase } from '../test/support/test-database.ts';
import { load } from './support/load-average.ts';

const webhooks = Number(process.env.BENCH_WEBHOOKS ?? 2000);
const rate = Number(process.env.BENCH_RATE ?? 200);
const liveOrders = Number(process.env.BENCH_LIVE_ORDERS ?? 40);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const demo = await startDemoEmulators({ preset: 'small', seed: 42 });
const testDatabase = await createTestDatabase();
const server = await startServer({
  env: loadEnv({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO: '1' }),
  database: testDatabase.database,
  ephemeralSecrets: true,
  demo,
  backgroundJobs: true,
});
const db = server.deps.db;

async function queueEmpty(): Promise<void> {
  for (;;) {
    const [row] = await queryRows(
      db,
      z.object({ n: z.number() }),
      sql`SELECT count(*)::int AS n FROM jobs WHERE status IN ('pending', 'running')`,
    );
    if (row?.n === 0) return;
    await sleep(250);
  }
}

try {
  console.log(`database ${testDatabase.database.kind}`);
  const cookie = await signInThroughDevProvider(server.url, 'bench@example.com', 'Bench');
  const connected = await fetch(`${server.url}/api/demo/connect`, {
    method: 'POST',
    headers: { cookie, origin: server.url },
  });
  if (!connected.ok) throw new Error(`demo connect answered ${connected.status}`);
  const syncStarted = performance.now();
  await queueEmpty();
  const [mode] = await queryRows(
    db,
    z.object({ mode: z.string() }),
    sql`SELECT mode FROM webhook_subscriptions`,
  );
  console.log(
    `demo store synced in ${((performance.now() - syncStarted) / 1000).toFixed(1)} s; delivery ${mode?.mode}; load average ${load()}`,
  );

  // 1. Receiver throughput, open loop: a delivery every 1000/rate ms whatever the answers do.
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const sends: Promise<void>[] = [];
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < webhooks; i += 1) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const now = new Date().toISOString();
    const id = 8_000_000_000 + i;
    const body = JSON.stringify({
      id,
      name: `#B${i}`,
      order_number: i,
      created_at: now,
      updated_at: now,
      currency: 'USD',
      financial_status: 'paid',
      total_price: '25.00',
      line_items: [],
      refunds: [],
    });
    const sent = performance.now();
    sends.push(
      fetch(`${server.url}/api/webhooks/shopify`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-shopify-topic': 'orders/create',
          'x-shopify-shop-domain': DEMO_SECRETS.shopify.shopDomain,
          'x-shopify-hmac-sha256': createHmac('sha256', DEMO_SECRETS.shopify.clientSecret)
            .update(body)
            .digest('base64'),
          'x-shopify-event-id': randomUUID(),
        },
        body,
      }).then(
        async (response) => {
          await response.arrayBuffer();
          latencies.push(performance.now() - sent);
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        },
        // A connection error is a failed delivery (Shopify would retry it); counted, not fatal.
        () => {
          statuses.set(0, (statuses.get(0) ?? 0) + 1);
        },
      ),
    );
  }
  await Promise.all(sends);
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);
  console.log(
    `receiver: ${webhooks} deliveries in ${elapsed.toFixed(2)} s (${(webhooks / elapsed).toFixed(0)}/s offered ${rate}/s); ` +
      `time to answer p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, ` +
      `p99 ${percentile(latencies, 99).toFixed(1)} ms; ` +
      `process CPU ${((cpu.user + cpu.system) / 1000 / webhooks).toFixed(2)} ms per delivery (receiver, worker and this HTTP client); statuses (0 = connection error) ${JSON.stringify(Object.fromEntries(statuses))}; load average ${load()}`,
  );
  const drainStarted = performance.now();
  await queueEmpty();
  console.log(
    `worker applied the ${webhooks} events in ${((performance.now() - drainStarted) / 1000).toFixed(1)} s after the last answer; load average ${load()}`,
  );

  // 2. Emulator order → counted by /api/dashboard/today.
  const today = async () =>
    (await (
      await fetch(`${server.url}/api/dashboard/today`, { headers: { cookie } })
    ).json()) as DashboardToday;
  const delays: number[] = [];
  let counted = (await today()).orders;
  for (let k = 0; k < liveOrders; k += 1) {
    const placed = performance.now();
    demo.emulators.shopify.liveOrders.placeOrder();
    for (;;) {
      const answer = await today();
      if (answer.orders > counted) {
        counted = answer.orders;
        break;
      }
      if (performance.now() - placed > 60_000)
        throw new Error('an order did not reach /api/dashboard/today in 60 s');
      await sleep(50);
    }
    delays.push(performance.now() - placed);
  }
  delays.sort((a, b) => a - b);
  console.log(
    `emulator order → today: ${liveOrders} orders, p50 ${(percentile(delays, 50) / 1000).toFixed(2)} s, ` +
      `p95 ${(percentile(delays, 95) / 1000).toFixed(2)} s, max ${(delays.at(-1)! / 1000).toFixed(2)} s; load average ${load()}`,
  );

  // 3. 1,000 emulator deliveries with 10 % duplicates and 10 % late (out of order): none lost, none twice.
  const shopify = demo.emulators.shopify;
  shopify.webhookSender.settings = { ...shopify.webhookSender.settings, duplicateRate: 0.1, lateRate: 0.1 };
  const attemptsBefore = shopify.webhookSender.stats.attempts;
  while (shopify.webhookSender.stats.attempts - attemptsBefore < 1_000) {
    for (let k = 0; k < 50; k += 1) shopify.liveOrders.placeOrder();
    await shopify.webhookSender.idle();
  }
  await queueEmpty();
  const truth = shopify.liveOrders.orders;
  const [stored] = await queryRows(
    db,
    z.object({ n: z.number(), distinct_n: z.number(), total: z.string() }),
    sql`SELECT count(*)::int AS n, count(DISTINCT order_id)::int AS distinct_n, coalesce(sum(total_minor), 0)::text AS total
        FROM wh_orders WHERE order_id >= 5900000000000`,
  );
  const expectedTotal = truth.reduce((sum, order) => sum + order.totalMinor, 0);
  const found = new Set(
    (
      await queryRows(
        db,
        z.object({ id: z.string() }),
        sql`SELECT order_id::text AS id FROM wh_orders WHERE order_id >= 5900000000000`,
      )
    ).map((row) => row.id),
  );
  console.log(
    `1,000 deliveries (${shopify.webhookSender.stats.attempts - attemptsBefore} attempts, 10 % duplicates, 10 % late): ` +
      `${truth.length} live orders, ${truth.filter((order) => !found.has(String(order.legacyId))).length} lost, ` +
      `${stored!.n - stored!.distinct_n} double-counted, totals ${stored!.total === String(expectedTotal) ? 'equal' : `differ (${stored!.total} vs ${expectedTotal})`}; load average ${load()}`,
  );
} finally {
  await server.close();
  await testDatabase.drop();
  await demo.close();
}
