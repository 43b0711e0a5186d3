/**
 * Costs CSV import at size (issue #13: a 100k-row costs CSV imported < 5 s), through the real
 * path: POST /api/costs/import with the file as text/csv (csv-parse, validation of every row,
 * SKU resolution, one transaction with its audit row). The file names 10,000 variants by SKU, ten
 * dated costs each. Prints the file size, the answer's figures, seconds and the load average; a
 * second import of the same file (idempotent: every period replaced) is timed too. Beside each
 * time: the CPU seconds of this process (which serves the request) and of the database server.
 *
 * Options: BENCH_ROWS (default 100000). Database: DATABASE_URL or in-memory PGlite.
 */
import { addDays } from '../src/shared/calendar.ts';
import { CsvImportResponseSchema } from '../src/shared/contracts/costs.ts';
import { load } from './support/load-average.ts';
import { cpuSeconds, cpuSpent, fillVariants, startProfitBench } from './support/profit-bench.ts';

const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const PERIODS = 10;
const variants = Math.ceil(rows / PERIODS);

const bench = await startProfitBench();
try {
  console.log(`database ${bench.databaseKind}`);
  await fillVariants(bench.db, bench.workspaceId, variants);
  const lines = ['sku,cost,effective_from'];
  for (let i = 0; i < rows; i += 1) {
    const variant = 1000 + (i % variants);
    const period = Math.floor(i / variants);
    lines.push(
      `SKU-${variant},${(2 + (variant % 40) + period * 0.25).toFixed(2)},${addDays('2024-01-01', period * 30)}`,
    );
  }
  const csv = `${lines.join('\n')}\n`;
  console.log(`costs CSV: ${rows} rows, ${(csv.length / 1024 / 1024).toFixed(1)} MB, ${variants} variants`);
  for (const pass of ['first import', 'same file again']) {
    const cpuBefore = await cpuSeconds(bench.db);
    const started = performance.now();
    const response = await fetch(`${bench.server.url}/api/costs/import?fileName=bench.csv`, {
      method: 'POST',
      headers: { cookie: bench.cookie, 'content-type': 'text/csv' },
      body: csv,
    });
    const seconds = (performance.now() - started) / 1000;
    const cpu = cpuSpent(cpuBefore, await cpuSeconds(bench.db));
    if (response.status !== 200)
      throw new Error(`import answered ${response.status}: ${await response.text()}`);
    const answer = CsvImportResponseSchema.parse(await response.json());
    console.log(
      `${pass}: ${answer.stored} periods stored, ${answer.unknown.length} unknown, in ${seconds.toFixed(2)} s (${cpu}); ` +
        `load average ${load()} (budget 100k rows < 5 s)`,
    );
  }
} finally {
  await bench.close();
}
