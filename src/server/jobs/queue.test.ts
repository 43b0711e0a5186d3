import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace } from '../../../test/support/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database.ts';
import { migrateDatabase } from '../db/migrate.ts';
import {
  claimJob,
  completeJob,
  computeRetryDelayMs,
  enqueueJob,
  failJob,
  getJob,
  recoverStaleJobs,
} from './queue.ts';

let testDatabase: TestDatabase;
let workspaceId: string;
const t0 = new Date('2026-11-01T12:00:00Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  await migrateDatabase(testDatabase.database);
  workspaceId = await createWorkspace(testDatabase.database.db, 'queue test');
});
afterAll(() => testDatabase.drop());

describe('job queue', () => {
  it('keeps one live job per concurrency key and claims by priority, then run_at', async () => {
    const db = testDatabase.database.db;
    const first = await enqueueJob(db, {
      type: 'a',
      workspaceId,
      payload: { n: 1 },
      concurrencyKey: 'k1',
      now: t0,
    });
    const duplicate = await enqueueJob(db, {
      type: 'a',
      workspaceId,
      payload: { n: 2 },
      concurrencyKey: 'k1',
      now: t0,
    });
    expect(first.created).toBe(true);
    expect(duplicate.created).toBe(false);
    expect(duplicate.job.id).toBe(first.job.id);
    const urgent = await enqueueJob(db, { type: 'a', workspaceId, payload: {}, priority: 10, now: t0 });

    const claimed = await claimJob(db, { types: ['a'], workerId: 'w1', now: t0 });
    expect(claimed?.id).toBe(urgent.job.id);
    const second = await claimJob(db, { types: ['a'], workerId: 'w2', now: t0 });
    expect(second?.id).toBe(first.job.id);
    // While k1 runs, enqueueing it again returns the running job: no second sync of the same source.
    const whileRunning = await enqueueJob(db, {
      type: 'a',
      workspaceId,
      payload: {},
      concurrencyKey: 'k1',
      now: t0,
    });
    expect(whileRunning).toMatchObject({ created: false, job: { id: first.job.id, status: 'running' } });
    expect(await claimJob(db, { types: ['a'], workerId: 'w3', now: t0 })).toBeNull();

    await completeJob(db, { jobId: first.job.id, workerId: 'w2', now: at(1) });
    await completeJob(db, { jobId: urgent.job.id, workerId: 'w1', now: at(1) });
    expect((await getJob(db, first.job.id))?.status).toBe('succeeded');
    // Finished: the key is free again.
    expect(
      (await enqueueJob(db, { type: 'a', workspaceId, payload: {}, concurrencyKey: 'k1', now: at(2) }))
        .created,
    ).toBe(true);
  });

  it('leaves jobs of unknown types pending', async () => {
    const db = testDatabase.database.db;
    const job = await enqueueJob(db, {
      type: 'analyze-workspace',
      workspaceId,
      payload: { workspaceId },
      now: t0,
    });
    expect(await claimJob(db, { types: ['b'], workerId: 'w', now: at(3600) })).toBeNull();
    expect((await getJob(db, job.job.id))?.status).toBe('pending');
  });

  it('retries with growing, jittered backoff, then fails for good', async () => {
    const db = testDatabase.database.db;
    const { job } = await enqueueJob(db, { type: 'c', workspaceId, payload: {}, maxAttempts: 2, now: t0 });
    const attempt1 = await claimJob(db, { types: ['c'], workerId: 'w', now: t0 });
    expect(attempt1?.attempts).toBe(1);
    if (!attempt1) throw new Error('not claimed');
    const status1 = await failJob(db, {
      job: attempt1,
      workerId: 'w',
      now: t0,
      error: 'boom',
      retryable: true,
      random: () => 1,
    });
    expect(status1).toBe('pending');
    // Not due before the backoff has passed.
    expect(await claimJob(db, { types: ['c'], workerId: 'w', now: at(4) })).toBeNull();
    const attempt2 = await claimJob(db, { types: ['c'], workerId: 'w', now: at(6) });
    expect(attempt2?.attempts).toBe(2);
    if (!attempt2) throw new Error('not claimed');
    expect(
      await failJob(db, { job: attempt2, workerId: 'w', now: at(6), error: 'boom again', retryable: true }),
    ).toBe('failed');
    expect(await getJob(db, job.id)).toMatchObject({ status: 'failed', lastError: 'boom again' });

    expect(computeRetryDelayMs(1, { baseMs: 1000, maxMs: 60_000 }, () => 0)).toBe(500);
    expect(computeRetryDelayMs(3, { baseMs: 1000, maxMs: 60_000 }, () => 1)).toBe(4000);
    expect(computeRetryDelayMs(20, { baseMs: 1000, maxMs: 60_000 }, () => 1)).toBe(60_000);
  });

  it('recovers running jobs whose worker stopped heartbeating', async () => {
    const db = testDatabase.database.db;
    const { job } = await enqueueJob(db, {
      type: 'd',
      workspaceId,
      payload: {},
      concurrencyKey: 'k-d',
      now: t0,
    });
    await claimJob(db, { types: ['d'], workerId: 'dead', now: t0 });
    expect(await recoverStaleJobs(db, { now: at(60), staleAfterMs: 120_000 })).toBe(0);
    expect(await recoverStaleJobs(db, { now: at(180), staleAfterMs: 120_000 })).toBe(1);
    const recovered = await claimJob(db, { types: ['d'], workerId: 'alive', now: at(181) });
    expect(recovered).toMatchObject({ id: job.id, attempts: 2, lockedBy: 'alive' });
  });
});
