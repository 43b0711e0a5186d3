import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisWorker } from '../../src/server/features/analysis/worker/analysis-worker-host.ts';
import { startTestApp, type TestApp } from '../support/start-app.ts';

/**
 * Caches and the analysis worker belong to an app, not to the process (decision 044): two apps
 * in one process (as the tests run them) keep nothing of each other's.
 */
let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  [first, second] = await Promise.all([startTestApp(), startTestApp()]);
}, 180_000);

afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

describe('two apps in one process', () => {
  it('keep their own answers, in-flight work, tokens and analysis worker', async () => {
    const one = first.server.deps;
    const two = second.server.deps;
    expect(one.caches).not.toBe(two.caches);
    expect(one.resources).not.toBe(two.resources);
    expect(one.resources.of(analysisWorker)).toBe(one.resources.of(analysisWorker));
    expect(one.resources.of(analysisWorker)).not.toBe(two.resources.of(analysisWorker));
    expect(one.integration.tokens).toBe(one.caches.upstreamTokens);
    expect(one.integration.tokens).not.toBe(two.integration.tokens);

    const cookie = await first.signIn('owner@example.com', 'Olivia');
    const run = await first.request('/api/analysis/run', { method: 'POST', cookie });
    expect(run.status).toBe(200);
    expect((await run.json()).lastRun.status).toBe('succeeded');
    // The succeeded run's fields are kept by the app that read them, and only there.
    expect(one.caches.answers.size).toBeGreaterThan(0);
    expect(two.caches.answers.size).toBe(0);
  });
});
