/**
 * Long run (issue #19 item 5): the real server in demo mode with its job worker and scheduler, fed
 * BENCH_RATE (1,000) cursor events a second by tracker-shaped requests, with a Shopify/GA4/Meta
 * sync and an analysis asked for every BENCH_CYCLE_MINUTES (5), for BENCH_MINUTES (60). Every
 * minute it prints the server's RSS, V8 heap, active handles and the database's size, and at the
 * end the change of RSS and heap between minute 10 (or the run's first quarter) and the last
 * minute — flat memory and a handle count that does not grow are the goal (±10 %).
 *
 * The server runs in this process (`startServer`, as `upside start` composes it, so that heap and
 * handles can be read); the load is a few dozen pre-serialised requests a second over one
 * keep-alive agent, whose own memory is constant. Database: a fresh PostgreSQL database on
 * DATABASE_URL (else postgres://postgres@127.0.0.1:5432/postgres), dropped at the end.
 * Quick check: `BENCH_MINUTES=3 BENCH_CYCLE_MINUTES=1 node --import tsx bench/platform-long-run.bench.ts`.
 * Prints figures with the load average; asserts nothing.
 */
import { randomBytes } from 'node:crypto';
import { Agent } from 'node:http';
import pg from 'pg';
import { startDemoEmulators } from '../src/demo/start-demo-emulators.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { loadEnv } from '../src/server/env.ts';
import { startServer } from '../src/server/main.ts';
import { signInThroughDevProvider } from '../test/support/start-app.ts';
import { load } from './support/load-average.ts';
import { postTrackerBatch } from './support/post-tracker-batch.ts';

const MINUTES = Number(process.env.BENCH_MINUTES ?? 60);
const RATE = Number(process.env.BENCH_RATE ?? 1_000);
const CYCLE_MINUTES = Number(process.env.BENCH_CYCLE_MINUTES ?? 5);
const EVENTS_PER_REQUEST = 25;
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

interface Sample {
  minute: number;
  rss: number;
  heapUsed: number;
  handles: number;
  databaseBytes: number;
}

/** Tracker-shaped bodies (cursor moves, a click, a scroll) for `sessions` sessions of one site. */
function makeBodies(
  site: { trackingId: string; apiKey: string },
  origin: string,
  sessions: number,
): string[] {
  return Array.from({ length: sessions }, (_, s) => {
    const sessionId = `long${s.toString(36)}${randomBytes(3).toString('hex')}`;
    const start = Date.now();
    const events = Array.from({ length: EVENTS_PER_REQUEST }, (_, i) => ({
      eventType: i === 5 ? 'click' : i === EVENTS_PER_REQUEST - 1 ? 'scroll' : 'cursor_move',
      x: (i * 53) % 1280,
      y: (i * 131) % 3000,
      sessionId,
      pageUrl: `${origin}/products/${s % 12}`,
      timestamp: start + i * 100,
      viewportWidth: 1280,
      viewportHeight: 800,
      documentWidth: 1280,
      documentHeight: 3200,
      ...(i === 5 ? { elementSelector: 'main>button.add-to-cart', offsetX: 4, offsetY: 3 } : {}),
      ...(i === EVENTS_PER_REQUEST - 1 ? { scrollDepth: 70 } : {}),
    }));
    return JSON.stringify({ trackingId: site.trackingId, apiKey: site.apiKey, events });
  });
}

async function main(): Promise<void> {
  const name = `upside_longrun_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.href, maxConnections: 10 });
  const demo = await startDemoEmulators({ preset: 'small', seed: 42 });
  const env = loadEnv({
    NODE_ENV: 'development',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DEMO: '1',
    TRACKING_RATE_PER_SECOND: '1000000',
    TRACKING_RATE_BURST: '10000000',
  });
  const server = await startServer({ env, database, ephemeralSecrets: true, demo, backgroundJobs: true });
  const base = server.url;
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  let stopLoad = false;
  try {
    const cookie = await signInThroughDevProvider(base, 'longrun@example.com', 'Long');
    const write = (path: string, body: unknown = {}) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { cookie, origin: base, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const connected = await write('/api/demo/connect');
    if (!connected.ok) throw new Error(`demo connect answered ${connected.status}`);
    const origin = 'https://long-run.example';
    const created = await write('/api/tracking-configurations', {
      websiteName: 'Long run',
      websiteUrl: origin,
    });
    const site = (await created.json()) as { trackingId: string; apiKey: string };
    const bodies = makeBodies(site, origin, 400);
    const target = new URL('/api/cursor-tracking/events', base);

    const statuses = new Map<number, number>();
    let accepted = 0;
    const interval = (EVENTS_PER_REQUEST / RATE) * 1000;
    const loadLoop = (async () => {
      let next = performance.now();
      let n = 0;
      while (!stopLoad) {
        const now = performance.now();
        while (next <= now) {
          void postTrackerBatch(agent, target, origin, bodies[n % bodies.length]!).then((status) => {
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            if (status === 200) accepted += EVENTS_PER_REQUEST;
          });
          next += interval;
          n += 1;
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();

    const samples: Sample[] = [];
    console.log(
      `long run: ${MINUTES} min at ${RATE} events/s, sync + analysis every ${CYCLE_MINUTES} min, server pid ${process.pid}`,
    );
    for (let minute = 1; minute <= MINUTES; minute++) {
      if ((minute - 1) % CYCLE_MINUTES === 0) {
        const sync = await write('/api/sync/run');
        const analysis = await write('/api/analysis/run');
        console.log(`minute ${minute - 1}: sync asked (${sync.status}), analysis asked (${analysis.status})`);
      }
      await new Promise((resolve) => setTimeout(resolve, 60_000));
      const memory = process.memoryUsage();
      const size = await admin.query<{ bytes: string }>('SELECT pg_database_size($1) AS bytes', [name]);
      const sample: Sample = {
        minute,
        rss: memory.rss,
        heapUsed: memory.heapUsed,
        handles: process.getActiveResourcesInfo().length,
        databaseBytes: Number(size.rows[0]?.bytes),
      };
      samples.push(sample);
      console.log(
        `minute ${minute}: rss ${mb(sample.rss)}, heap ${mb(sample.heapUsed)}, handles ${sample.handles}, ` +
          `database ${mb(sample.databaseBytes)}, events accepted ${accepted}, statuses ${JSON.stringify(Object.fromEntries(statuses))}, ` +
          `load average ${load()}`,
      );
    }
    const from =
      samples[Math.min(samples.length - 1, Math.max(0, MINUTES >= 20 ? 9 : Math.floor(MINUTES / 4)))];
    const last = samples.at(-1);
    if (from && last) {
      const change = (a: number, b: number) => `${(((b - a) / a) * 100).toFixed(1)} %`;
      console.log(
        `from minute ${from.minute} to ${last.minute}: rss ${change(from.rss, last.rss)}, heap ${change(from.heapUsed, last.heapUsed)}, ` +
          `handles ${from.handles} → ${last.handles}, database ${mb(from.databaseBytes)} → ${mb(last.databaseBytes)} (goal: memory within ±10 %)`,
      );
    }
    stopLoad = true;
    await loadLoop;
  } finally {
    stopLoad = true;
    agent.destroy();
    await server.close();
    await demo.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

await main();
