import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  analysisAttributionRows,
  analysisCohortPoints,
  analysisCustomers,
  analysisForecastPoints,
  analysisMetrics,
  analysisSegments,
  analysisStockRows,
} from '../../db/schema/analysis.ts';
import type { AnalysisRunOutput } from './analyze-run.ts';
import type { CustomerSnapshotColumns } from './customer-snapshot-columns.ts';

const INSERT_BATCH = 2000;

/** A turn of the event loop: requests waiting meanwhile are served between two batches. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Inserts rows in batches, each built in its own turn of the event loop: the tables are written
 * at once, and building every table's first statement in one turn held up requests.
 */
async function insertInBatches<T>(
  rows: readonly T[],
  insert: (batch: T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await nextTurn();
    await insert(rows.slice(i, i + INSERT_BATCH));
  }
}

const finite = (value: number | null | undefined): number | null =>
  value === null || value === undefined || !Number.isFinite(value) ? null : value;

/**
 * Writes one run's snapshot tables, tagged with the run. The tables are written at once: on
 * PostgreSQL each goes over its own pooled connection. The customers (100k rows at the large
 * preset) arrive as column literals built by the worker (customer-snapshot-columns.ts); the other
 * tables hold hundreds of rows.
 */
export async function writeAnalysisSnapshot(
  db: Db,
  workspaceId: string,
  runId: string,
  snapshot: AnalysisRunOutput,
): Promise<void> {
  const base = { runId, workspaceId };
  const writes: Promise<unknown>[] = [];
  writes.push(writeCustomers(db, workspaceId, runId, snapshot.customerColumns));
  writes.push(
    insertInBatches(snapshot.segments, (batch) =>
      db.insert(analysisSegments).values(
        batch.map((s) => ({
          ...base,
          ...s,
          growthRate: finite(s.growthRate),
          averageProbabilityAlive: finite(s.averageProbabilityAlive),
          averageClv: finite(s.averageClv),
        })),
      ),
    ),
  );
  writes.push(
    insertInBatches(snapshot.cohortPoints, (batch) =>
      db.insert(analysisCohortPoints).values(batch.map((p) => ({ ...base, ...p }))),
    ),
  );
  const forecastRows = [
    ...snapshot.history.map((p) => ({ ...base, kind: 'history' as const, date: p.date, value: p.value })),
    ...(snapshot.forecast?.points ?? []).map((p) => ({
      ...base,
      kind: 'forecast' as const,
      date: p.date,
      value: p.value,
      lo80: p.lo80,
      hi80: p.hi80,
      lo95: p.lo95,
      hi95: p.hi95,
      closed: p.closed,
    })),
  ];
  writes.push(insertInBatches(forecastRows, (batch) => db.insert(analysisForecastPoints).values(batch)));
  writes.push(
    insertInBatches(snapshot.attribution, (batch) =>
      db.insert(analysisAttributionRows).values(batch.map((a) => ({ ...base, ...a, roas: finite(a.roas) }))),
    ),
  );
  writes.push(
    insertInBatches(snapshot.stock, (batch) =>
      db.insert(analysisStockRows).values(
        batch.map((s) => ({
          ...base,
          ...s,
          dailyDemand: finite(s.dailyDemand),
          daysOfCover: finite(s.daysOfCover),
        })),
      ),
    ),
  );
  writes.push(
    insertInBatches([...snapshot.metrics], (batch) =>
      db.insert(analysisMetrics).values(batch.map(([metricKey, value]) => ({ ...base, metricKey, value }))),
    ),
  );
  await Promise.all(writes);
}

/** The per-customer rows: one statement per batch of column literals, unpacked by unnest. */
async function writeCustomers(
  db: Db,
  workspaceId: string,
  runId: string,
  columns: CustomerSnapshotColumns,
): Promise<void> {
  await Promise.all(
    columns.batches.map((c) =>
      db.execute(sql`
        INSERT INTO ${analysisCustomers} (run_id, workspace_id, customer_id, recency_days, frequency, monetary,
          r, f, m, segment, probability_alive, expected_orders_12m, clv_12m)
        SELECT ${runId}::uuid, ${workspaceId}::uuid, x.customer_id, x.recency_days, x.frequency, x.monetary,
          x.r, x.f, x.m, (${columns.segmentNames}::text[])[x.segment], x.probability_alive, x.expected_orders_12m, x.clv_12m
        FROM unnest(${c.customerId}::bigint[], ${c.recencyDays}::integer[], ${c.frequency}::integer[],
          ${c.monetary}::float8[], ${c.r}::smallint[], ${c.f}::smallint[], ${c.m}::smallint[],
          ${c.segment}::integer[], ${c.probabilityAlive}::float8[], ${c.expectedOrders12m}::float8[],
          ${c.clv12m}::float8[])
          AS x(customer_id, recency_days, frequency, monetary, r, f, m, segment, probability_alive,
            expected_orders_12m, clv_12m)`),
    ),
  );
}
