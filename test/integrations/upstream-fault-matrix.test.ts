import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DeliverySettings } from '../../src/demo/emulators/shopify/webhooks.ts';
import { VENDOR_ERRORS } from '../../src/demo/emulators/vendor-errors.ts';
import { type DemoEmulators, startDemoEmulators } from '../../src/demo/start-demo-emulators.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { resetSyncTuning, tuneSync } from '../../src/server/features/warehouse-sync/sync-tuning.ts';
import type { AppDeps } from '../../src/server/http/deps.ts';
import { catalogue, SYNC_JOBS } from '../../src/server/jobs/catalogue.ts';
import { runJobsUntilIdle } from '../../src/server/jobs/worker.ts';
import { integrationContextOf } from '../../src/server/platform/integrations/integration-context.ts';
import { type SyncSourceStatus, SyncStatusResponseSchema } from '../../src/shared/contracts/sync.ts';
import { startTestApp, type TestApp } from '../support/start-app.ts';
import { UNTHROTTLED_BUCKET } from '../support/start-demo-app.ts';

/**
 * The upstream fault matrix (issue #19 item 2): each source (Shopify, GA4, Meta) × each fault its
 * emulator can inject × phase (backfill, incremental, webhook). In each backfill cell a fresh
 * workspace connects the one source; an incremental cell starts from the backfilled workspace the
 * source's previous cell left synced exactly (a fresh backfill when that cell failed or is not run,
 * decision 229) and queues the next sync; the fault is switched on for one sync attempt;
 * the outcome is either a sync that completed anyway, or a stop with an owner-readable reason on
 * the data-freshness panel (/api/sync/status). The fault is then cleared and the sync must finish
 * exactly: the workspace's warehouse holds the same rows, table by table, as a control workspace
 * synced without faults (0 duplicates, 0 gaps).
 *
 * Webhook phase (Shopify only: GA4 and Meta have no webhooks, they are polled): the store is
 * connected with its API secret key, so the emulator delivers signed webhooks of the orders it
 * places to our receiver over HTTP. Each cell places orders under one fault — deliveries signed
 * with a wrong secret (refused 401), bodies cut short (refused 400), every delivery twice and some
 * late, or the Admin API down in any of the ways above while webhooks (a third of them lost)
 * arrive — then clears it and runs the reconciling sync: the warehouse must hold every order the
 * emulator placed exactly once, with its total and line count. The matrix is printed.
 */

type Source = 'shopify' | 'ga4' | 'meta';
type Phase = 'backfill' | 'incremental' | 'webhook';
interface Fault {
  name: string;
  apply(demo: DemoEmulators): void;
  /** Faults of the bulk export only exist in a backfill. */
  phases?: Phase[];
}

/** The sync's per-request timeout (`tuneSync`): a slow answer (150 ms) comes well within it. */
const TIMEOUT_MS = 1_000;
/**
 * The timeout while the upstream hangs: a hung request never answers, so how long the client waits
 * before it gives up changes nothing the cell checks (a timeout, its retry, then the owner's reason),
 * only how long each of its attempts holds the file (decision 222: was the 1 s of every cell).
 */
const HUNG_TIMEOUT_MS = 200;

const generic = (source: Source): Fault[] => [
  { name: 'throttled', apply: (d) => d.emulators[source].faults.set({ throttlePressure: 1 }) },
  { name: '5xx', apply: (d) => d.emulators[source].faults.set({ errorRate: 1 }) },
  { name: 'slow', apply: (d) => d.emulators[source].faults.set({ latencyMs: 150 }) },
  {
    name: 'hung',
    apply: (d) => {
      tuneSync({ timeoutMs: HUNG_TIMEOUT_MS });
      d.emulators[source].faults.set({ hangRate: 1 });
    },
  },
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
    shopifyBucket: UNTHROTTLED_BUCKET,
  });
  app = await startTestApp({ SYNC_INTERVAL_MINUTES: '15' });
  const deps = app.server.deps as AppDeps;
  deps.demo = { baseUrls: demo.baseUrls, credentials: demo.credentials };
  deps.clock = () => now;
  deps.integration = integrationContextOf({ ...deps, tokens: deps.caches.upstreamTokens, demo: deps.demo });
  tuneSync({ retry: { maxAttempts: 2, baseDelayMs: 5, maxDelayMs: 20 }, timeoutMs: TIMEOUT_MS });
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
const OwnerOfRow = z.object({ workspaceId: z.string() });

