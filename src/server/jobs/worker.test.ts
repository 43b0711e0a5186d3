import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createWorkspace } from '../../../test/support/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database.ts';
import { addDays } from '../../shared/calendar.ts';
import { createAppCaches } from '../caches.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { queryRows } from '../db/query-rows.ts';
import { primaryOnly } from '../db/read-replica.ts';
import { listEventPartitionDays, utcDayOf } from '../domain/tracking/partitions.ts';
import { loadEnv } from '../env.ts';
import type { AppDeps } from '../http/deps.ts';
import { createLogger } from '../log.ts';
import { backgroundWork } from '../main.ts';
import { integrationContextOf } from '../platform/integrations/integration-context.ts';
import { createAppResources } from '../platform/resources/app-resources.ts';
import { resolveSecrets } from '../secrets.ts';
import { catalogue, enqueue, SYNC_JOBS } from './catalogue.ts';
import { PermanentJobError } from './job-error.ts';
import { handleJob, type JobHandler } from './job-handler.ts';
import { enqueueJob, getJob } from './queue.ts';
import { createJobWorker, runJobsUntilIdle } from './worker.ts';

let testDatabase: TestDatabase;
let deps: AppDeps;
let workspaceId: string;
const ran: string[] = [];

/** Test job types: one that records its payload, one that waits until aborted, one that is permanently broken. */
const recordContract = {
  type: 'test-record',
  payloadSchema: z.object({ label: z.string() }),
  maxAttempts: 5,
  priority: () => 100,
  concurrencyKey: () => null,
};
const brokenContract = {
  type: 'test-broken',
  payloadSchema: z.object({}),
  maxAttempts: 5,
  priority: () => 100,
  concurrencyKey: () => null,
};
const handlers: readonly JobHandler<AppDeps>[] = [
  handleJob(recordContract, async ({ payload }) => {
    ran.push(payload.label);
    return { label: payload.label };
  }),
  handleJob(
    {
      type: 'test-slow',
      payloadSchema: z.object({}),
      maxAttempts: 5,
      priority: () => 100,
      concurrencyKey: () => 'slow',
    },
    ({ signal }) =>
      new Promise((_resolve, reject) => {
        signal.addEventListener('abort', () => reject(new Error('stopped')));
      }),
  ),
  handleJob(brokenContract, async () => {
    throw new PermanentJobError('cannot ever work');
  }),
  // The one real job this file runs (the last test); no other type of the catalogue has a handler here.
  ...backgroundWork.handlers.filter((handler) => handler.type === catalogue.maintainTracking.type),
];

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  await migrateDatabase(testDatabase.database);
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const { database } = testDatabase;
  const secrets = resolveSecrets(env, { ephemeral: true });
  const clock = () => new Date();
  const caches = createAppCaches();
  deps = {
    env,
    database,
    db: database.db,
    reads: primaryOnly(database.db),
    log: createLogger(env.logLevel),
    secrets,
    clock,
    publicUrl: () => 'http://127.0.0.1',
    startedAt: new Date(),
    caches,
    resources: createAppResources(),
    mail: { runtime: undefined },
    integration: integrationContextOf({
      db: database.db,
      env,
      secrets,
      clock,
      tokens: caches.upstreamTokens,
      demo: undefined,
    }),
    demo: undefined,
    jobs: { handlers, schedules: [] },
  };
  workspaceId = await createWorkspace(deps.db, 'w');
});
afterAll(async () => {
  await deps.resources.stop();
  await testDatabase.drop();
});

describe('worker', () => {
  it('runs due jobs until idle, stores results, fails permanent errors at once, leaves types without a handler pending', async () => {
    const now = new Date();
    const first = await enqueueJob(deps.db, {
      type: 'test-record',
      workspaceId,
      payload: { label: 'a' },
      now,
    });
    const broken = await enqueueJob(deps.db, { type: 'test-broken', workspaceId, payload: {}, now });
    // In the catalogue, but no handler in this build (deps.jobs): never claimed, never failed.
    const unknown = await enqueue(deps.db, catalogue.analyzeWorkspace, { workspaceId }, { now });
    const outcomes = await runJobsUntilIdle(deps);
    expect(outcomes.map((outcome) => [outcome.job.type, outcome.status])).toEqual([
      ['test-record', 'succeeded'],
      ['test-broken', 'failed'],
    ]);
    expect(ran).toEqual(['a']);
    expect(await getJob(deps.db, first.job.id)).toMatchObject({ status: 'succeeded' });
    expect(await getJob(deps.db, broken.job.id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await getJob(deps.db, unknown.job.id)).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('works in the background and, when stopped, hands an interrupted job back to the queue', async () => {
    const worker = createJobWorker(deps, { pollIntervalMs: 20 });
    worker.start();
    const now = new Date();
    const quick = await enqueueJob(deps.db, {
      type: 'test-record',
      workspaceId,
      payload: { label: 'b' },
      now,
    });
    const slow = await enqueueJob(deps.db, { type: 'test-slow', workspaceId, payload: {}, now });
    const settled = async () =>
      (await getJob(deps.db, slow.job.id))?.status === 'running' &&
      (await getJob(deps.db, quick.job.id))?.status === 'succeeded';
    for (let waited = 0; waited < 10_000 && !(await settled()); waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(ran).toContain('b');
    await worker.stop();
    expect(await getJob(deps.db, slow.job.id)).toMatchObject({ status: 'pending', lastError: 'stopped' });
  });
});

const BeforeRow = z.object({ n: z.number() });

const AfterRow = z.object({ n: z.number() });

describe('enqueue by contract', () => {
  it('takes retry budget, priority and concurrency key from the contract', async () => {
    const now = new Date();
    const manual = await enqueue(deps.db, SYNC_JOBS.ga4, { workspaceId, reason: 'manual' }, { now });
    expect(manual.job).toMatchObject({
      type: 'sync-ga4',
      workspaceId,
      maxAttempts: 6,
      priority: 50,
      concurrencyKey: `sync:ga4:${workspaceId}`,
    });
    const again = await enqueue(deps.db, SYNC_JOBS.ga4, { workspaceId, reason: 'schedule' }, { now });
    expect(again).toMatchObject({ created: false, job: { id: manual.job.id } });
  });

  it('refuses a payload its schema rejects, naming the field, and stores nothing', async () => {
    const [before] = await queryRows(deps.db, BeforeRow, sql`SELECT count(*)::int AS n FROM jobs`);
    await expect(
      enqueue(deps.db, SYNC_JOBS.meta, { workspaceId: 'not-a-uuid' }, { now: new Date() }),
    ).rejects.toThrow(/invalid sync-meta payload[\s\S]*workspaceId/);
    const [after] = await queryRows(deps.db, AfterRow, sql`SELECT count(*)::int AS n FROM jobs`);
    expect(after?.n).toBe(before?.n);
  });

  it('runs the tracking maintenance with no events: partitions for today and tomorrow', async () => {
    const { job } = await enqueue(deps.db, catalogue.maintainTracking, {}, { now: new Date() });
    const outcomes = await runJobsUntilIdle(deps, { only: [catalogue.maintainTracking] });
    expect(outcomes.map((o) => [o.job.id, o.status])).toEqual([[job.id, 'succeeded']]);
    const today = utcDayOf(new Date());
    expect(await listEventPartitionDays(deps.db)).toEqual(expect.arrayContaining([today, addDays(today, 1)]));
  });
});
