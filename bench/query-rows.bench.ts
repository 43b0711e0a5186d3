// What checking rows at the boundary costs (decision 059): a bulk raw read shaped like the cost
// ledger that the sync and the recalculation load whole (load-cost-book.ts), 100,000 rows, read
// unchecked and through queryRows with its row schema. Goal: parsing well under the read itself.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { openDatabase } from '../src/server/db/client.ts';
import { queryRows } from '../src/server/db/query-rows.ts';

const ROWS = 100_000;
const LedgerRow = z.object({
  id: z.number(),
  variantId: z.number(),
  costMinor: z.number(),
  effectiveFrom: z.string(),
  source: z.enum(['manual', 'import', 'shopify']),
  createdAt: z.string(),
});
const query = sql`SELECT n::float8 AS "id", (n % 5000)::float8 AS "variantId", (n * 7 % 10000)::float8 AS "costMinor",
    (DATE '2026-01-01' + (n % 300))::text AS "effectiveFrom", (ARRAY['manual', 'import', 'shopify'])[n % 3 + 1] AS source,
    to_char(TIMESTAMP '2026-01-01' + n * INTERVAL '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "createdAt"
  FROM generate_series(1, ${ROWS}) n`;

const database = await openDatabase({ kind: 'pglite', dataDir: null });
const { db } = database;
const best = async (run: () => Promise<unknown>) => {
  let fastest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    await run();
    fastest = Math.min(fastest, performance.now() - started);
  }
  return fastest;
};
const unchecked = await best(() => db.execute(query));
const checked = await best(() => queryRows(db, LedgerRow, query));
const rows = ((await db.execute(query)) as unknown as { rows: unknown[] }).rows;
const parseOnly = await best(async () => rows.map((row) => LedgerRow.parse(row)));
const load = loadavg()[0]?.toFixed(2);
console.log(`query-rows: ${ROWS} ledger-shaped rows on PGlite, best of 3`);
console.log(`  read unchecked      ${unchecked.toFixed(1)} ms   (load ${load})`);
console.log(`  read + row schema   ${checked.toFixed(1)} ms   (load ${load})`);
console.log(
  `  row schema alone    ${parseOnly.toFixed(1)} ms = ${((parseOnly * 1000) / ROWS).toFixed(2)} µs a row   (load ${load})`,
);
await database.close();
