/**
 * Cursor tracking benchmark (design §8, issue 7): ingestion latency at a fixed offered load, the
 * saturation throughput, and heatmap query latency over 10M raw events.
 *
 * - The real server (`node bin/upside.js start`) runs in its own process on PostgreSQL; the load
 *   comes over keep-alive HTTP like browsers'. Batches are tracker-shaped: 20–50 events
 *   (text/plain), one session each, four sites, with issue 16's session fields (landing URL with
 *   UTM parameters and a click id, visitor id, referrer).
 * - Offered load (the budget): open loop at BENCH_RATE events/s (10,000) for BENCH_SECONDS (30)
 *   after a BENCH_WARMUP_SECONDS (5) warm-up, printed apart, sent from a process of its own
 *   (support/offered-load-process.ts). Requests leave on a fixed schedule whether or not earlier
 *   ones were answered, and latency is counted from the scheduled time, so a slow server cannot
 *   hide its queue by slowing the sender (no coordinated omission). Prints achieved events/s and
 *   p50/p95/p99. Every 200 is a durable commit (ingest/event-writer.ts).
 * - Saturation: BENCH_CONNECTIONS (16) closed-loop clients for BENCH_SATURATION_SECONDS (8):
 *   the most the machine takes; its latency is queueing, not the budget's.
 * - Against raw COPY (issue 18): right after, the same rows (at least 200k) are written by a raw
 *   `COPY tracking_events FROM STDIN` into the same table (support/copy-tracking-events.ts), and
 *   the saturation throughput is printed as a share of it (budget >= 50 %). Where a commit's time
 *   goes: decisions 065 and 085 (the heatmap cells are appended as hour parts); then the parts the
 *   runs left, per owner and hour.
 * - Heatmap: BENCH_RAW_EVENTS (10M; 0 skips the heatmap) raw events over 30 days are written with SQL straight into
 *   the day partitions, and their heatmap cells and page counts are computed from the inserted
 *   rows in the same statement; the cells of one day are checked against the ingestion rollup
 *   (ingest/rollup.ts) run on that day's raw events, then finished hours are folded into heatmap
 *   tiles by the server's own fold. GET /api/cursor-tracking/heatmap is timed for the page's
 *   default view, one viewport and event type, and the last 30 days.
 * - Raw-first (issue 43, decision 125; BENCH_RAW_FIRST=0 runs the request-path rollups instead):
 *   the server runs with TRACKING_RAW_FIRST=1, the saturation's CPU count waits for the fold to
 *   catch up (the fold's PostgreSQL CPU is the ingestion's too), and PostgreSQL's CPU per event is
 *   printed against the COPY backend's CPU per row (budget <= 2.5x). Then BENCH_BURSTS (3) bursts
 *   of BENCH_BURST_EVENTS (100k) events, each followed at once by heatmap reads (the first one folds
 *   whatever is still pending): p95 (budget < 100 ms).
 * - Replica (BENCH_REPLICA=1, decision 126): on a primary and its streaming replica, the offered load
 *   again with analysis-shaped reads on the replica, its p99 beside the quiet one (budget: within 20 %).
 * - Tracker: its gzipped size.
 * - Tracing the p99 (decision 201): BENCH_LATENCY_LOG=<file> writes every offered-load request's
 *   scheduled time, latency and status; BENCH_SERVER_LOG=<file> keeps the server's output (with
 *   BENCH_SERVER_NODE_ARGS=--trace-gc, its garbage collections), to lay beside PostgreSQL's log.
 * - Server code: sources through tsx by default; BENCH_COMPILED=1 builds dist/ and runs
 *   `dist/cli/main.js start`, the plain JavaScript `npm start` runs (decision 018).
 *
 * Database: DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres; a fresh database is
 * created and dropped (BENCH_KEEP_DATABASE=1 keeps it and prints its name, to study the queries).
 * Without PostgreSQL only the tracker is measured. About 4 minutes; prints
 * figures with the load average, asserts nothing.
 */
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { z } from 'zod';
import { buildTracker, TRACKER_GZIP_BUDGET } from '../src/tracker/build.ts';
import { freePort } from '../test/support/free-port.ts';
import { startReplicatedPostgres } from '../test/support/replicated-postgres.ts';
import { signInThroughDevProvider } from '../test/support/start-app.ts';
import { copyTrackingEvents } from './support/copy-tracking-events.ts';
import { measureHeatmap, seedHeatmapData } from './support/ingest-heatmap-seed.ts';
import { load } from './support/load-average.ts';
import { latencySummary } from './support/percentile.ts';
import { pinToCore, postmasterOf } from './support/pin-to-core.ts';
import { postTrackerBatch } from './support/post-tracker-batch.ts';
import { type CpuSplit, countCpu } from './support/process-cpu.ts';
import { startReplicaReads } from './support/replica-reads.ts';
import { type Body, makeBodies, type Site } from './support/tracker-bodies.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const offeredLoadPath = fileURLToPath(new URL('./support/offered-load-process.ts', import.meta.url));
const RATE = Number(process.env.BENCH_RATE ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
/** Not counted: the first seconds of a fresh process, printed apart (BENCH_WARMUP_SECONDS). */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const compiled = process.env.BENCH_COMPILED === '1';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SATURATION_SECONDS = Number(process.env.BENCH_SATURATION_SECONDS ?? 8);
const RAW_EVENTS = Number(process.env.BENCH_RAW_EVENTS ?? 10_000_000);
/** Fewest rows the COPY baseline writes (a fraction of a second is too short to time). */
const COPY_MIN_ROWS = 200_000;
const SITES = 4;
const RAW_FIRST = process.env.BENCH_RAW_FIRST !== '0';
const BURSTS = Number(process.env.BENCH_BURSTS ?? 3);
const BURST_EVENTS = Number(process.env.BENCH_BURST_EVENTS ?? 100_000);
/** Heatmap reads timed right after each burst. */
const READS_PER_BURST = 5;
/**
 * BENCH_REPLICA=1 (decision 126, issue #43): the bench runs on a primary and its streaming replica
 * of this machine's PostgreSQL (test/support/replicated-postgres.ts, fsync off, root only), the
 * server with DATABASE_READ_URL, and the offered load runs twice, quiet and with analysis-shaped
 * reads on the replica, printed side by side (budget: p99 within 20 % of the quiet one).
 */
const REPLICA = process.env.BENCH_REPLICA === '1';
/**
 * BENCH_REPLICA_OWN_CORE=1 (decision 207): the replica as on a host of its own — its cluster pinned to
 * core 1, everything of the primary's side to core 0, in both the quiet and the loaded run. Without
 * it the replica's scans take the same two cores the primary's ingestion runs on.
 */
const REPLICA_OWN_CORE = process.env.BENCH_REPLICA_OWN_CORE === '1';

function startServerProcess(
  databaseUrl: string,
  port: number,
  readUrl: string | undefined,
): Promise<{ child: ChildProcess; url: string }> {
  // BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const entry = compiled ? 'dist/cli/main.js' : 'bin/upside.js';
  const child = spawn(process.execPath, [...nodeArgs, entry, 'start'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DEMO: '0',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      DATABASE_URL: databaseUrl,
      ...(readUrl ? { DATABASE_READ_URL: readUrl } : {}),
      TRACKING_RATE_PER_SECOND: '1000000',
      TRACKING_RATE_BURST: '10000000',
      TRACKING_RAW_FIRST: RAW_FIRST ? '1' : '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`server did not start: ${output.slice(-2000)}`)),
      180_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/[\d.:]+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      // From here on its request log is only drained, not kept, unless BENCH_SERVER_LOG names a file
      // (e.g. with BENCH_SERVER_NODE_ARGS=--trace-gc, to find the server's pauses).
      output = '';
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      const serverLog = process.env.BENCH_SERVER_LOG;
      if (serverLog) {
        const file = createWriteStream(serverLog, { flags: 'a' });
        child.stdout?.pipe(file);
        child.stderr?.pipe(file);
      } else {
        child.stdout?.resume();
        child.stderr?.resume();
      }
      resolve({ child, url: match[1]! });
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

const post = (agent: Agent, url: URL, body: Body) => postTrackerBatch(agent, url, body.origin, body.text);

const WindowSummary = z.object({
  requests: z.number(),
  eventsPerSecond: z.number(),
  latency: z.string(),
  statuses: z.record(z.string(), z.number()),
});
const OfferedLoadResult = z.object({ measured: WindowSummary, warmup: WindowSummary });

/**
 * Open loop at RATE events/s, sent by bench/support/offered-load-process.ts in a process of its
 * own (its garbage collection is not the server's latency). Prints the measured window and,
 * apart, the warm-up's: the first seconds of a fresh process (JIT, connections) are slower.
 */
async function measureOfferedLoad(url: string, bodies: Body[], label = ''): Promise<number> {
  const directory = mkdtempSync(join(tmpdir(), 'upside-offered-load-'));
  const planPath = join(directory, 'plan.json');
  writeFileSync(
    planPath,
    JSON.stringify({
      url,
      rate: RATE,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      bodies: bodies.map(({ origin, text, events }) => ({ origin, text, events })),
    }),
  );
  try {
    // A larger young generation: fewer scavenges in the sender while it measures.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--max-semi-space-size=64', '--import', 'tsx', offeredLoadPath, planPath],
      { cwd: root, encoding: 'utf8', timeout: (WARMUP_SECONDS + SECONDS + 120) * 1000 },
    );
    const { measured, warmup } = OfferedLoadResult.parse(JSON.parse(stdout.trim().split('\n').pop() ?? '{}'));
    console.log(
      `ingestion${label} at an offered ${RATE} events/s (open loop from a separate process, ${measured.requests} requests of ` +
        `20–50 events, ${SITES} sites, ${SECONDS} s after ${WARMUP_SECONDS} s warm-up): achieved ${measured.eventsPerSecond} events/s; ` +
        `latency per request ${measured.latency}; statuses ${JSON.stringify(measured.statuses)}; load average ${load()}`,
    );
    console.log(
      `  the warm-up's ${WARMUP_SECONDS} s (fresh server process, not the budget's): ${warmup.requests} requests, latency ${warmup.latency}`,
    );
    return Number(/p99 ([\d.]+) ms/.exec(measured.latency)?.[1] ?? Number.NaN);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/**
 * Closed loop: CONNECTIONS clients posting back to back, the throughput the machine saturates at.
 * Also prints the CPU each part spent per 1,000 events (server, its PostgreSQL backends, this load
 * generator): on a shared machine that figure moves far less with the load than events/s does.
 */
async function measureSaturation(
  url: string,
  bodies: Body[],
  countCpuSplit: () => Promise<() => Promise<CpuSplit>>,
  settle: () => Promise<number>,
): Promise<{ perSecond: number; postgresCpuPerEvent: number }> {
  const stopCounting = await countCpuSplit();
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const target = new URL('/api/cursor-tracking/events', url);
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let accepted = 0;
  const started = performance.now();
  const deadline = started + SATURATION_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, worker) => {
      for (let n = worker; performance.now() < deadline; n += CONNECTIONS) {
        const body = bodies[n % bodies.length]!;
        const t0 = performance.now();
        const status = await post(agent, target, body);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status === 200) {
          accepted += body.events;
          latencies.push(performance.now() - t0);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  // Raw-first, the fold still has rows to roll up: its CPU counts for these events too.
  const settled = await settle();
  const cpu = await stopCounting();
  if (RAW_FIRST)
    console.log(`fold caught up ${(settled / 1000).toFixed(1)} s after the saturation's last request`);
  agent.destroy();
  const perThousand = (seconds: number) => `${((seconds * 1e6) / accepted).toFixed(1)} ms`;
  console.log(
    `CPU per 1,000 events at saturation: server ${perThousand(cpu.server)}, PostgreSQL ${perThousand(cpu.postgres)}, ` +
      `load generator ${perThousand(cpu.loadGenerator)}; load average ${load()}`,
  );
  console.log(
    `ingestion saturation (closed loop, ${CONNECTIONS} connections, ${elapsed.toFixed(1)} s): ${Math.round(accepted / elapsed)} events/s; ` +
      `latency (queueing) ${latencySummary(latencies)}; statuses ${JSON.stringify(Object.fromEntries(statuses))}; load average ${load()}`,
  );
  return { perSecond: accepted / elapsed, postgresCpuPerEvent: cpu.postgres / accepted };
}

/**
 * The same rows by a raw COPY into the same table, right after the saturation run (issue 18: timed
 * side by side in one run), at least as many as the saturation run stored; prints both and the ratio.
 */
async function compareWithCopy(
  databaseUrl: string,
  bodies: Body[],
  ingestedPerSecond: number,
  postgresCpuPerEvent: number,
) {
  const rows = Math.max(COPY_MIN_ROWS, Math.round(ingestedPerSecond * SATURATION_SECONDS));
  const copy = await copyTrackingEvents(
    databaseUrl,
    bodies.map((body) => ({ configurationId: body.configurationId, events: body.payload })),
    rows,
  );
  const copyPerSecond = copy.rows / copy.seconds;
  console.log(
    `raw COPY of the same rows into tracking_events (one connection, one transaction): ${copy.rows} rows in ` +
      `${copy.seconds.toFixed(2)} s = ${Math.round(copyPerSecond)} rows/s; load average ${load()}`,
  );
  console.log(
    `ingestion at saturation vs raw COPY: ${Math.round(ingestedPerSecond)} events/s vs ${Math.round(copyPerSecond)} rows/s = ` +
      `${((100 * ingestedPerSecond) / copyPerSecond).toFixed(0)} % (budget >= 50 %); load average ${load()}`,
  );
  const copyCpuPerRow = copy.postgresCpuSeconds / copy.rows;
  console.log(
    `PostgreSQL CPU per ingested event (${RAW_FIRST ? 'raw-first, fold included' : 'rollups in the request'}) vs per COPY row: ` +
      `${(postgresCpuPerEvent * 1e6).toFixed(1)} µs vs ${(copyCpuPerRow * 1e6).toFixed(1)} µs = ` +
      `${(postgresCpuPerEvent / copyCpuPerRow).toFixed(2)}x (budget <= 2.5x); load average ${load()}`,
  );
}

/** Raw rows not folded yet (raw-first); 0 with the rollups in the request. */
async function pendingEvents(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: string }>(
    `SELECT count(*) AS n FROM tracking_events
     WHERE ingested_at >= (SELECT folded_before FROM tracking_fold_watermark)`,
  );
  return Number(rows[0]?.n);
}

/**
 * Waits until the fold has caught up; returns the milliseconds it took. Polls the newest stamp
 * against the watermark (one index descent, as foldFirst does), not a count: this connection's
 * CPU is counted with the ingestion's.
 */
async function waitForFold(client: pg.Client): Promise<number> {
  const started = performance.now();
  const pending = async () =>
    (
      await client.query<{ pending: boolean }>(
        `SELECT coalesce((SELECT max(ingested_at) FROM tracking_events)
           >= (SELECT folded_before FROM tracking_fold_watermark), false) AS pending`,
      )
    ).rows[0]?.pending;
  while (await pending()) await new Promise((resolve) => setTimeout(resolve, 50));
  return performance.now() - started;
}

/**
 * Bursts of BURST_EVENTS events as fast as the server takes them (closed loop), each followed at
 * once by READS_PER_BURST heatmap reads of one site (the first one folds what is still pending).
 */
async function measureReadsAfterBursts(
  url: string,
  cookie: string,
  trackingId: string,
  bodies: Body[],
  databaseUrl: string,
) {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const target = new URL('/api/cursor-tracking/events', url);
  const first: number[] = [];
  const all: number[] = [];
  const pendingAtRead: number[] = [];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (let burst = 0; burst < BURSTS; burst++) {
      let sent = 0;
      let next = burst * 997;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (sent < BURST_EVENTS) {
            const body = bodies[next++ % bodies.length]!;
            sent += body.events;
            await post(agent, target, body);
          }
        }),
      );
      const burstSeconds = (performance.now() - started) / 1000;
      pendingAtRead.push(await pendingEvents(client));
      for (let read = 0; read < READS_PER_BURST; read++) {
        const t0 = performance.now();
        const response = await fetch(`${url}/api/cursor-tracking/heatmap?trackingId=${trackingId}`, {
          headers: { cookie },
        });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`heatmap read: ${response.status}`);
        const took = performance.now() - t0;
        all.push(took);
        if (read === 0) first.push(took);
      }
      console.log(
        `  burst ${burst + 1}: ${sent} events in ${burstSeconds.toFixed(1)} s; ${pendingAtRead.at(-1)} not folded yet at the ` +
          `first read, which took ${first.at(-1)?.toFixed(1)} ms; load average ${load()}`,
      );
    }
  } finally {
    await client.end();
    agent.destroy();
  }
  console.log(
    `heatmap read right after a burst of ${BURST_EVENTS} events (${BURSTS} bursts x ${READS_PER_BURST} reads, ` +
      `${RAW_FIRST ? 'raw-first' : 'rollups in the request'}): ${latencySummary(all)}; the first read of each burst ` +
      `${first.map((t) => t.toFixed(1)).join(', ')} ms (budget p95 < 100 ms); load average ${load()}`,
  );
}

