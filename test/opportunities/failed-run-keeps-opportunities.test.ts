import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getDemoStore } from '../../src/demo/start-demo-emulators.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { runAnalysis } from '../../src/server/features/analysis/run-analysis.ts';
import { createWorkspace } from '../support/factories.ts';
import { startTestApp, type TestApp } from '../support/start-app.ts';
import { buildDemoFacts } from './demo-facts.ts';

let app: TestApp;
let workspaceId: string;
const facts = buildDemoFacts(getDemoStore({ seed: 7, preset: 'small' }));

const OpportunityRow = z.record(z.string(), z.unknown());

/** Every column of the workspace's opportunities, in a stable order. */
const opportunityRows = () =>
  queryRows(
    app.db,
    OpportunityRow,
    sql`SELECT * FROM opportunities WHERE workspace_id = ${workspaceId} ORDER BY type, subject_key`,
  );

/** Runs one analysis with the clock `days` after now, so a refresh visibly changes every row. */
const analyseLater = (days: number) =>
  runAnalysis(
    { ...app.server.deps, clock: () => new Date(Date.now() + days * 86_400_000) },
    workspaceId,
    'test',
    facts,
  );

beforeAll(async () => {
  app = await startTestApp();
  workspaceId = await createWorkspace(app.db, 'failed-run');
  expect((await analyseLater(0)).status).toBe('succeeded');
}, 180_000);

afterAll(async () => {
  await app?.close();
});

const RunRow = z.object({ status: z.string() });

describe('a run that fails after computing (#19.7c)', () => {
  it('leaves the previous opportunities exactly as they were', async () => {
    const before = await opportunityRows();
    expect(before.length).toBeGreaterThan(0);
    // The fault: the database refuses to mark any run succeeded — after the snapshot is written.
    await app.db.execute(sql`
      CREATE FUNCTION refuse_success() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'injected: cannot mark the run succeeded'; END $$`);
    await app.db.execute(sql`
      CREATE TRIGGER refuse_success BEFORE UPDATE ON analysis_runs
      FOR EACH ROW WHEN (NEW.status = 'succeeded') EXECUTE FUNCTION refuse_success()`);
    const failed = await analyseLater(1);
    expect(failed.status).toBe('failed');
    expect(await opportunityRows()).toEqual(before);
    const [run] = await queryRows(
      app.db,
      RunRow,
      sql`SELECT status FROM analysis_runs WHERE id = ${failed.runId}`,
    );
    expect(run?.status).toBe('failed');

    // Without the fault the same run does refresh the list: the comparison above can fail.
    await app.db.execute(sql`DROP TRIGGER refuse_success ON analysis_runs`);
    const succeeded = await analyseLater(2);
    expect(succeeded.status).toBe('succeeded');
    const after = await opportunityRows();
    expect(after.map((o) => o.last_run_id)).toEqual(after.map(() => succeeded.runId));
    expect(after).not.toEqual(before);
  }, 180_000);
});

describe('a run its server left open (killed mid-run)', () => {
  // Ten days on: later than the runs above, so pruning old runs leaves these rows to be checked.
  const now = new Date(Date.now() + 10 * 86_400_000);
  const deps = () => ({ ...app.server.deps, clock: () => now });
  const openRun = async (trigger: string, minutesAgo: number) => {
    const [row] = await queryRows(
      app.db,
      z.object({ id: z.string() }),
      sql`INSERT INTO analysis_runs (workspace_id, status, trigger, started_at)
          VALUES (${workspaceId}, 'running', ${trigger}, ${now.toISOString()}::timestamptz - make_interval(mins => ${minutesAgo}))
          RETURNING id`,
    );
    return row!.id;
  };
  const statusOf = async (id: string) => {
    const [run] = await queryRows(
      app.db,
      z.object({ status: z.string(), error: z.string().nullable() }),
      sql`SELECT status, error FROM analysis_runs WHERE id = ${id}`,
    );
    return run;
  };

  it('is closed by the next run: a sync run at once, any other once it is overdue', async () => {
    const cutOffSync = await openRun('sync', 1);
    const liveManual = await openRun('manual', 1);
    const overdueManual = await openRun('manual', 20);
    const next = await runAnalysis(deps(), workspaceId, 'sync', facts);
    expect(next.status).toBe('succeeded');
    expect(await statusOf(cutOffSync)).toEqual({
      status: 'failed',
      error: expect.stringMatching(/^Interrupted/),
    });
    expect(await statusOf(overdueManual)).toEqual({
      status: 'failed',
      error: expect.stringMatching(/^Interrupted/),
    });
    // A manual run may be live on another instance: a minute old, it is left alone.
    expect(await statusOf(liveManual)).toEqual({ status: 'running', error: null });
    // A manual run closes only the overdue ones, never a recent sync run (the job may be running it).
    const recentSync = await openRun('sync', 1);
    expect((await runAnalysis(deps(), workspaceId, 'manual', facts)).status).toBe('succeeded');
    expect(await statusOf(recentSync)).toEqual({ status: 'running', error: null });
    await app.db.execute(sql`DELETE FROM analysis_runs WHERE id IN (${liveManual}, ${recentSync})`);
  }, 120_000);
});
