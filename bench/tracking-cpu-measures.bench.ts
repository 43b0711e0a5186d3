/**
 * Every CPU measure of issue #43 side by side, in one run (decision 212): PostgreSQL's CPU per
 * event of the request path's raw write, of a COPY of the same rows, of the fold and of its floor,
 * and the ratios the issue and decision 201 ask for.
 *
 * On the bench's own rows (support/tracker-bodies.ts, as tracking-fold-floor.bench.ts), one
 * PostgreSQL backend's CPU read from /proc around each measure:
 * - the raw write as the writer makes it (ingest/raw-insert.ts: the named prepared call of
 *   `tracking_insert_raw_events`, raw-first), at 1, 4 and 16 requests per commit (a commit group
 *   of that many tracker requests, 20–50 events each); and a COPY of the same rows as raw-first
 *   writes them (session fields, a stamp), one COPY and one transaction per group of the same size;
 * - the floor's parts (support/fold-floor.ts): (a) the raw COPY in one transaction (the issue's 1x),
 *   (a') the same as raw-first writes the rows, the fold statement, and (d) the fold's floor (scan
 *   + each rollup above the scan).
 * Then per commit size: the raw write against (a') (decision 201's split measure, <= 2x), the raw
 * write + the fold against (a) (the issue's <= 2.5x), and against (a) + (d) (decision 201's whole
 * measure, <= 1.5x the floor); and the fold against (d) (<= 2x). The load average is printed
 * beside each figure: on the shared 2-core machine a figure means little without it.
 *
 * Run: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/tracking-cpu-measures.bench.ts`
 * (BENCH_WRITE_ROWS rows per commit size and round, 40,000; BENCH_FLOOR_ROWS rows a floor round,
 * 100,000; BENCH_ROUNDS, 3; BENCH_FLOOR_CHUNK, 4,000 = the writer's fold every 4,000 events). The
 * measures' order rotates per round. Asserts nothing; its database is dropped at the end.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { openDatabase } from '../src/server/db/client.ts';
import { queryRows } from '../src/server/db/query-rows.ts';
import { insertRawFirstEvents } from '../src/server/features/tracking/ingest/raw-insert.ts';
import { CursorEventSchema } from '../src/shared/contracts/cursor-tracking.ts';
import { copyTrackingEvents } from './support/copy-tracking-events.ts';
import {
  addRound,
  type Batches,
  type FloorRound,
  floorOf,
  openFloorBench,
  us,
} from './support/fold-floor.ts';
import { load } from './support/load-average.ts';
import { cpuSecondsOf } from './support/process-cpu.ts';

const WRITE_ROWS = Number(process.env.BENCH_WRITE_ROWS ?? 40_000);
const FLOOR_ROWS = Number(process.env.BENCH_FLOOR_ROWS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CHUNK = Number(process.env.BENCH_FLOOR_CHUNK ?? 4_000);
/** Requests per commit: a lone request, and the groups a busy writer gathers (decision 176). */
const GROUP_SIZES = [1, 4, 16];
/** Commits before each raw-write measure, not counted: the statement prepared, the function planned. */
const WARM_UP_COMMITS = 20;

/** One measure: CPU seconds and rows summed over the rounds, and the 1-minute loads it ran at. */
interface Measure {
  seconds: number;
  rows: number;
  loads: number[];
}

const oneMinuteLoad = () => Number(load().split(' ')[0]);

function record(measures: Map<string, Measure>, name: string, seconds: number, rows: number): void {
  const measure = measures.get(name) ?? { seconds: 0, rows: 0, loads: [] };
  measures.set(name, {
    seconds: measure.seconds + seconds,
    rows: measure.rows + rows,
    loads: [...measure.loads, oneMinuteLoad()],
  });
}

const loadsOf = (loads: number[]) => `load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`;

/**
 * The raw writes of `rows` events, `perCommit` requests a commit, through the writer's own call on a
 * one-connection pool; the backend's CPU seconds and the rows written.
 */
async function timeRawWrites(url: string, batches: Batches, rows: number, perCommit: number) {
  const database = await openDatabase({ kind: 'postgres', url, maxConnections: 1 });
  try {
    const [{ pid }] = (await queryRows(
      database.db,
      z.object({ pid: z.number() }),
      sql`SELECT pg_backend_pid() AS pid`,
    )) as [{ pid: number }];
    const workspaceId = (
      await queryRows(
        database.db,
        z.object({ w: z.string() }),
        sql`SELECT id::text AS w FROM workspaces LIMIT 1`,
      )
    )[0]!.w;
    const requests = batches.map((batch) => ({
      workspaceId,
      configurationId: batch.configurationId,
      events: CursorEventSchema.array().parse(batch.events),
    }));
    let next = 0;
    const group = () =>
      Array.from({ length: perCommit }, () => {
        next = (next + 1) % requests.length;
        return requests[next]!;
      });
    for (let c = 0; c < WARM_UP_COMMITS; c++)
      await insertRawFirstEvents(database.db, group(), new Date().toISOString());
    const groups: (typeof requests)[] = [];
    let written = 0;
    while (written < rows) {
      const commit = group();
      groups.push(commit);
      for (const request of commit) written += request.events.length;
    }
    const before = cpuSecondsOf(pid);
    for (const commit of groups) await insertRawFirstEvents(database.db, commit, new Date().toISOString());
    return { seconds: cpuSecondsOf(pid) - before, rows: written };
  } finally {
    await database.close();
  }
}

