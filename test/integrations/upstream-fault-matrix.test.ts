import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VENDOR_ERRORS } from '../../src/demo/emulators/vendor-errors.ts';
import { type DemoEmulators, startDemoEmulators } from '../../src/demo/start-demo-emulators.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { integrationContextOf } from '../../src/server/features/connections/integration-context.ts';
import type { AppDeps } from '../../src/server/http/deps.ts';
import { SYNC_JOBS } from '../../src/server/jobs/definitions/sync-jobs.ts';
import { resetSyncTuning, tuneSync } from '../../src/server/jobs/sync/sync-tuning.ts';
import { runJobsUntilIdle } from '../../src/server/jobs/worker.ts';
import { type SyncSourceStatus, SyncStatusResponseSchema } from '../../src/shared/contracts/sync.ts';
import { startTestApp, type TestApp } from '../support/start-app.ts';

/**
 * The upstream fault matrix (issue #19 item 2): each source (Shopify, GA4, Meta) × each fault its
 * emulator can inject × phase (backfill, incremental). In each cell a fresh workspace connects the
 * one source; the fault is switched on for one sync attempt; the outcome is either a sync that
 * completed anyway, or a stop with an owner-readable reason on the data-freshness panel
 * (/api/sync/status). The fault is then cleared and the sync must finish exactly: the workspace's
 * warehouse holds the same rows, table by table, as a control workspace synced without faults
 * (0 duplicates, 0 gaps). The matrix is printed. The webhook phase is covered by test/webhooks.
 */

type Source = 'shopify' | 'ga4' | 'meta';
type Phase = 'backfill' | 'incremental';
interface Fault {
  name: string;
  apply(demo: DemoEmulators): void;
  /** Faults of the bulk export only exist in a backfill. */
  phases?: Phase[];
}

const generic = (source: Source): Fault[] => [
  { name: 'throttled', apply: (d) => d.emulators[source].faults.set({ throttlePressure: 1 }) },
  { name: '5xx', apply: (d) => d.emulators[source].faults.set({ errorRate: 1 }) },
  { name: 'slow', apply: (d) => d.emulators[source].faults.set({ latencyMs: 150 }) },
  { name: 'hung', apply: (d) => d.emulators[source].faults.set({ hangRate: 1 }) },
  { name: 'connection reset', apply: (d) => d.emulators[source].faults.set({ resetRate: 1 }) },
  { name: 'malformed JSON', apply: (d) => d.emulators[source].faults.set({ malformedRate: 1 }) },
];

const FAULTS: Record<Source, Fault[]> = {
  shopify: [
    ...generic('shopify'),
    { name: '401', apply: (d) => d.emulators.shopify.faults.force(VENDOR_ERRORS.shopify.unauthorized) },
    { name: '403', apply: (d) => d.emulators.shopify.faults.force(VENDOR_ERRORS.shopify.forbidden) },
    {
      name: 'bulk FAILED',
      apply: (d) => d.emulators.shopify.bulkControl.failNext('INTERNAL_SERVER_ERROR'),
      phases: ['backfill'],
    },
    {
      name: 'bulk EXPIRED',
      apply: (d) => d.emulators.shopify.bulkControl.expireNext(),
      phases: ['backfill'],
    },
  ],
  ga4: [
    ...generic('ga4'),
    { name: '401', apply: (d) => d.emulators.ga4.faults.force(VENDOR_ERRORS.ga4.unauthenticated) },
    { name: '403', apply: (d) => d.emulators.ga4.faults.force(VENDOR_ERRORS.ga4.permissionDenied) },
    { name: 'quota exhausted', apply: (d) => d.emulators.ga4.faults.force(VENDOR_ERRORS.ga4.quotaExhausted) },
  ],
  meta: [
    ...generic('meta'),
    {
      name: '190 token expired',
      apply: (d) => d.emulators.meta.faults.force(VENDOR_ERRORS.meta.tokenExpired),
    },
    {
      name: '200 ads_read lost',
      apply: (d) => d.emulators.meta.faults.force(VENDOR_ERRORS.meta.permissionLost),
    },
    {
      name: '17 user limit',
      apply: (d) => d.emulators.meta.faults.force(VENDOR_ERRORS.meta.userRequestLimit),
    },
    {
      name: '613 account limit',
      apply: (d) => d.emulators.meta.faults.force(VENDOR_ERRORS.meta.accountRequestLimit),
    },
  ],
};

let demo: DemoEmulators;
let app: TestApp;
let now = new Date('2026-11-01T12:00:00Z');

interface Row {
  source: Source;
  phase: Phase;
  fault: string;
  during: string;
  after: string;
  pass: boolean;
}
const matrix: Row[] = [];

