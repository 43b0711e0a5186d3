import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { generateStore } from '../../src/demo/generate-store.ts';
import { getDemoStore } from '../../src/demo/start-demo-emulators.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { runAnalysis } from '../../src/server/features/analysis/run-analysis.ts';
import { startTestApp, type TestApp } from '../support/start-app.ts';
import { buildDemoFacts } from './demo-facts.ts';

/**
 * The snapshot endpoints answer from bytes cached per run (and list version) and check the session
 * and the latest run in one query per request. These tests prove that nothing the cache holds
 * outlives what it depends on: sign-out, expiry, Implement and a new run are seen by the very next
 * request, also when another process made the change (written straight to the database here).
 */
const CACHED = [
  '/api/opportunities',
  '/api/analytics/revenue-forecast',
  '/api/analytics/customer-segments',
  '/api/analytics/cohort-retention',
  '/api/analytics/stock-impact',
] as const;
/** Attribution is read live from the warehouse (metrics layer, decision 011): never cached by run. */
const SNAPSHOT_READS = [
  ...CACHED,
  '/api/analytics/attribution',
  '/api/analysis/status',
  '/api/opportunities/stats?period=30',
];

let app: TestApp;
let owner: string;
let other: string;
let workspace: string;

const get = (path: string, cookie: string, etag?: string) =>
  app.request(path, { cookie, headers: etag ? { 'if-none-match': etag } : {} });

async function signInOwner(): Promise<string> {
  return app.signIn('owner@example.com', 'Olive');
}

async function analyze(seed: number): Promise<string> {
  const facts = buildDemoFacts(getDemoStore({ seed, preset: 'small' }));
  const summary = await runAnalysis(app.server.deps, workspace, 'test', facts);
  expect(summary.status).toBe('succeeded');
  return summary.runId;
}

const QueryRow = z.object({ workspace_id: z.string() });

