/**
 * Cost recalculation at size (issue #13: 1M order lines < 20 s). On the synthetic store of
 * bench/support/profit-bench.ts (two lines per order), the owner has entered a new cost for every
 * variant from the first day, so every costed line is re-priced; the job's work
 * (`runCostRecalculation`: set-based SQL over ranges of days of ≤ 100,000 lines, each committed
 * with its progress) runs over the whole range. Prints lines read and changed, seconds, lines per second, the CPU seconds it took
 * in this process and in the database server (`cpuSeconds`) and the load average.
 *
 * Options: `--orders N` or BENCH_ORDERS (default 500000 orders = 1M lines). Database: DATABASE_URL
 * or in-memory PGlite.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '../src/server/db/query-rows.ts';
import { loadEnv } from '../src/server/env.ts';
import { runCostRecalculation } from '../src/server/features/costs/services/recalculate-costs.ts';
import { addDays } from '../src/shared/calendar.ts';
import { load } from './support/load-average.ts';
import {
  benchOrders,
  cpuSeconds,
  cpuSpent,
  DAYS,
  END,
  fillSyntheticProfitStore,
  startProfitBench,
  VARIANTS,
} from './support/profit-bench.ts';

const orders = benchOrders(500_000);
const bench = await startProfitBench();
try {
  const { db, workspaceId: ws } = bench;
  console.log(`database ${bench.databaseKind}`);
  await fillSyntheticProfitStore(db, ws, orders);
  const from = addDays(END, -(DAYS - 1));
  await db.execute(sql`INSERT INTO wh_cost_ledger (workspace_id, variant_id, sku, cost_minor, effective_from, source)
    SELECT ${ws}, v, 'SKU-' || v, 250 + v % 50, ${from}::date, 'manual'
    FROM generate_series(1000::bigint, ${999 + VARIANTS}) v`);
  const [run] = await queryRows(
    db,
    z.object({ id: z.number() }),
    sql`INSERT INTO cost_recalculations (workspace_id, from_date, to_date) VALUES (${ws}, ${from}, ${END})
        RETURNING id::float8 AS id`,
  );
  console.log(`recalculating ${from} to ${END}; load average ${load()} before`);
  const cpuBefore = await cpuSeconds(db);
  const started = performance.now();
  const result = await runCostRecalculation(db, {
    workspaceId: ws,
    recalculationId: run!.id,
    now: () => new Date(),
    signal: new AbortController().signal,
    linesPerStep: loadEnv().costRecalculationStepLines,
    stepsInFlight: bench.databaseKind === 'postgres' ? loadEnv().costRecalculationParallelSteps : 1,
  });
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuSpent(cpuBefore, await cpuSeconds(db));
  console.log(
    `recalculation: ${result.linesTotal} lines read, ${result.linesChanged} changed in ${seconds.toFixed(1)} s ` +
      `(${Math.round(result.linesTotal / seconds)} lines/s; ${cpu}); load average ${load()} (budget 1M lines < 20 s)`,
  );
} finally {
  await bench.close();
}