beforeAll(async () => {
  demo = await startDemoEmulators({
    preset: 'custom',
    seed: 11,
    customers: 60,
    days: 60,
    shopifyBucket: { maximumAvailable: 1_000_000, restoreRate: 1_000_000 },
  });
  app = await startTestApp({ SYNC_INTERVAL_MINUTES: '15' });
  const deps = app.server.deps as AppDeps;
  deps.demo = { baseUrls: demo.baseUrls, credentials: demo.credentials };
  deps.clock = () => now;
  deps.integration = integrationContextOf({ ...deps, tokens: deps.caches.upstreamTokens, demo: deps.demo });
  tuneSync({ retry: { maxAttempts: 2, baseDelayMs: 5, maxDelayMs: 20 }, timeoutMs: 1_000 });
}, 120_000);

afterAll(async () => {
  resetSyncTuning();
  const failed = matrix.filter((row) => !row.pass).length;
  process.stdout.write(
    `\nupstream fault matrix: ${matrix.length} cells tried, ${matrix.length - failed} passed, ${failed} failed\n` +
      matrix
        .map(
          (r) =>
            `  ${r.pass ? 'ok  ' : 'FAIL'} ${r.source.padEnd(7)} ${r.phase.padEnd(11)} ${r.fault.padEnd(24)} during: ${r.during} | after: ${r.after}`,
        )
        .join('\n') +
      '\n',
  );
  await app?.close();
  await demo?.close();
});

const advance = (minutes: number) => {
  now = new Date(now.getTime() + minutes * 60_000);
};

/** One owner per source (sign-ins are rate limited per address); answers the cookie and workspace id. */
const owners = new Map<Source, { cookie: string; workspaceId: string }>();
async function ownerOf(source: Source): Promise<{ cookie: string; workspaceId: string }> {
  const known = owners.get(source);
  if (known) return known;
  const email = `matrix-${source}@example.com`;
  const cookie = await app.signIn(email, 'Matrix');
  const [row] = await queryRows<{ workspaceId: string }>(
    app.db,
    sql`SELECT w.id AS "workspaceId" FROM workspaces w JOIN team_members m ON m.team_id = w.team_id JOIN users u ON u.id = m.user_id WHERE u.email = ${email}`,
  );
  if (!row) throw new Error(`no workspace for ${email}`);
  owners.set(source, { cookie, workspaceId: row.workspaceId });
  return { cookie, workspaceId: row.workspaceId };
}

/**
 * A clean slate for the next cell, as if the workspace were new: its credential, sync state,
 * jobs and warehouse rows go, so the next connection starts a real backfill.
 */
async function emptyWorkspace(workspaceId: string): Promise<void> {
  for (const table of ['credentials', 'sync_states', 'jobs', ...(await warehouseTables())])
    await app.db.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE workspace_id = ${workspaceId}`);
}

async function warehouseTables(): Promise<string[]> {
  const tables = await queryRows<{ name: string }>(
    app.db,
    sql`SELECT c.table_name AS name FROM information_schema.columns c
        JOIN pg_class p ON p.relname = c.table_name AND NOT p.relispartition
        WHERE c.table_schema = 'public' AND c.column_name = 'workspace_id' AND c.table_name LIKE 'wh\\_%'
        ORDER BY 1`,
  );
  return tables.map((t) => t.name);
}

const post = (cookie: string, path: string, body: unknown = {}) =>
  app.request(path, {
    method: 'POST',
    cookie,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function connect(cookie: string, source: Source): Promise<void> {
  const { credentials } = demo;
  const response =
    source === 'shopify'
      ? await post(cookie, '/api/credentials/shopify', {
          shopDomain: credentials.shopify.shopDomain,
          accessToken: credentials.shopify.accessToken,
        })
      : source === 'ga4'
        ? await post(cookie, '/api/credentials/google-analytics/simple-store', {
            property_id: credentials.ga4.propertyId,
            service_account_json: credentials.ga4.serviceAccountJson,
          })
        : await post(cookie, '/api/credentials/meta', {
            accessToken: credentials.meta.accessToken,
            adAccountId: credentials.meta.adAccountId,
            appSecret: credentials.meta.appSecret,
          });
  if (response.status !== 200) throw new Error(`connecting ${source} answered ${response.status}`);
}

async function freshness(cookie: string, source: Source): Promise<SyncSourceStatus> {
  const body = SyncStatusResponseSchema.parse(
    await (await app.request('/api/sync/status', { cookie })).json(),
  );
  const status = body.sources.find((s) => s.source === source);
  if (!status) throw new Error(`no freshness row for ${source}`);
  return status;
}

/** Warehouse rows of one workspace, per wh_ table (all tables with a workspace_id). */
async function warehouseCounts(workspaceId: string): Promise<Record<string, number>> {
  const tables = (await warehouseTables()).map((name) => ({ name }));
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    // Daily snapshots: the newest day's (a sync on a later day adds that day's, by design).
    const [row] = await queryRows<{ n: number }>(
      app.db,
      name === 'wh_inventory_snapshots'
        ? sql`SELECT count(*)::int AS n FROM wh_inventory_snapshots WHERE workspace_id = ${workspaceId}
                AND snapshot_date = (SELECT max(snapshot_date) FROM wh_inventory_snapshots WHERE workspace_id = ${workspaceId})`
        : sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)} WHERE workspace_id = ${workspaceId}`,
    );
    if (row && row.n > 0) counts[name] = row.n;
  }
  return counts;
}

