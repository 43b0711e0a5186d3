/**
 * The floor of raw-first ingestion's PostgreSQL CPU per event (issue #43, decision 201): what any
 * design must pay, part by part, against the budget of 2.5x the CPU per row of a raw COPY.
 *
 * On the ingestion bench's own rows (bench/support/tracker-bodies.ts: four sites, tracker-shaped
 * batches of 20–50 events, one session each, cycled so sessions are met again as in the bench), one
 * PostgreSQL backend's CPU is read from /proc around each part:
 * - (a) the raw COPY as tracking-ingest.bench.ts times it (the budget's 1x), and the same rows as
 *   raw-first writes them (session fields and a stamp per batch, so the `ingested_at` b-tree too);
 * - (b) the least a fold must do: read the stamped rows once, writing nothing (the scan alone; the
 *   scan with every rollup's GROUP BY);
 * - (c) each rollup the issue requires — page counts, clicked elements, heatmap hour parts, session
 *   pages, sessions — written alone by the cheapest single INSERT … SELECT … GROUP BY … ON CONFLICT
 *   from the raw rows (one sort or hash each, the merges of rollup-statement.ts; simplifications
 *   that only make it cheaper are named beside each);
 * - the fold statement as it is (fold-statement.ts) on the same chunks;
 * - (d) the floor of the fold: the scan + each rollup above the scan, what the fold statement itself
 *   must pay (the floor without the write (a)), and the fold statement against it (decision 201's
 *   split measure: <= 2x; decision 212).
 * The fold parts run chunk by chunk (BENCH_FLOOR_CHUNK rows, 4,000 = the writer's fold every 4,000
 * events), each chunk in a transaction that is rolled back, after one committed fold of the same
 * sessions, so every part meets the rollups in the same state (sessions and pages met again) and none
 * grows them. Floor = a + the scan + the sum of each rollup's CPU above the scan = a + (d).
 * The parts live in support/fold-floor.ts; tracking-cpu-measures.bench.ts prints them beside the
 * request path's raw write.
 *
 * Run: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/tracking-fold-floor.bench.ts`
 * (BENCH_FLOOR_ROWS rows a round, 200,000; BENCH_FLOOR_ROUNDS, 3; the parts' order rotates per round).
 * Prints µs per event and the load average; asserts nothing. Its database is dropped at the end.
 */
import { addRound, COPY_BASELINE, type FloorRound, floorOf, openFloorBench } from './support/fold-floor.ts';
import { load } from './support/load-average.ts';

const ROWS = Number(process.env.BENCH_FLOOR_ROWS ?? 200_000);
const ROUNDS = Number(process.env.BENCH_FLOOR_ROUNDS ?? 3);
const CHUNK = Number(process.env.BENCH_FLOOR_CHUNK ?? 4_000);

async function main() {
  console.log(`machine: load average ${load()} at start (other work skews the figures)`);
  const bench = await openFloorBench();
  try {
    const totals: FloorRound = new Map();
    for (let round = 0; round < ROUNDS; round++) {
      const figures = await bench.round(ROWS, CHUNK, round);
      addRound(totals, figures);
      console.log(
        `round ${round + 1}: ${figures.get(COPY_BASELINE)!.rows} rows, chunks of ${CHUNK}; load average ${load()}`,
      );
    }
    const floor = floorOf(totals);
    console.log(`PostgreSQL CPU per event, ${ROUNDS} rounds of ${ROWS} rows, chunks of ${CHUNK}:`);
    for (const name of totals.keys())
      console.log(
        `  ${floor.perEvent(name).toFixed(2).padStart(6)} µs = ${(floor.perEvent(name) / floor.copy).toFixed(2)}x  ${name}`,
      );
    const rollups = floor.rollups.map((n) => n.toFixed(2)).join(' + ');
    console.log(
      `floor = (a) + the scan + each rollup above the scan = ${floor.copy.toFixed(2)} + ${floor.scan.toFixed(2)} + ` +
        `${rollups} = ${floor.floor.toFixed(2)} µs = ${(floor.floor / floor.copy).toFixed(2)}x ` +
        `the COPY row (budget <= 2.5x); load average ${load()}`,
    );
    console.log(
      `(d) the fold's floor = the scan + each rollup above the scan = ${floor.scan.toFixed(2)} + ${rollups} = ` +
        `${floor.foldFloor.toFixed(2)} µs; the fold statement ${floor.fold.toFixed(2)} µs = ` +
        `${(floor.fold / floor.foldFloor).toFixed(2)}x its floor (decision 201's split measure: <= 2x); load average ${load()}`,
    );
  } finally {
    await bench.close();
  }
}

await main();
