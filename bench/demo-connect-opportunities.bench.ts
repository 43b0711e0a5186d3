/**
 * Issue 37 item 4's last figure: from "Connect demo store" to the first opportunities the owner's
 * page can show (goal < 15 s on a quiet 2-core machine). The app and the demo emulators start as
 * in demo mode (small preset, seed 42) on a fresh database (DATABASE_URL, or else PGlite on a data
 * directory on disk, as `npm start` uses it — not the tests' in-memory PGlite); the owner signs in, POST /api/demo/connect answers, and the job worker runs as the server's
 * would while GET /api/opportunities is polled every 250 ms. Prints the time to the connect answer,
 * to the first non-empty opportunity list and to every job done, with the machine's load, then each
 * job's start and end from the connect (where the wait goes); asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { openDatabase } from '../src/server/db/client.ts';
import { queryRows, timestampColumn } from '../src/server/db/query-rows.ts';
import { runJobsUntilIdle } from '../src/server/jobs/worker.ts';
import { startDemoTestApp } from '../test/support/start-demo-app.ts';

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
// Without DATABASE_URL: PGlite on a fresh data directory on disk, as `npm start` opens it.
const dataDir = process.env.DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), 'upside-bench-'));
const onDisk = dataDir ? await openDatabase({ kind: 'pglite', dataDir }) : undefined;
const app = await startDemoTestApp(
  {},
  {},
  {
    database: onDisk && { database: onDisk, url: undefined, drop: () => onDisk.close() },
  },
);
try {
  const owner = await app.signIn('owner@example.com', 'Olive');
  const started = performance.now();
  const startedAt = Date.now();
  const cpuAtStart = process.cpuUsage();
  // Wall seconds since the connect, and this process's CPU seconds (all its threads) beside them:
  // on a loaded machine the wall time stretches, the CPU much less.
  const seconds = () => {
    const cpu = process.cpuUsage(cpuAtStart);
    const wall = ((performance.now() - started) / 1000).toFixed(1);
    return `${wall} s, CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)}`;
  };
  const connected = await app.request('/api/demo/connect', { method: 'POST', cookie: owner });
  if (connected.status !== 200) throw new Error(`demo connect answered ${connected.status}`);
  console.log(`connect answered: ${seconds()} s (load ${load()})`);
  let firstOpportunities: string | null = null;
  let jobsDone: number | null = null;
  let jobsSeconds = '';
  const worker = runJobsUntilIdle(app.server.deps).then(() => {
    jobsDone = performance.now();
    jobsSeconds = seconds();
  });
  // After the last job, the page gets 10 s more to show the run's list.
  while (jobsDone === null || (firstOpportunities === null && performance.now() - jobsDone < 10_000)) {
    const response = await app.request('/api/opportunities', { cookie: owner });
    const list = response.ok ? ((await response.json()) as unknown[]) : [];
    if (firstOpportunities === null && list.length > 0) {
      firstOpportunities = seconds();
      console.log(
        `first opportunities (${list.length}) on GET /api/opportunities: ${firstOpportunities} s (load ${load()})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await worker;
  console.log(`every job done: ${jobsSeconds} s (load ${load()})`);
  const jobs = await queryRows(
    app.server.deps.db,
    z.object({
      type: z.string(),
      status: z.string(),
      locked_at: timestampColumn.nullable(),
      finished_at: timestampColumn.nullable(),
    }),
    sql`SELECT type, status, locked_at, finished_at FROM jobs ORDER BY locked_at NULLS LAST, id`,
  );
  const at = (value: Date | string | null) =>
    value === null ? '-' : ((new Date(value).getTime() - startedAt) / 1000).toFixed(1);
  const runs = await queryRows(
    app.server.deps.db,
    z.object({
      duration_ms: z.number().nullable(),
      diagnostics: z.record(z.string(), z.unknown()).nullable(),
    }),
    sql`SELECT duration_ms, diagnostics FROM analysis_runs ORDER BY started_at`,
  );
  for (const run of runs) {
    const parts = ['loadMs', 'workerMs', 'writeMs', 'profitMs'].map(
      (key) => `${key} ${String(run.diagnostics?.[key])}`,
    );
    console.log(`  analysis run ${run.duration_ms} ms: ${parts.join(', ')}`);
  }
  for (const job of jobs)
    console.log(
      `  job ${job.type.padEnd(28)} ${job.status.padEnd(9)} ${at(job.locked_at).padStart(6)} → ${at(job.finished_at).padStart(6)} s`,
    );
  if (firstOpportunities === null) {
    const last = await app.request('/api/opportunities', { cookie: owner });
    console.log(
      `no opportunity 10 s after every job: GET /api/opportunities answered ${last.status} ${(await last.text()).slice(0, 300)}`,
    );
  }
} finally {
  await app.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