/**
 * The heatmap hour parts the run left (decision 085): a read of an unfolded hour sums an owner's
 * parts, so the most parts one owner has is what such a read unnests at worst.
 */
async function printHourParts(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{
      parts: string;
      owners: string;
      most: string | null;
      cells: string | null;
    }>(
      `SELECT count(*) AS parts, count(DISTINCT (configuration_id, page_url, viewport_bucket, event_type, hour)) AS owners,
         (SELECT max(n) FROM (SELECT count(*) AS n FROM tracking_heatmap_hour_parts
            GROUP BY configuration_id, page_url, viewport_bucket, event_type, hour) AS o) AS most,
         sum(cardinality(counts)) AS cells
       FROM tracking_heatmap_hour_parts`,
    );
    const row = rows[0];
    console.log(
      `heatmap hour parts after the runs: ${row?.parts} parts of ${row?.owners} owner-hours (at most ${row?.most ?? 0} ` +
        `for one), ${row?.cells ?? 0} cells`,
    );
  } finally {
    await client.end();
  }
}

/** Checkpoints PostgreSQL has started since its statistics were reset (timed or requested). */
async function checkpointCount(admin: pg.Client): Promise<number> {
  const result = await admin.query<{ n: string }>(
    'SELECT checkpoints_timed + checkpoints_req AS n FROM pg_stat_bgwriter',
  );
  return Number(result.rows[0]?.n);
}

