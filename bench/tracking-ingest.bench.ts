/**
 * Cursor tracking benchmark (design §8): sustained ingestion and heatmap query latency.
 *
 * - Ingestion: the real server (`node bin/upside.js start`) runs in its own process on PostgreSQL;
 *   this process is the load: BENCH_CONNECTIONS concurrent clients posting tracker-shaped batches
 *   of BENCH_BATCH events (text/plain, like the tracker) for BENCH_SECONDS. Prints events/s and
 *   request latency p50/p95/p99 (every answer is a durable commit, see ingest/event-writer.ts).
 * - Heatmap: BENCH_RAW_EVENTS raw events (default 2M to stay time-bounded; the budget's 10M with
 *   BENCH_RAW_EVENTS=10000000), clustered around hotspots like real clicks and spread over 30 days,
 *   are written straight into the partitions with their heatmap cells, then
 *   GET /api/cursor-tracking/heatmap is timed (p50/p95) for one page, one viewport bucket, 30 days.
 *   The query reads cells only, so its cost follows the cell count (printed), not the raw count.
 * - Tracker: its gzipped size.
 *
 * Database: DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres; a fresh database is
 * created and dropped. Without PostgreSQL the bench says so and measures only the tracker.
 * Bounded in time; prints figures, asserts nothing.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client.ts';
import { ensureEventPartition, utcDayOf } from '../src/server/ingest/partitions.ts';
import { buildTracker, TRACKER_GZIP_BUDGET } from '../src/tracker/build.ts';
import { signInThroughDevProvider } from '../test/support/start-app.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 24);
const BATCH = Number(process.env.BENCH_BATCH ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const RAW_EVENTS = Number(process.env.BENCH_RAW_EVENTS ?? 2_000_000);
const SITES = 4;
const UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function startServerProcess(
  databaseUrl: string,
  port: number,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['bin/upside.js', 'start'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DEMO: '0',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      DATABASE_URL: databaseUrl,
      TRACKING_RATE_PER_SECOND: '1000000',
      TRACKING_RATE_BURST: '10000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/[\d.:]+)/.exec(output);
      if (match) resolve({ child, url: match[1]! });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${output.slice(-2000)}`)));
  });
}

async function measureTracker(): Promise<void> {
  const built = await buildTracker();
  console.log(
    `tracker: ${built.bytes} bytes minified, ${built.gzipBytes} bytes gzipped (budget ${TRACKER_GZIP_BUDGET})`,
  );
}

/** Tracker-shaped batches, serialised once so the load generator spends its CPU on sending. */
function makeBodies(site: { trackingId: string; apiKey: string }, origin: string, count: number): string[] {
  const bodies: string[] = [];
  for (let b = 0; b < count; b++) {
    const sessionId = `bench${b.toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    const events = Array.from({ length: BATCH }, (_, i) => {
      const type = i % 10 === 0 ? 'click' : i % 10 === 1 ? 'scroll' : 'cursor_move';
      return {
        eventType: type,
        x: Math.round(Math.random() * 1280),
        y: Math.round(Math.random() * 3000),
        sessionId,
        pageUrl: `${origin}/products/${b % 20}`,
        timestamp: Date.now() + i,
        viewportWidth: 1280,
        viewportHeight: 800,
        documentWidth: 1280,
        documentHeight: 3200,
        ...(type === 'click'
          ? {
              elementSelector: `main>div.product:nth-of-type(${(i % 7) + 1})>button`,
              offsetX: 12,
              offsetY: 9,
            }
          : {}),
      };
    });
    bodies.push(JSON.stringify({ trackingId: site.trackingId, apiKey: site.apiKey, events }));
  }
  return bodies;
}

async function measureIngestion(
  url: string,
  sites: Array<{ trackingId: string; apiKey: string; origin: string }>,
) {
  const bodies = sites.map((site) => makeBodies(site, site.origin, 50));
  const latencies: number[] = [];
  let events = 0;
  let failures = 0;
  const statuses = new Map<number, number>();
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, worker) => {
      const siteIndex = worker % sites.length;
      const site = sites[siteIndex]!;
      for (let n = 0; performance.now() < deadline; n++) {
        const body = bodies[siteIndex]![(n * CONNECTIONS + worker) % bodies[siteIndex]!.length]!;
        const t0 = performance.now();
        try {
          const response = await fetch(`${url}/api/cursor-tracking/events`, {
            method: 'POST',
            headers: { 'content-type': 'text/plain;charset=UTF-8', origin: site.origin, 'user-agent': UA },
            body,
          });
          await response.arrayBuffer();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          if (response.status === 200) {
            latencies.push(performance.now() - t0);
            events += BATCH;
          } else failures += 1;
        } catch {
          failures += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(
    `ingestion: ${Math.round(events / elapsed)} events/s sustained over ${elapsed.toFixed(1)} s ` +
      `(${events} events in ${latencies.length} requests of ${BATCH}, ${CONNECTIONS} connections, ${sites.length} sites)`,
  );
  console.log(
    `ingestion latency per request: p50 ${ms(percentile(latencies, 0.5))}, p95 ${ms(percentile(latencies, 0.95))}, ` +
      `p99 ${ms(percentile(latencies, 0.99))}, max ${ms(latencies.at(-1) ?? Number.NaN)}; ` +
      `statuses ${JSON.stringify(Object.fromEntries(statuses))}, failures ${failures}`,
  );
}

/** Raw events and their cells straight into the database: clustered around 40 hotspots, 30 days. */
async function seedHeatmapData(
  databaseUrl: string,
  workspaceId: string,
  configurationId: string,
  origin: string,
) {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, maxConnections: 2 });
  const db = database.db;
  const now = new Date();
  const days = Array.from({ length: 30 }, (_, i) =>
    utcDayOf(new Date(now.getTime() - (29 - i) * 86_400_000)),
  );
  for (const day of days) await ensureEventPartition(db, day);
  const perDay = Math.ceil(RAW_EVENTS / days.length);
  const started = performance.now();
  const chunk = 500_000;
  for (const day of days) {
    for (let offset = 0; offset < perDay; offset += chunk) {
      const rows = Math.min(chunk, perDay - offset);
      // Viewports: a third each of 375, 1280 and 1920 px; positions gaussian around hotspots.
      await db.execute(sql`
        INSERT INTO tracking_events (workspace_id, configuration_id, session_id, event_type, page_url, x, y,
          viewport_width, viewport_height, client_time, received_at)
        SELECT ${workspaceId}::uuid, ${configurationId}::uuid, 's' || (g / 50), CASE WHEN g % 4 = 0 THEN 'click' ELSE 'cursor_move' END,
          ${`${origin}/`}, GREATEST(0, LEAST(vw - 1, round(vw * ((h % 8) / 8.0 + 0.06) + 25 * sqrt(-2 * ln(random())) * cos(2 * pi() * random()))))::int,
          GREATEST(0, round((h / 8) * 120 + 100 + 30 * sqrt(-2 * ln(random())) * cos(2 * pi() * random())))::int,
          vw, 800, ts, ts
        FROM (SELECT g, (g * 7919) % 40 AS h, (ARRAY[375, 1280, 1920])[1 + g % 3] AS vw,
                ${day}::timestamptz + (g % 86400) * interval '1 second' AS ts
              FROM generate_series(${offset + 1}::int, ${offset + rows}::int) AS g) AS s`);
    }
    await db.execute(sql`
      INSERT INTO tracking_heatmap_cells (workspace_id, configuration_id, page_url, day, viewport_bucket, event_type, x_bin, y_bin, count)
      SELECT workspace_id, configuration_id, page_url, ${day}::date,
        CASE WHEN viewport_width <= 480 THEN 'mobile' WHEN viewport_width <= 768 THEN 'tablet' WHEN viewport_width <= 1024 THEN 'laptop'
             WHEN viewport_width <= 1440 THEN 'desktop' ELSE 'wide' END,
        event_type, LEAST(99, GREATEST(0, floor(x * 100.0 / viewport_width)))::int, floor(y / 16.0)::int, count(*)
      FROM tracking_events WHERE received_at >= ${day}::timestamptz AND received_at < ${day}::timestamptz + interval '1 day'
        AND configuration_id = ${configurationId}::uuid
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
      ON CONFLICT (configuration_id, page_url, day, viewport_bucket, event_type, x_bin, y_bin)
      DO UPDATE SET count = tracking_heatmap_cells.count + EXCLUDED.count`);
  }
  await db.execute(sql`
    INSERT INTO tracking_page_counts (workspace_id, configuration_id, page_url, day, event_count)
    SELECT workspace_id, configuration_id, page_url, (received_at AT TIME ZONE 'UTC')::date, count(*)
    FROM tracking_events WHERE configuration_id = ${configurationId}::uuid GROUP BY 1, 2, 3, 4`);
  await db.execute(sql`ANALYZE tracking_heatmap_cells`);
  const [counts] = (
    (await db.execute(sql`SELECT (SELECT count(*) FROM tracking_events WHERE configuration_id = ${configurationId}::uuid) AS raw,
      (SELECT count(*) FROM tracking_heatmap_cells WHERE configuration_id = ${configurationId}::uuid) AS cells`)) as unknown as {
      rows: Array<{ raw: string; cells: string }>;
    }
  ).rows;
  console.log(
    `heatmap data: ${counts?.raw} raw events over 30 days -> ${counts?.cells} heatmap cells (seeded in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  await database.close();
}

async function measureHeatmap(url: string, cookie: string, trackingId: string) {
  const times: number[] = [];
  const queries = ['desktop', 'wide', 'mobile'].flatMap((viewport) =>
    ['click', 'cursor_move'].map(
      (eventType) =>
        `/api/cursor-tracking/heatmap?trackingId=${trackingId}&viewport=${viewport}&eventType=${eventType}`,
    ),
  );
  let points = 0;
  for (let i = 0; i < 60; i++) {
    const path = queries[i % queries.length]!;
    const t0 = performance.now();
    const response = await fetch(`${url}${path}`, { headers: { cookie } });
    const body = (await response.json()) as { heatmapData?: unknown[] };
    if (i >= 6) times.push(performance.now() - t0); // the first round warms caches
    points = Math.max(points, body.heatmapData?.length ?? 0);
  }
  times.sort((a, b) => a - b);
  console.log(
    `heatmap query (HTTP, one page, one viewport bucket, one event type, 30 days): p50 ${ms(percentile(times, 0.5))}, ` +
      `p95 ${ms(percentile(times, 0.95))}, max ${ms(times.at(-1) ?? Number.NaN)} over ${times.length} requests; up to ${points} points returned`,
  );
}

async function main() {
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(1))
      .join(' ');
  console.log(
    `machine: ${cpus().length} cores, load average ${load()} at start (other work skews the figures)`,
  );
  await measureTracker();
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`ingestion and heatmap: skipped, no PostgreSQL at ${adminUrl} (${(error as Error).message})`);
    return;
  }
  const name = `upside_bench_${Date.now().toString(36)}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${name}`;
  let server: { child: ChildProcess; url: string } | undefined;
  try {
    server = await startServerProcess(databaseUrl.href, await freePort());
    const { url } = server;
    const cookie = await signInThroughDevProvider(url, 'bench@example.com', 'Bench');
    const sites = [];
    for (let i = 0; i < SITES; i++) {
      const origin = `https://bench-shop-${i}.example`;
      const response = await fetch(`${url}/api/tracking-configurations`, {
        method: 'POST',
        headers: { cookie, origin: url, 'content-type': 'application/json' },
        body: JSON.stringify({ websiteName: `Bench ${i}`, websiteUrl: origin }),
      });
      sites.push({
        ...((await response.json()) as { trackingId: string; apiKey: string; id: string }),
        origin,
      });
    }
    await measureIngestion(url, sites);

    const client = new pg.Client({ connectionString: databaseUrl.href });
    await client.connect();
    const { rows } = await client.query<{ workspace_id: string }>(
      'SELECT workspace_id FROM tracking_configurations WHERE id = $1',
      [sites[0]!.id],
    );
    await client.end();
    const workspaceId = rows[0]!.workspace_id;
    const heatmapSite = await fetch(`${url}/api/tracking-configurations`, {
      method: 'POST',
      headers: { cookie, origin: url, 'content-type': 'application/json' },
      body: JSON.stringify({ websiteName: 'Heatmap bench', websiteUrl: 'https://heatmap-bench.example' }),
    }).then((r) => r.json() as Promise<{ id: string; trackingId: string }>);
    await seedHeatmapData(databaseUrl.href, workspaceId, heatmapSite.id, 'https://heatmap-bench.example');
    await measureHeatmap(url, cookie, heatmapSite.trackingId);
    console.log(`machine: load average ${load()} at the end`);
  } finally {
    if (server) {
      const child = server.child;
      child.removeAllListeners('exit');
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    }
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

await main();
