import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { TrackingSessionsResponse } from '../../src/shared/contracts/cursor-tracking.ts';
import { signInThroughDevProvider } from '../support/start-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { addWebsite, makeEvent, postEvents } from './ingest-helpers.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

interface Spawned {
  child: ChildProcess;
  url: string;
}

/** `node bin/upside.js start` as a real process; resolves with its URL once it listens. */
function startServerProcess(env: Record<string, string>): Promise<Spawned> {
  const child = spawn(process.execPath, ['bin/upside.js', 'start'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DEMO: '0',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/[\d.:]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]! });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

/** A free port, so both server runs share one URL (the dev identity provider's issuer includes it). */
function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

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
    const env: Record<string, string> = { DATA_DIR: dataDir, PORT: String(await findFreePort()) };
    if (process.env.DATABASE_URL) {
      testDb = await createTestDatabase();
      env.DATABASE_URL = testDb.url!;
    }
    const first = await startServerProcess(env);
    running.push(first.child);
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
    first.child.kill('SIGKILL');
    await Promise.all(inFlight);
    await killHard(first.child);
    expect(acknowledged.length).toBeGreaterThanOrEqual(10);

    const second = await startServerProcess(env);
    running.push(second.child);
    const cookie2 = await signInThroughDevProvider(second.url, 'durable@example.com', 'Dora');
    const response = await fetch(`${second.url}/api/cursor-tracking/sessions`, {
      headers: { cookie: cookie2 },
    });
    expect(response.status).toBe(200);
    const { sessions } = (await response.json()) as TrackingSessionsResponse;
    const stored = new Map(sessions.map((s) => [s.sessionId, s.eventCount]));
    for (const sessionId of acknowledged) expect(stored.get(sessionId), sessionId).toBe(perBatch);
    await killHard(second.child);
  }, 180_000);
});