async function createSite(url: string, cookie: string, websiteName: string, origin: string) {
  const response = await fetch(`${url}/api/tracking-configurations`, {
    method: 'POST',
    headers: { cookie, origin: url, 'content-type': 'application/json' },
    body: JSON.stringify({ websiteName, websiteUrl: origin }),
  });
  return { ...((await response.json()) as { id: string; trackingId: string; apiKey: string }), origin };
}

async function main() {
  const benchStarted = performance.now();
  console.log(
    `machine: ${cpus().length} cores, load average ${load()} at start (other work skews the figures)`,
  );
  await measureTracker();
  if (compiled) execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'ignore' });
  console.log(`server code: ${compiled ? 'compiled (dist/, plain JavaScript)' : 'sources through tsx'}`);
  console.log(
    `ingestion: ${RAW_FIRST ? 'raw-first (TRACKING_RAW_FIRST=1, decision 125)' : 'rollups written by each request'}; ` +
      'the machine is shared with other work, so every figure is inflated by it',
  );
  if (REPLICA && REPLICA_OWN_CORE) pinToCore(process.pid, 0);
  const replica = REPLICA ? await startReplicatedPostgres() : null;
  if (replica && REPLICA_OWN_CORE) {
    const { rows } = await replica.onReplica('SHOW data_directory');
    pinToCore(postmasterOf(String(rows[0]?.data_directory)), 1);
    console.log(
      'replica on a core of its own (BENCH_REPLICA_OWN_CORE=1, decision 207): this bench, the server, the load generator and the primary on core 0, the replica on core 1',
    );
  }
  const adminUrl =
    replica?.primaryUrl('postgres') ??
    process.env.DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`ingestion and heatmap: skipped, no PostgreSQL at ${adminUrl} (${(error as Error).message})`);
    await replica?.remove();
    return;
  }
  const name = `upside_bench_${Date.now().toString(36)}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${name}`;
  let server: { child: ChildProcess; url: string } | undefined;
  try {
    server = await startServerProcess(databaseUrl.href, await freePort(), replica?.replicaUrl(name));
    const { url } = server;
    const cookie = await signInThroughDevProvider(url, 'bench@example.com', 'Bench');
    const sites: Site[] = [];
    for (let i = 0; i < SITES; i++)
      sites.push(await createSite(url, cookie, `Bench ${i}`, `https://bench-shop-${i}.example`));
    // Ingestion first: written right after the 10M-event seed, it would measure PostgreSQL
    // checkpointing gigabytes of seed WAL rather than ingestion. Checkpoints that the ingestion's
    // own writes cause are counted and printed. Then the history and the heatmap reads.
    const bodies = makeBodies(sites, 250);
    const checkpointsBefore = await checkpointCount(admin);
    const quietP99 = await measureOfferedLoad(url, bodies);
    console.log(`checkpoints during the offered load: ${(await checkpointCount(admin)) - checkpointsBefore}`);
    if (replica) {
      const stopReads = startReplicaReads(replica.replicaUrl(name));
      const readP99 = await measureOfferedLoad(url, bodies, ' with analysis reads on the replica');
      const reads = await stopReads();
      // Quiet again after the reads: the first run of a fresh server is not the only quiet figure.
      const quietAgainP99 = await measureOfferedLoad(url, bodies, ' quiet again, after the replica reads');
      const change = (quiet: number) => `${((100 * readP99) / quiet - 100).toFixed(0)} %`;
      console.log(
        `primary's ingestion p99, quiet vs with ${reads} analysis reads on the replica: ${quietP99} ms vs ${readP99} ms = ` +
          `${change(quietP99)}; against the quiet run after them (${quietAgainP99} ms): ${change(quietAgainP99)} ` +
          `(budget within 20 %); load average ${load()}`,
      );
    }
    const serverPid = server.child.pid ?? 0;
    const watcher = new pg.Client({ connectionString: databaseUrl.href });
    await watcher.connect();
    const saturation = await measureSaturation(
      url,
      bodies,
      () => countCpu(admin, name, serverPid),
      () => waitForFold(watcher),
    );
    await watcher.end();
    await compareWithCopy(databaseUrl.href, bodies, saturation.perSecond, saturation.postgresCpuPerEvent);
    await measureReadsAfterBursts(url, cookie, sites[0]!.trackingId, bodies, databaseUrl.href);
    await printHourParts(databaseUrl.href);
    if (RAW_EVENTS === 0) return; // BENCH_RAW_EVENTS=0: ingestion only
    const heatmapSite = await createSite(url, cookie, 'Heatmap bench', 'https://heatmap-bench.example');
    const days = await seedHeatmapData(
      databaseUrl.href,
      heatmapSite.id,
      'https://heatmap-bench.example/',
      RAW_EVENTS,
    );
    // Thirty days of data written in two minutes leave gigabytes of WAL to checkpoint; over a real
    // month they would long be on disk. Settle them, so the reads are not timed against that I/O.
    const checkpointStarted = performance.now();
    await admin.query('CHECKPOINT');
    console.log(
      `checkpoint after the seed: ${((performance.now() - checkpointStarted) / 1000).toFixed(1)} s`,
    );
    await measureHeatmap(url, cookie, heatmapSite.trackingId, days);
    console.log(
      `machine: load average ${load()} at the end; bench took ${((performance.now() - benchStarted) / 1000).toFixed(0)} s`,
    );
  } finally {
    if (server) {
      const child = server.child;
      child.removeAllListeners('exit');
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    }
    if (process.env.BENCH_KEEP_DATABASE === '1' && !replica)
      console.log(`database kept: ${databaseUrl.href}`);
    else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    await replica?.remove();
  }
}

await main();