async function main() {
  console.log(`machine: load average ${load()} at start (other work skews the figures)`);
  const bench = await openFloorBench();
  try {
    const measures = new Map<string, Measure>();
    const floorTotals: FloorRound = new Map();
    const floorLoads: number[] = [];
    const rawWrite = (k: number) => `raw write, ${k} request(s) a commit`;
    const copyWrite = (k: number) => `COPY as raw-first writes, ${k} request(s) a commit`;
    for (let round = 0; round < ROUNDS; round++) {
      // The raw writes and per-commit COPYs stamp rows before the floor's chunks (an hour ago, or the
      // database clock now, earlier than the floor round's stamps), so no floor chunk reads them.
      for (let g = 0; g < GROUP_SIZES.length; g++) {
        const k = GROUP_SIZES[(g + round) % GROUP_SIZES.length]!;
        const written = await timeRawWrites(bench.url, bench.batches, WRITE_ROWS, k);
        record(measures, rawWrite(k), written.seconds, written.rows);
        const copied = await copyTrackingEvents(
          bench.url,
          bench.batches,
          WRITE_ROWS,
          Date.now() - 3_600_000,
          k,
        );
        record(measures, copyWrite(k), copied.postgresCpuSeconds, copied.rows);
      }
      addRound(floorTotals, await bench.round(FLOOR_ROWS, CHUNK, round));
      floorLoads.push(oneMinuteLoad());
      console.log(`round ${round + 1} of ${ROUNDS} done; load average ${load()}`);
    }
    const floor = floorOf(floorTotals);
    const floorAt = loadsOf(floorLoads);
    const fixed = (n: number) => n.toFixed(2).padStart(6);
    console.log(
      `PostgreSQL CPU per event, ${ROUNDS} rounds (raw writes ${WRITE_ROWS} rows per size, floor ${FLOOR_ROWS} rows, chunks of ${CHUNK}):`,
    );
    console.log(`  ${fixed(floor.copy)} µs  (a) raw COPY, one transaction: the issue's 1x  [${floorAt}]`);
    console.log(
      `  ${fixed(floor.copyStamped)} µs  (a') raw COPY as raw-first writes, one transaction  [${floorAt}]`,
    );
    console.log(`  ${fixed(floor.fold)} µs  the fold statement  [${floorAt}]`);
    console.log(
      `  ${fixed(floor.foldFloor)} µs  (d) the fold's floor: scan + each rollup above it  [${floorAt}]`,
    );
    console.log(`  ${fixed(floor.floor)} µs  the floor: (a) + (d)  [${floorAt}]`);
    console.log(
      `  fold / its floor (d) = ${(floor.fold / floor.foldFloor).toFixed(2)}x (decision 201: <= 2x)  [${floorAt}]`,
    );
    console.log('per commit size: raw write, COPY of the same groups, and the ratios');
    for (const k of GROUP_SIZES) {
      const write = measures.get(rawWrite(k))!;
      const copy = measures.get(copyWrite(k))!;
      const perRow = us(write.seconds, write.rows);
      const ingestion = perRow + floor.fold;
      console.log(
        `  ${String(k).padStart(2)} a commit: raw write ${perRow.toFixed(2)} µs [${loadsOf(write.loads)}], ` +
          `COPY ${us(copy.seconds, copy.rows).toFixed(2)} µs [${loadsOf(copy.loads)}] (${(perRow / us(copy.seconds, copy.rows)).toFixed(2)}x); ` +
          `raw write / (a') = ${(perRow / floor.copyStamped).toFixed(2)}x (decision 201: <= 2x); ` +
          `raw write + fold = ${ingestion.toFixed(2)} µs = ${(ingestion / floor.copy).toFixed(2)}x (a) (issue: <= 2.5x), ` +
          `${(ingestion / floor.floor).toFixed(2)}x the floor (decision 201: <= 1.5x)`,
      );
    }
    console.log(`load average ${load()} at the end`);
  } finally {
    await bench.close();
  }
}

await main();
