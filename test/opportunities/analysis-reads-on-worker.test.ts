import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../src/server/db/query-rows.ts';
import {
  analysisAttributionRows,
  analysisCohortPoints,
  analysisCustomers,
  analysisForecastPoints,
  analysisMetrics,
  analysisSegments,
  analysisStockRows,
} from '../../src/server/db/schema/analysis.ts';
import { analysisInsightDays, analysisInsightMovers } from '../../src/server/db/schema/insights.ts';
import { loadAnalysisFacts } from '../../src/server/domain/analysis-facts/load-analysis-facts.ts';
import { runAnalysis } from '../../src/server/features/analysis/run-analysis.ts';
import type { DemoTestApp } from '../support/start-demo-app.ts';
import { startConnectedDemoApp } from '../support/start-demo-app.ts';

/**
 * A run that reads the warehouse itself (on PostgreSQL: the worker thread reads the facts and
 * writes the snapshot over its own connections, issue 18; on PGlite: the main thread) against a
 * run handed the same facts read on the main thread (the main thread writes its snapshot): every
 * snapshot row, the run's figures and the opportunities must be the same.
 */

let app: DemoTestApp;
let workspaceId: string;

beforeAll(async () => {
  ({ app, workspaceId } = await startConnectedDemoApp(7));
}, 300_000);

afterAll(async () => {
  await app?.close();
});

const SNAPSHOT_TABLES: PgTable[] = [
  analysisCustomers,
  analysisSegments,
  analysisCohortPoints,
  analysisForecastPoints,
  analysisAttributionRows,
  analysisStockRows,
  analysisMetrics,
  analysisInsightDays,
  analysisInsightMovers,
];

/** A run's rows of one snapshot table as text, without the run (and row ids), in a stable order. */
const rowsOf = async (table: PgTable, runId: string) =>
  (
    await queryRows(
      app.db,
      z.object({ row: z.string() }),
      sql`SELECT (to_jsonb(t) - 'run_id' - 'id')::text AS row FROM ${table} t WHERE t.run_id = ${runId}`,
    )
  )
    .map((r) => r.row)
    .sort();

const RunRow = z.object({
  as_of: z.string().nullable(),
  currency_code: z.string().nullable(),
  diagnostics: z.record(z.string(), z.unknown()),
  forecast_accuracy: z.unknown(),
});

const runOf = async (runId: string) => {
  const [run] = await queryRows(
    app.db,
    RunRow,
    sql`SELECT as_of::text, currency_code, diagnostics, forecast_accuracy FROM analysis_runs WHERE id = ${runId}`,
  );
  const { timingsMs, loadMs, workerMs, writeMs, profitMs, ...diagnostics } = run!.diagnostics;
  expect([timingsMs, loadMs, workerMs, writeMs, profitMs]).not.toContain(undefined);
  return { ...run!, diagnostics };
};

const OpportunityRow = z.object({ row: z.string() });

describe('an analysis that reads the warehouse itself', () => {
  it('writes the snapshot and opportunities of a run handed the same facts', async () => {
    const read = await runAnalysis(app.server.deps, workspaceId, 'test');
    expect(read).toMatchObject({ status: 'succeeded', error: null });
    const readOpportunities = await queryRows(
      app.db,
      OpportunityRow,
      sql`SELECT (to_jsonb(o) - 'last_detected_at' - 'last_run_id' - 'updated_at')::text AS row
          FROM opportunities o WHERE workspace_id = ${workspaceId} ORDER BY type, subject_key`,
    );
    expect(readOpportunities.length).toBeGreaterThan(0);

    const facts = await loadAnalysisFacts(app.db, workspaceId, app.server.deps.clock());
    const closures = await queryRows(
      app.db,
      z.object({ day: z.string() }),
      sql`SELECT closed_on::text AS day FROM forecast_closures WHERE workspace_id = ${workspaceId} ORDER BY closed_on`,
    );
    const handed = await runAnalysis(app.server.deps, workspaceId, 'test', {
      ...facts!,
      confirmedClosures: closures.map((c) => c.day),
    });
    expect(handed).toMatchObject({ status: 'succeeded', asOf: read.asOf, opportunities: read.opportunities });

    for (const table of SNAPSHOT_TABLES) {
      const fromWarehouse = await rowsOf(table, read.runId);
      expect(fromWarehouse.length, getTableName(table)).toBeGreaterThan(0);
      expect(await rowsOf(table, handed.runId), getTableName(table)).toEqual(fromWarehouse);
    }
    expect(await runOf(handed.runId)).toEqual(await runOf(read.runId));
    const handedOpportunities = await queryRows(
      app.db,
      OpportunityRow,
      sql`SELECT (to_jsonb(o) - 'last_detected_at' - 'last_run_id' - 'updated_at')::text AS row
          FROM opportunities o WHERE workspace_id = ${workspaceId} ORDER BY type, subject_key`,
    );
    expect(handedOpportunities).toEqual(readOpportunities);
  }, 120_000);
});
