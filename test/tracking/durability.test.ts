import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TrackingSessionsResponse } from '../../src/shared/contracts/cursor-tracking.ts';
import { placeMigratedDataDir } from '../support/embedded-data-dir.ts';
import { freePort } from '../support/free-port.ts';
import { signInThroughDevProvider } from '../support/start-app.ts';
import { createMigratedTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { startUpsideProcess, stopProcess } from '../support/upside-process.ts';
import { addWebsite, makeEvent, postEvents } from './ingest-helpers.ts';

/** `node bin/upside.js start` as a real process; resolves with its URL once it listens. */
const startServerProcess = (env: Record<string, string>) =>
  startUpsideProcess(
    { NODE_ENV: 'development', DEMO: '0', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    { timeoutMs: 60_000 },
  );
const killHard = (child: ChildProcess) => stopProcess(child, 'SIGKILL');

/**
 * A 2xx from the ingestion endpoint means committed: the server process is killed with SIGKILL
 * the moment the last acknowledgement arrives (more batches still in flight), restarted on the
 * same database, and every acknowledged event is there.
 */
describe('ingestion durability', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'upside-durability-'));
  let testDb: TestDatabase | undefined;
  const running: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of running) await killHard(child);
    await testDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged batch when the server is killed right after answering', async () => {
    const env: Record<string, string> = { DATA_DIR: dataDir, PORT: String(await freePort()) };
    // A copy of the run's migrated database (decision 182): durability is tested, not migrating.
    if (process.env.DATABASE_URL) {
      testDb = await createMigratedTestDatabase();
      env.DATABASE_URL = testDb.url!;
    } else await placeMigratedDataDir(dataDir);
    const first = await startServerProcess(env);
    running.push(first.process);
    const shop = 'https://durable-shop.example';
    const cookie = await signInThroughDevProvider(first.url, 'durable@example.com', 'Dora');
    const request = (path: string, init: RequestInit = {}) =>
      fetch(`${first.url}${path}`, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), cookie, origin: first.url },
      });
    const site = await addWebsite({ request: (path, init) => request(path, init) }, cookie, shop);

    const perBatch = 40;
    const acknowledged: string[] = [];
    let killed = false;
    const send = async (i: number) => {
      const sessionId = `batch_${i}`;
      const events = Array.from({ length: perBatch }, () => makeEvent(shop, { sessionId }));
      try {
        const response = await postEvents(
          first.url,
          { trackingId: site.trackingId, apiKey: site.apiKey, events },
          { origin: shop },
        );
        if (response.status === 200 && !killed) acknowledged.push(sessionId);
      } catch {
        // In flight when the process died: neither acknowledged nor required.
      }
    };
    // Ten batches awaited, then SIGKILL in the same tick as the tenth answer while ten more fly.
    const acknowledgedFirst = Array.from({ length: 10 }, (_, i) => send(i));
    await Promise.all(acknowledgedFirst);
    const inFlight = Array.from({ length: 10 }, (_, i) => send(10 + i));
    await new Promise((resolve) => setTimeout(resolve, 5));
    killed = true;
    first.process.kill('SIGKILL');
    await Promise.all(inFlight);
    await killHard(first.process);
    expect(acknowledged.length).toBeGreaterThanOrEqual(10);

    const second = await startServerProcess(env);
    running.push(second.process);
    const cookie2 = await signInThroughDevProvider(second.url, 'durable@example.com', 'Dora');
    const response = await fetch(`${second.url}/api/cursor-tracking/sessions`, {
      headers: { cookie: cookie2 },
    });
    expect(response.status).toBe(200);
    const { sessions } = (await response.json()) as TrackingSessionsResponse;
    const stored = new Map(sessions.map((s) => [s.sessionId, s.eventCount]));
    for (const sessionId of acknowledged) expect(stored.get(sessionId), sessionId).toBe(perBatch);
    await killHard(second.process);
  }, 180_000);
});