beforeAll(async () => {
  app = await startTestApp();
  owner = await signInOwner();
  other = await app.signIn('other@example.com', 'Otto');
  const [row] = await queryRows(
    app.db,
    QueryRow,
    sql`SELECT w.id AS workspace_id FROM workspaces w JOIN team_members m ON m.team_id = w.team_id JOIN users u ON u.id = m.user_id WHERE u.email = 'owner@example.com'`,
  );
  workspace = row!.workspace_id;
  await analyze(7);
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('ETag and 304', () => {
  it('answers 304 without a body when the browser holds the same bytes, 200 otherwise', async () => {
    for (const path of CACHED) {
      const first = await get(path, owner);
      expect(first.status, path).toBe(200);
      expect(first.headers.get('content-type'), path).toBe('application/json; charset=utf-8');
      expect(first.headers.get('cache-control'), path).toBe('private, no-cache');
      const etag = first.headers.get('etag');
      expect(etag, path).toMatch(/^"[\w-]+"$/);
      const body = await first.text();
      expect(JSON.parse(body), path).toBeTruthy();

      const again = await get(path, owner);
      expect(again.headers.get('etag'), path).toBe(etag);
      expect(await again.text(), path).toBe(body);

      for (const header of [etag!, `W/${etag}`, `"other", ${etag}`, '*']) {
        const revalidated = await get(path, owner, header);
        expect(revalidated.status, `${path} ${header}`).toBe(304);
        expect(revalidated.headers.get('etag'), path).toBe(etag);
        expect(await revalidated.text(), path).toBe('');
      }
      const changed = await get(path, owner, '"something-else"');
      expect(changed.status, path).toBe(200);
      expect(await changed.text(), path).toBe(body);
    }
  });

  it('gives another workspace its own answer, never a 304 for bytes it does not hold', async () => {
    for (const path of CACHED) {
      const ownerEtag = (await get(path, owner)).headers.get('etag')!;
      const response = await get(path, other, ownerEtag);
      expect(response.status, path).toBe(200);
      const body = await response.json();
      if (Array.isArray(body)) expect(body, path).toEqual([]);
      else expect(body, path).toMatchObject({ history: [], forecast: [] });
    }
  });
});

const QueryRow2 = z.object({ times: z.array(z.number()) });

const CountRow = z.object({ detected: z.number(), implemented: z.number() });

const SessionRow = z.object({ token_hash: z.string() });

describe('the cache never outlives what it depends on', () => {
  it('sees an Implement at once, through the API and from another process', async () => {
    const before = await get('/api/opportunities', owner);
    const etag = before.headers.get('etag')!;
    const list = (await before.json()) as Array<{ id: string; status: string }>;
    const [first, second] = list.filter((o) => o.status === 'open');

    const implemented = await app.request(`/api/opportunities/${first!.id}/implement`, {
      method: 'POST',
      cookie: owner,
    });
    expect(implemented.status).toBe(200);
    const after = await get('/api/opportunities', owner, etag);
    expect(after.status).toBe(200);
    const afterEtag = after.headers.get('etag')!;
    expect(afterEtag).not.toBe(etag);
    const afterList = (await after.json()) as Array<{ id: string; status: string }>;
    expect(afterList.find((o) => o.id === first!.id)?.status).toBe('implemented');
    expect(
      (await get('/api/opportunities/stats?period=30', owner).then((r) => r.json())).implementedInPeriod,
    ).toBe(1);

    // Another app process implements one: this process has no way to hear of it but the database.
    await app.db.execute(
      sql`UPDATE opportunities SET status = 'implemented', implemented_at = now() WHERE id = ${second!.id}`,
    );
    const seen = await get('/api/opportunities', owner, afterEtag);
    expect(seen.status).toBe(200);
    const seenList = (await seen.json()) as Array<{ id: string; status: string }>;
    expect(seenList.find((o) => o.id === second!.id)?.status).toBe('implemented');
  });

  it('serves a new run from the very next request, whoever ran it', async () => {
    const before = new Map<string, { etag: string; body: string }>();
    for (const path of CACHED) {
      const response = await get(path, owner);
      before.set(path, { etag: response.headers.get('etag')!, body: await response.text() });
    }
    const runId = await analyze(8);
    const status = await (await get('/api/analysis/status', owner)).json();
    expect(status.lastRun.id).toBe(runId);
    for (const path of CACHED) {
      const response = await get(path, owner, before.get(path)!.etag);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('etag'), path).not.toBe(before.get(path)!.etag);
      expect(await response.text(), path).not.toBe(before.get(path)!.body);
    }
  }, 120_000);

  it('recounts the stats once the period starts after a counted detection or implementation', async () => {
    const DAY_MS = 86_400_000;
    // Every detection and implementation time: the counts of a 7-day period change 7 days later.
    const [row] = await queryRows(
      app.db,
      QueryRow2,
      sql`SELECT array_agg(DISTINCT floor(extract(epoch FROM t) * 1000)::float8 ORDER BY floor(extract(epoch FROM t) * 1000)::float8) AS times
          FROM (SELECT last_detected_at AS t FROM opportunities WHERE workspace_id = ${workspace}
                UNION SELECT implemented_at FROM opportunities WHERE workspace_id = ${workspace}) x
          WHERE t IS NOT NULL`,
    );
    const times = row!.times.map(Number);
    expect(times.length).toBeGreaterThan(1);
    // The counts by their definition (design §6), straight from the database.
    const truth = async (now: number) => {
      const since = new Date(now - 7 * DAY_MS).toISOString();
      const [counts] = await queryRows(
        app.db,
        CountRow,
        sql`SELECT count(*) FILTER (WHERE last_detected_at >= ${since} OR implemented_at >= ${since})::int AS detected,
              count(*) FILTER (WHERE implemented_at >= ${since})::int AS implemented
            FROM opportunities WHERE workspace_id = ${workspace}`,
      );
      return { detectedInPeriod: Number(counts!.detected), implementedInPeriod: Number(counts!.implemented) };
    };
    const clock = app.server.deps.clock;
    try {
      const statsAt = async (now: number) => {
        app.server.deps.clock = () => new Date(now);
        return (await get('/api/opportunities/stats?period=7', owner)).json();
      };
      const seen = new Set<number>();
      // Forward across each boundary (the last counted millisecond, then the next), then back.
      const moments = [Date.now(), ...times.flatMap((t) => [t + 7 * DAY_MS, t + 7 * DAY_MS + 1]), Date.now()];
      for (const now of moments) {
        const stats = await statsAt(now);
        expect(stats, new Date(now).toISOString()).toMatchObject(await truth(now));
        seen.add(stats.detectedInPeriod);
      }
      expect(seen.size).toBeGreaterThan(2);
    } finally {
      app.server.deps.clock = clock;
    }
  });

  it('answers 401 right after sign-out, even to a browser holding the bytes', async () => {
    const cookie = await signInOwner();
    const etags = new Map<string, string | null>();
    for (const path of SNAPSHOT_READS) {
      const response = await get(path, cookie);
      expect(response.status, path).toBe(200);
      etags.set(path, response.headers.get('etag'));
    }
    const logout = await app.request('/api/logout', { method: 'POST', cookie });
    expect(logout.status).toBe(302);
    for (const path of SNAPSHOT_READS) {
      const response = await get(path, cookie, etags.get(path) ?? undefined);
      expect(response.status, path).toBe(401);
      expect((await response.json()).code, path).toBe('unauthorized');
    }
  });

  it('answers 401 at once when the session expires or another process ends it', async () => {
    for (const end of [
      (hash: string) =>
        sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = ${hash}`,
      (hash: string) => sql`DELETE FROM sessions WHERE token_hash = ${hash}`,
    ]) {
      const cookie = await signInOwner();
      for (const path of SNAPSHOT_READS) expect((await get(path, cookie)).status, path).toBe(200);
      const [session] = await queryRows(
        app.db,
        SessionRow,
        sql`SELECT token_hash FROM sessions ORDER BY created_at DESC LIMIT 1`,
      );
      await app.db.execute(end(session!.token_hash));
      for (const path of SNAPSHOT_READS) expect((await get(path, cookie)).status, path).toBe(401);
    }
    // The owner's other session is untouched.
    expect((await get('/api/opportunities', owner)).status).toBe(200);
  });
});

const QueryRow3 = z.object({ workspace_id: z.string() });

describe('two workspaces with runs', () => {
  it('reads each workspace’s own latest run, whichever ran last', async () => {
    const before = new Map<string, string>();
    for (const path of SNAPSHOT_READS) before.set(path, await (await get(path, owner)).text());
    const [row] = await queryRows(
      app.db,
      QueryRow3,
      sql`SELECT w.id AS workspace_id FROM workspaces w JOIN team_members m ON m.team_id = w.team_id JOIN users u ON u.id = m.user_id WHERE u.email = 'other@example.com'`,
    );
    const facts = buildDemoFacts(generateStore({ seed: 9, preset: 'small' }));
    const summary = await runAnalysis(app.server.deps, row!.workspace_id, 'test', facts);
    expect(summary.status).toBe('succeeded');

    for (const path of SNAPSHOT_READS) {
      const response = await get(path, owner);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toBe(before.get(path));
    }
    expect((await (await get('/api/analysis/status', other)).json()).lastRun.id).toBe(summary.runId);
    const theirs = (await (await get('/api/opportunities', other)).json()) as Array<{ id: string }>;
    expect(theirs.length).toBeGreaterThan(0);
    const ours = new Set(
      (JSON.parse(before.get('/api/opportunities')!) as Array<{ id: string }>).map((o) => o.id),
    );
    for (const o of theirs) expect(ours.has(o.id)).toBe(false);
  }, 120_000);
});
