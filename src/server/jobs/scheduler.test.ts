import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredential, createWorkspace } from '../../../test/support/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { markSyncStarted } from '../domain/sync/sync-run.ts';
import { enqueueDueMaintenance } from '../features/tracking/jobs.ts';
import { enqueueDueSyncs } from '../features/warehouse-sync/jobs.ts';
import { claimJob, completeJob } from './queue.ts';

let testDatabase: TestDatabase;
let workspaceId: string;
const t0 = new Date('2026-11-01T12:00:00Z');
const minutes = (n: number) => new Date(t0.getTime() + n * 60_000);

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  await migrateDatabase(testDatabase.database);
  const db = testDatabase.database.db;
  workspaceId = await createWorkspace(db, 's');
  // The scheduler reads only provider and status; the ciphertext is never decrypted here.
  await createCredential(db, { workspaceId, provider: 'shopify', status: 'verified' });
  await createCredential(db, { workspaceId, provider: 'meta', status: 'failed' });
});
afterAll(() => testDatabase.drop());

describe('sync schedule', () => {
  it('queues each verified source once per interval', async () => {
    const db = testDatabase.database.db;
    expect(await enqueueDueSyncs(db, t0, 15)).toBe(1);
    // A second process ticking at the same moment adds nothing.
    expect(await enqueueDueSyncs(db, t0, 15)).toBe(0);
    const job = await claimJob(db, { types: ['sync-shopify'], workerId: 'w', now: t0 });
    expect(job).toMatchObject({ type: 'sync-shopify', payload: { workspaceId, reason: 'schedule' } });
    await markSyncStarted(db, workspaceId, 'shopify', t0);
    await completeJob(db, { jobId: job?.id ?? 0, workerId: 'w', now: minutes(1) });
    expect(await enqueueDueSyncs(db, minutes(5), 15)).toBe(0);
    expect(await enqueueDueSyncs(db, minutes(15), 15)).toBe(1);
  });
});

describe('tracking maintenance schedule', () => {
  it('queues one maintenance job per hour, with no events arriving', async () => {
    const db = testDatabase.database.db;
    const at = (iso: string) => new Date(`2026-11-02T${iso}Z`);
    expect(await enqueueDueMaintenance(db, at('10:05:00'))).toBe(true);
    // Another process, or the next tick of this one, in the same hour: nothing more.
    expect(await enqueueDueMaintenance(db, at('10:06:00'))).toBe(false);
    const job = await claimJob(db, { types: ['maintain-tracking'], workerId: 'w', now: at('10:06:00') });
    expect(job).toMatchObject({
      type: 'maintain-tracking',
      workspaceId: null,
      maxAttempts: 3,
      priority: 150,
    });
    await completeJob(db, { jobId: job?.id ?? 0, workerId: 'w', now: at('10:07:00') });
    expect(await enqueueDueMaintenance(db, at('10:59:00'))).toBe(false);
    expect(await enqueueDueMaintenance(db, at('11:00:30'))).toBe(true);
  });
});