async function ownerOf(source: Source): Promise<{ cookie: string; workspaceId: string }> {
  const known = owners.get(source);
  if (known) return known;
  const email = `matrix-${source}@example.com`;
  const cookie = await app.signIn(email, 'Matrix');
  const [row] = await queryRows(
    app.db,
    OwnerOfRow,
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

const TableRow = z.object({ name: z.string() });
let tablesOfWarehouse: Promise<string[]> | undefined;

/**
 * The warehouse's tables, without the marks of what was written since the last analysis
 * (wh_fact_dirty_*, decision 084): one per statement, so a retried sync leaves more of them, by
 * design; they are bookkeeping, not data. Read once: the schema does not change during the file.
 */
function warehouseTables(): Promise<string[]> {
  tablesOfWarehouse ??= queryRows(
    app.db,
    TableRow,
    sql`SELECT c.table_name AS name FROM information_schema.columns c
        JOIN pg_class p ON p.relname = c.table_name AND NOT p.relispartition
        WHERE c.table_schema = 'public' AND c.column_name = 'workspace_id' AND c.table_name LIKE 'wh\\_%'
          AND c.table_name NOT LIKE 'wh\\_fact\\_dirty\\_%'
        ORDER BY 1`,
  ).then((tables) => tables.map((t) => t.name));
  return tablesOfWarehouse;
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

const WarehouseCountRow = z.object({ name: z.string(), n: z.number() });

/** Warehouse rows of one workspace, per wh_ table (all tables with a workspace_id), in one statement. */
async function warehouseCounts(workspaceId: string): Promise<Record<string, number>> {
  const tables = await warehouseTables();
  const counted = tables.map((name) =>
    // Daily snapshots: the newest day's (a sync on a later day adds that day's, by design).
    name === 'wh_inventory_snapshots'
      ? sql`SELECT ${name}::text AS name, count(*)::int AS n FROM wh_inventory_snapshots WHERE workspace_id = ${workspaceId}
              AND snapshot_date = (SELECT max(snapshot_date) FROM wh_inventory_snapshots WHERE workspace_id = ${workspaceId})`
      : sql`SELECT ${name}::text AS name, count(*)::int AS n FROM ${sql.identifier(name)} WHERE workspace_id = ${workspaceId}`,
  );
  const rows = await queryRows(app.db, WarehouseCountRow, sql.join(counted, sql` UNION ALL `));
  const byTable = new Map(rows.map((row) => [row.name, row.n]));
  // In the tables' order: the cells compare these records as JSON.
  const counts: Record<string, number> = {};
  for (const name of tables) {
    const n = byTable.get(name) ?? 0;
    if (n > 0) counts[name] = n;
  }
  return counts;
}

/** Runs the source's sync jobs (advancing the clock past any backoff) until none is waiting. */
async function syncUntilSettled(
  cookie: string,
  source: Source,
  only: NonNullable<Parameters<typeof runJobsUntilIdle>[1]>['only'] = [SYNC_JOBS[source]],
): Promise<SyncSourceStatus> {
  let status = await freshness(cookie, source);
  for (let round = 0; round < 8; round += 1) {
    await runJobsUntilIdle(app.server.deps, { only });
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

/** The source's emulator answers normally again, and the sync waits its usual time for an answer. */
function clearFaults(source: Source): void {
  demo.emulators[source].faults.reset();
  tuneSync({ timeoutMs: TIMEOUT_MS });
}

/** Owner-readable: a sentence, not a payload or a stack trace. */
function isReadableReason(text: string | null): boolean {
  return typeof text === 'string' && text.length > 10 && text.length < 400 && !/[{}]|\n\s+at /.test(text);
}

/**
 * Sources whose workspace the last cell left synced, its warehouse exactly the control's (the cell
 * passed): the backfilled workspace an incremental cell starts from (decision 229).
 */
const syncedExactly = new Set<Source>();

/** The workspace backfilled for an incremental cell: the last passed cell's, or a new backfill. */
async function backfilled(cookie: string, workspaceId: string, source: Source): Promise<void> {
  if (!syncedExactly.has(source)) {
    await emptyWorkspace(workspaceId);
    await connect(cookie, source);
    advance(1);
  }
  const backfill = await syncUntilSettled(cookie, source);
  if (backfill.state !== 'succeeded' || backfill.queued || !backfill.backfillCompletedAt)
    throw new Error(`${source} backfill did not succeed`);
}

async function runCell(source: Source, phase: Phase, fault: Fault): Promise<Row> {
  const expected = await control(source);
  const started = performance.now();
  const { cookie, workspaceId } = await ownerOf(source);
  if (phase === 'incremental') {
    await backfilled(cookie, workspaceId, source);
    syncedExactly.delete(source);
    advance(20);
    const queued = await post(cookie, '/api/sync/run');
    if (queued.status !== 202) throw new Error(`sync/run answered ${queued.status}`);
  } else {
    syncedExactly.delete(source);
    await emptyWorkspace(workspaceId);
    await connect(cookie, source);
    advance(1);
  }
  fault.apply(demo);
  let during: string;
  let duringOk: boolean;
  try {
    await runJobsUntilIdle(app.server.deps, { only: [SYNC_JOBS[source]] });
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
    clearFaults(source);
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
  if (duringOk && exact) syncedExactly.add(source);
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

/** Webhook-phase faults: of the deliveries themselves, or of the Admin API while webhooks arrive. */
interface WebhookFault {
  name: string;
  delivery: Partial<DeliverySettings>;
  /** The answer every delivery must get while the fault is on (none: they are accepted). */
  refusedWith?: string;
  upstream?: (demo: DemoEmulators) => void;
}

const WEBHOOK_FAULTS: WebhookFault[] = [
  { name: 'bad HMAC', delivery: { badSignatureRate: 1 }, refusedWith: '401' },
  { name: 'malformed body', delivery: { malformedRate: 1 }, refusedWith: '400' },
  { name: 'duplicate + late delivery', delivery: { duplicateRate: 1, lateRate: 0.5, lateDelayMs: 200 } },
  // Faults of the bulk export belong to a backfill; a third of the webhooks is lost on top.
  ...FAULTS.shopify
    .filter((fault) => !fault.phases)
    .map((fault) => ({ name: `API ${fault.name}`, delivery: { dropRate: 0.3 }, upstream: fault.apply })),
];
const WEBHOOK_JOBS = [catalogue.registerShopifyWebhooks, catalogue.processShopifyWebhook, SYNC_JOBS.shopify];
const ORDERS_PER_CELL = 8;

const StoredRow = z.object({ id: z.string(), total: z.string(), lines: z.number() });

const LiveOrderGapRow = z.object({
  orders: z.number(),
  distinct_orders: z.number(),
  lines: z.number(),
  distinct_lines: z.number(),
});

/** The emulator's live orders against the warehouse: missing, twice, or with another total or line count. */
async function liveOrderGaps(workspaceId: string, expectedOrders: number) {
  const truth = demo.emulators.shopify.liveOrders.orders;
  const stored = await queryRows(
    app.db,
    StoredRow,
    sql`SELECT o.order_id::text AS id, o.total_minor::text AS total,
          (SELECT count(*)::int FROM wh_order_line_items l WHERE l.workspace_id = o.workspace_id AND l.order_id = o.order_id) AS lines
        FROM wh_orders o WHERE o.workspace_id = ${workspaceId}
          AND o.order_id = ANY(${`{${truth.map((order) => order.legacyId).join(',')}}`}::bigint[])`,
  );
  const [all] = await queryRows(
    app.db,
    LiveOrderGapRow,
    sql`SELECT (SELECT count(*)::int FROM wh_orders WHERE workspace_id = ${workspaceId}) AS orders,
          (SELECT count(DISTINCT order_id)::int FROM wh_orders WHERE workspace_id = ${workspaceId}) AS distinct_orders,
          (SELECT count(*)::int FROM wh_order_line_items WHERE workspace_id = ${workspaceId}) AS lines,
          (SELECT count(DISTINCT line_item_id)::int FROM wh_order_line_items WHERE workspace_id = ${workspaceId}) AS distinct_lines`,
  );
  const byId = new Map(stored.map((row) => [row.id, row]));
  const wrong = truth.filter((order) => {
    const row = byId.get(String(order.legacyId));
    return !row || row.total !== String(order.totalMinor) || row.lines !== order.lineItems.length;
  }).length;
  return {
    stored: stored.length,
    wrong,
    exact:
      wrong === 0 &&
      all!.orders === expectedOrders + truth.length &&
      all!.orders === all!.distinct_orders &&
      all!.lines === all!.distinct_lines,
    summary: `${stored.length}/${truth.length} live orders stored, ${wrong} missing or different, ${all!.orders} orders (${all!.distinct_orders} distinct, ${expectedOrders} + ${truth.length} expected), ${all!.lines} lines (${all!.distinct_lines} distinct)`,
  };
}

async function runWebhookCell(fault: WebhookFault, historicOrders: number): Promise<Row> {
  const started = performance.now();
  const { cookie, workspaceId } = await ownerOf('shopify');
  const shopify = demo.emulators.shopify;
  const sender = shopify.webhookSender;
  const calm = sender.settings;
  const answersBefore = { ...sender.stats.answers };
  const storedBefore = (await liveOrderGaps(workspaceId, historicOrders)).stored;
  let during: string;
  let duringOk: boolean;
  // No retries: each refused delivery stays refused, so only the reconciling sync can bring its order.
  sender.settings = { ...calm, duplicateRate: 0, lateRate: 0, retryDelaysMs: [], ...fault.delivery };
  fault.upstream?.(demo);
  try {
    for (let k = 0; k < ORDERS_PER_CELL; k += 1) shopify.liveOrders.placeOrder();
    await sender.idle();
    const answers = Object.entries(sender.stats.answers)
      .map(([answer, count]) => [answer, count - (answersBefore[answer] ?? 0)] as const)
      .filter(([, count]) => count > 0);
    const attempts = answers.reduce((sum, [, count]) => sum + count, 0);
    await runJobsUntilIdle(app.server.deps, { only: [catalogue.processShopifyWebhook] });
    const received = (await liveOrderGaps(workspaceId, historicOrders)).stored - storedBefore;
    const answered = answers.map(([answer, count]) => `${count}× ${answer}`).join(', ');
    if (fault.refusedWith) {
      duringOk = answers.length === 1 && answers[0]![0] === fault.refusedWith && received === 0;
      during = `${attempts} deliveries answered ${answered}; ${received} orders stored`;
    } else {
      // The owner's "Sync now" while the API is down: completes anyway or stops with a reason.
      if (fault.upstream) await post(cookie, '/api/sync/run');
      await runJobsUntilIdle(app.server.deps, { only: WEBHOOK_JOBS });
      const status = await freshness(cookie, 'shopify');
      const syncText = !fault.upstream
        ? ''
        : status.state === 'succeeded' && !status.queued
          ? '; sync completed'
          : `; sync stopped: ${status.health.reason ?? '(no reason)'}`;
      const syncOk =
        !fault.upstream ||
        (status.state === 'succeeded' && !status.queued) ||
        (isReadableReason(status.health.reason) && status.health.state === 'needs_attention');
      const delivered = answers.find(([answer]) => answer === '200')?.[1] ?? 0;
      duringOk = syncOk && answers.every(([answer]) => answer === '200') && received > 0;
      during = `${delivered} deliveries accepted (${ORDERS_PER_CELL} orders placed), ${received} orders stored${syncText}`;
    }
  } finally {
    clearFaults('shopify');
    sender.settings = calm;
  }
  // Cleared: the owner's "Sync now" (or the pending retry) reconciles what the webhooks missed.
  advance(120);
  if (!(await freshness(cookie, 'shopify')).queued) await post(cookie, '/api/sync/run');
  const settled = await syncUntilSettled(cookie, 'shopify', WEBHOOK_JOBS);
  const gaps = await liveOrderGaps(workspaceId, historicOrders);
  const exact = settled.state === 'succeeded' && gaps.exact;
  const after = exact
    ? `reconciled exactly: ${gaps.summary}`
    : `state ${settled.state}, ${settled.health.reason ?? ''}; ${gaps.summary}`;
  return {
    source: 'shopify',
    phase: 'webhook',
    fault: fault.name,
    during,
    after: `${after} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    pass: duringOk && exact,
  };
}

describe('upstream fault matrix, webhook phase', () => {
  it('shopify webhook: refused, duplicated or lost deliveries and API faults end with every order once', async () => {
    // Live orders are placed at the emulator's real time; our clock must not lag behind it. The
    // jump can outlast a session (30 days from the fixed start date): sign in again after it.
    if (now.getTime() < Date.now()) {
      now = new Date();
      owners.delete('shopify');
    }
    const expected = await control('shopify');
    const { cookie, workspaceId } = await ownerOf('shopify');
    await emptyWorkspace(workspaceId);
    const { credentials } = demo;
    const connected = await post(cookie, '/api/credentials/shopify', {
      shopDomain: credentials.shopify.shopDomain,
      accessToken: credentials.shopify.accessToken,
      apiKey: credentials.shopify.apiKey,
      apiSecret: credentials.shopify.apiSecret,
    });
    expect(connected.status, await connected.clone().text()).toBe(200);
    advance(1);
    const backfill = await syncUntilSettled(cookie, 'shopify', WEBHOOK_JOBS);
    expect(backfill.state).toBe('succeeded');
    expect(backfill.delivery).toEqual({ mode: 'webhooks', reason: null });
    const historic = expected.wh_orders ?? 0;
    expect((await liveOrderGaps(workspaceId, historic)).exact).toBe(true);
    const rows: Row[] = [];
    for (const fault of WEBHOOK_FAULTS) {
      const row = await runWebhookCell(fault, historic);
      rows.push(row);
      matrix.push(row);
    }
    expect(rows.filter((row) => !row.pass)).toEqual([]);
  }, 300_000);
});
