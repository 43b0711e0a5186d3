import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { catalogue } from '../../src/server/jobs/catalogue.ts';
import { enqueueJob } from '../../src/server/jobs/queue.ts';
import { runJobsUntilIdle } from '../../src/server/jobs/worker.ts';
import { attemptDelivery } from '../../src/server/platform/notifications/deliver.ts';
import { claimDelivery, readDelivery } from '../../src/server/platform/notifications/delivery-store.ts';
import { queueDelivery } from '../../src/server/platform/notifications/queue-delivery.ts';
import { startTestApp, type TestApp } from '../support/start-app.ts';
import { startTestSmtpServer, type TestSmtpServer } from './receivers.ts';

/**
 * Exactly-once delivery (decision 028) against a real SMTP server: a duplicate request, two
 * workers racing the same delivery, a worker that died mid-send, a server that refuses for a
 * while or for good. Each case counts what the SMTP server really received.
 */

let app: TestApp;
let smtp: TestSmtpServer;
let workspaceId: string;
let counter = 0;

const realClock = () => new Date();

function email(source: string) {
  counter += 1;
  const to = `reader${counter}@example.com`;
  return {
    workspaceId,
    source,
    period: '2026-11-24',
    recipient: `email:${to}`,
    channelId: null,
    alertId: null,
    kind: 'email' as const,
    subject: `Message ${counter}`,
    message: { to, subject: `Message ${counter}`, html: '<p>hello</p>', text: 'hello', unsubscribeUrl: null },
  };
}

const received = (subject: string) => smtp.messages.filter((m) => m.subject === subject).length;

const QueryRow = z.object({ workspace_id: z.string() });

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  app = await startTestApp({ SMTP_URL: smtp.url });
  await app.signIn('owner@example.com', 'Olive');
  const [row] = await queryRows(app.db, QueryRow, sql`SELECT id AS workspace_id FROM workspaces LIMIT 1`);
  workspaceId = row!.workspace_id;
}, 120_000);

afterEach(() => {
  app.server.deps.clock = realClock;
  smtp.refuse = null;
});

afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

describe('exactly-once delivery', () => {
  it('records a (source, period, recipient) once: a repeat queues nothing', async () => {
    const input = email('digest:daily');
    const first = await queueDelivery(app.server.deps, input);
    const again = await queueDelivery(app.server.deps, input);
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });
    const outcomes = await runJobsUntilIdle(app.server.deps);
    expect(outcomes.filter((o) => o.job.type === catalogue.deliverNotification.type)).toHaveLength(1);
    await smtp.waitFor(1, 30_000);
    expect(received(input.subject)).toBe(1);
    expect(await readDelivery(app.db, first.id)).toMatchObject({
      status: 'sent',
      attempts: 1,
      lastError: null,
    });
  });

  it('sends once when two workers race the same delivery', async () => {
    const input = email('digest:weekly');
    const { id } = await queueDelivery(app.server.deps, input);
    // A second job for the same delivery, as a second instance that lost its lock might queue it.
    await enqueueJob(app.db, {
      type: catalogue.deliverNotification.type,
      workspaceId,
      payload: { workspaceId, deliveryId: id },
      now: new Date(),
    });
    const results = await Promise.allSettled([
      attemptDelivery(app.server.deps, id, 'worker-a', { final: false }),
      attemptDelivery(app.server.deps, id, 'worker-b', { final: false }),
      runJobsUntilIdle(app.server.deps),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    const direct = results.slice(0, 2).map((r) => (r as PromiseFulfilledResult<string>).value);
    expect(direct.filter((outcome) => outcome === 'sent').length).toBeLessThanOrEqual(1);
    // Whatever is still pending (a job that found it busy) runs later and finds it sent.
    app.server.deps.clock = () => new Date(Date.now() + 3_600_000);
    await runJobsUntilIdle(app.server.deps);
    await smtp.waitFor(2, 30_000);
    expect(received(input.subject)).toBe(1);
    expect(await readDelivery(app.db, id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('resends once after a worker died mid-send, not while its claim is fresh', async () => {
    const input = email('alert:x:opened');
    const { id } = await queueDelivery(app.server.deps, input);
    // The dead worker: claimed the row, never finished.
    expect((await claimDelivery(app.db, id, 'dead-worker', new Date(), 120_000)).state).toBe('claimed');
    expect(await attemptDelivery(app.server.deps, id, 'alive', { final: false })).toBe('in-progress');
    expect(received(input.subject)).toBe(0);
    app.server.deps.clock = () => new Date(Date.now() + 3 * 60_000);
    await runJobsUntilIdle(app.server.deps);
    await smtp.waitFor(3, 30_000);
    expect(received(input.subject)).toBe(1);
    expect(await readDelivery(app.db, id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('retries a temporary refusal with backoff, then sends; a permanent one fails with the reason', async () => {
    smtp.refuse = { code: 451, message: 'try again later' };
    const temporary = email('digest:daily');
    const { id } = await queueDelivery(app.server.deps, temporary);
    await runJobsUntilIdle(app.server.deps);
    expect(await readDelivery(app.db, id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: expect.stringContaining('try again later'),
    });
    // Not due yet: the backoff holds it.
    await runJobsUntilIdle(app.server.deps);
    expect((await readDelivery(app.db, id)).attempts).toBe(1);
    smtp.refuse = null;
    app.server.deps.clock = () => new Date(Date.now() + 3_600_000);
    await runJobsUntilIdle(app.server.deps);
    expect(await readDelivery(app.db, id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(received(temporary.subject)).toBe(1);

    smtp.refuse = { code: 550, message: 'mailbox unavailable' };
    const permanent = email('digest:daily');
    const failed = await queueDelivery(app.server.deps, permanent);
    await runJobsUntilIdle(app.server.deps);
    expect(await readDelivery(app.db, failed.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: expect.stringContaining('mailbox unavailable'),
    });
    expect(received(permanent.subject)).toBe(0);
  });

  it('marks a delivery failed after its last attempt when the server stays down', async () => {
    const input = email('digest:weekly');
    smtp.refuse = { code: 421, message: 'service not available' };
    const { id } = await queueDelivery(app.server.deps, input);
    for (let attempt = 1; attempt <= catalogue.deliverNotification.maxAttempts; attempt += 1) {
      app.server.deps.clock = () => new Date(Date.now() + attempt * 3_600_000);
      await runJobsUntilIdle(app.server.deps);
    }
    expect(await readDelivery(app.db, id)).toMatchObject({
      status: 'failed',
      attempts: catalogue.deliverNotification.maxAttempts,
      lastError: expect.stringContaining('service not available'),
    });
    expect(received(input.subject)).toBe(0);
  });
});