/** Runs the source's sync jobs (advancing the clock past any backoff) until none is waiting. */
async function syncUntilSettled(cookie: string, source: Source, rounds = 8): Promise<SyncSourceStatus> {
  let status = await freshness(cookie, source);
  for (let round = 0; round < rounds; round += 1) {
    await runJobsUntilIdle(app.server.deps, { definitions: [SYNC_JOBS[source]] });
    status = await freshness(cookie, source);
    if (!status.queued && !status.running) return status;
    advance(120);
  }
  return status;
}

const controls = new Map<Source, Record<string, number>>();

/** What a fault-free sync of the source stores: the reference every cell must reach. */
async function control(source: Source): Promise<Record<string, number>> {
  const known = controls.get(source);
  if (known) return known;
  const { cookie, workspaceId } = await ownerOf(source);
  await connect(cookie, source);
  advance(1);
  const status = await syncUntilSettled(cookie, source);
  expect(status.state).toBe('succeeded');
  const counts = await warehouseCounts(workspaceId);
  expect(Object.keys(counts).length).toBeGreaterThan(0);
  controls.set(source, counts);
  return counts;
}

/** Owner-readable: a sentence, not a payload or a stack trace. */
function isReadableReason(text: string | null): boolean {
  return typeof text === 'string' && text.length > 10 && text.length < 400 && !/[{}]|\n\s+at /.test(text);
}

async function runCell(source: Source, phase: Phase, fault: Fault): Promise<Row> {
  const expected = await control(source);
  const started = performance.now();
  const { cookie, workspaceId } = await ownerOf(source);
  await emptyWorkspace(workspaceId);
  await connect(cookie, source);
  advance(1);
  if (phase === 'incremental') {
    const backfill = await syncUntilSettled(cookie, source);
    if (backfill.state !== 'succeeded') throw new Error(`${source} backfill did not succeed`);
    advance(20);
    const queued = await post(cookie, '/api/sync/run');
    if (queued.status !== 202) throw new Error(`sync/run answered ${queued.status}`);
  }
  fault.apply(demo);
  let during: string;
  let duringOk: boolean;
  try {
    await runJobsUntilIdle(app.server.deps, { definitions: [SYNC_JOBS[source]] });
    const status = await freshness(cookie, source);
    if (status.state === 'succeeded' && !status.queued) {
      const counts = await warehouseCounts(workspaceId);
      duringOk = JSON.stringify(counts) === JSON.stringify(expected);
      during = duringOk ? 'completed exactly' : `completed with other counts ${JSON.stringify(counts)}`;
    } else {
      duringOk = isReadableReason(status.health.reason) && status.health.state === 'needs_attention';
      during = `stopped: ${status.health.reason ?? '(no reason)'}`;
    }
  } finally {
    demo.emulators[source].faults.reset();
  }
  // Cleared: the pending retry (or, after a stop for good, the owner's "Sync now") finishes the job.
  advance(120);
  let settled = await freshness(cookie, source);
  if (!settled.queued && settled.state !== 'succeeded') await post(cookie, '/api/sync/run');
  settled = await syncUntilSettled(cookie, source);
  const counts = await warehouseCounts(workspaceId);
  const exact = settled.state === 'succeeded' && JSON.stringify(counts) === JSON.stringify(expected);
  const after = exact
    ? 'resumed and completed exactly'
    : `state ${settled.state}, ${settled.health.reason ?? ''} ${JSON.stringify(counts)} expected ${JSON.stringify(expected)}`;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  return {
    source,
    phase,
    fault: fault.name,
    during,
    after: `${after} (${seconds} s)`,
    pass: duringOk && exact,
  };
}

describe('upstream fault matrix', () => {
  for (const source of ['shopify', 'ga4', 'meta'] as const) {
    for (const phase of ['backfill', 'incremental'] as const) {
      it(`${source} ${phase}: every fault completes exactly or stops with a reason, then resumes`, async () => {
        const rows: Row[] = [];
        for (const fault of FAULTS[source].filter((f) => !f.phases || f.phases.includes(phase))) {
          const row = await runCell(source, phase, fault);
          rows.push(row);
          matrix.push(row);
        }
        expect(rows.filter((row) => !row.pass)).toEqual([]);
      }, 300_000);
    }
  }
});
