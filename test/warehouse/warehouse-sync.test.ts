import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DemoStore } from '../../src/demo/model.ts';
import { type DemoEmulators, startDemoEmulators } from '../../src/demo/start-demo-emulators.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { resetSyncTuning, tuneSync } from '../../src/server/features/warehouse-sync/sync-tuning.ts';
import type { AppDeps } from '../../src/server/http/deps.ts';
import { catalogue } from '../../src/server/jobs/catalogue.ts';
import { runJobsUntilIdle } from '../../src/server/jobs/worker.ts';
import { integrationContextOf } from '../../src/server/platform/integrations/integration-context.ts';
import type { SyncStatusResponse } from '../../src/shared/contracts/sync.ts';
import { startTestApp, type TestApp } from '../support/start-app.ts';
import { UNTHROTTLED_BUCKET } from '../support/start-demo-app.ts';

/**
 * The Shopify sync over real HTTP against the Shopify emulator serving a generated store: the
 * warehouse must hold exactly the store (counts, money to the cent in shop currency, shop-local
 * order days), a second run must change nothing, failures midway must resume without duplicates
 * or gaps, a down upstream must leave the data and show the error, and tenants stay apart.
 */

let demo: DemoEmulators;
let store: DemoStore;
let app: TestApp;
let now = new Date('2026-11-01T12:00:00Z');
const shopifySync = [catalogue.syncShopify];
// the demo connects its Google Ads and TikTok accounts too (issue #39)
const allSyncs = [
  catalogue.syncShopify,
  catalogue.syncGa4,
  catalogue.syncMeta,
  catalogue.syncGoogleAds,
  catalogue.syncTikTokAds,
];

interface Truth {
  orders: number;
  lineItems: number;
  refunds: number;
  totalMinor: number;
  refundedMinor: number;
  days: Map<number, string>;
}

function truthOf(demo: DemoStore): Truth {
  const truth: Truth = {
    orders: 0,
    lineItems: 0,
    refunds: 0,
    totalMinor: 0,
    refundedMinor: 0,
    days: new Map(),
  };
  for (let index = 0; index < demo.orders.count; index += 1) {
    const order = demo.getOrder(index);
    truth.orders += 1;
    truth.lineItems += order.lineItems.length;
    truth.refunds += order.refunds.length;
    truth.totalMinor += order.totalMinor;
    truth.refundedMinor += order.refunds.reduce((sum, refund) => sum + refund.totalMinor, 0);
    truth.days.set(order.legacyId, order.day);
  }
  return truth;
}

// Counts and sums as numbers or text; the hashes are null for a workspace without rows.
const WarehouseFigureRow = z.record(z.string(), z.union([z.string(), z.number()]).nullable());

async function warehouseFigures(workspaceId: string) {
  const [row] = await queryRows(
    app.db,
    WarehouseFigureRow,
    sql`SELECT
      (SELECT count(*) FROM wh_orders WHERE workspace_id = ${workspaceId}) AS orders,
      (SELECT count(*) FROM wh_order_line_items WHERE workspace_id = ${workspaceId}) AS line_items,
      (SELECT count(*) FROM wh_refunds WHERE workspace_id = ${workspaceId}) AS refunds,
      (SELECT coalesce(sum(total_minor), 0) FROM wh_orders WHERE workspace_id = ${workspaceId}) AS total_minor,
      (SELECT coalesce(sum(amount_minor), 0) FROM wh_refunds WHERE workspace_id = ${workspaceId}) AS refunded_minor,
      (SELECT count(*) FROM wh_customers WHERE workspace_id = ${workspaceId}) AS customers,
      (SELECT count(*) FROM wh_products WHERE workspace_id = ${workspaceId}) AS products,
      (SELECT count(*) FROM wh_variants WHERE workspace_id = ${workspaceId}) AS variants,
      (SELECT count(*) FROM wh_inventory_snapshots WHERE workspace_id = ${workspaceId}) AS inventory,
      (SELECT md5(string_agg(concat_ws('|', order_id, total_minor, refunded_minor, order_date, updated_at, financial_status,
         customer_id, utm_source, landing_page), ',' ORDER BY order_id)) FROM wh_orders WHERE workspace_id = ${workspaceId}) AS orders_hash,
      (SELECT md5(string_agg(concat_ws('|', line_item_id, order_id, variant_id, quantity, unit_price_minor, discount_minor), ','
         ORDER BY line_item_id)) FROM wh_order_line_items WHERE workspace_id = ${workspaceId}) AS items_hash,
      (SELECT coalesce(sum(xmin::text::bigint), 0) FROM wh_orders WHERE workspace_id = ${workspaceId}) AS orders_xmin`,
  );
  if (!row) throw new Error('no figures');
  const number = (key: string) => Number(row[key]);
  return {
    orders: number('orders'),
    lineItems: number('line_items'),
    refunds: number('refunds'),
    totalMinor: number('total_minor'),
    refundedMinor: number('refunded_minor'),
    customers: number('customers'),
    products: number('products'),
    variants: number('variants'),
    inventory: number('inventory'),
    ordersHash: String(row.orders_hash),
    itemsHash: String(row.items_hash),
    ordersXmin: String(row.orders_xmin),
  };
}

const WorkspaceOfRow = z.object({ workspace_id: z.string() });

async function workspaceOf(email: string): Promise<string> {
  const [row] = await queryRows(
    app.db,
    WorkspaceOfRow,
    sql`SELECT w.id AS workspace_id FROM workspaces w JOIN team_members m ON m.team_id = w.team_id JOIN users u ON u.id = m.user_id WHERE u.email = ${email}`,
  );
  if (!row) throw new Error(`no workspace for ${email}`);
  return row.workspace_id;
}

async function connectShopify(cookie: string): Promise<void> {
  const response = await app.request('/api/credentials/shopify', {
    method: 'POST',
    cookie,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      shopDomain: demo.credentials.shopify.shopDomain,
      accessToken: demo.credentials.shopify.accessToken,
    }),
  });
  expect(response.status).toBe(200);
  expect(((await response.json()) as { isValid: boolean }).isValid).toBe(true);
}

async function status(cookie: string): Promise<SyncStatusResponse> {
  const response = await app.request('/api/sync/status', { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as SyncStatusResponse;
}

/** Fast retries and short timeouts for every test; a test that tunes more restores these after. */
function restoreTestTuning(): void {
  resetSyncTuning();
  tuneSync({ retry: { maxAttempts: 2, baseDelayMs: 5, maxDelayMs: 20 }, timeoutMs: 2_000 });
}

beforeAll(async () => {
  demo = await startDemoEmulators({
    preset: 'custom',
    seed: 7,
    customers: 300,
    days: 120,
    shopifyBucket: UNTHROTTLED_BUCKET,
  });
  store = demo.store;
  app = await startTestApp();
  const deps = app.server.deps as AppDeps;
  deps.demo = { baseUrls: demo.baseUrls, credentials: demo.credentials };
  deps.clock = () => now;
  deps.integration = integrationContextOf({ ...deps, tokens: deps.caches.upstreamTokens, demo: deps.demo });
  restoreTestTuning();
}, 120_000);

afterAll(async () => {
  resetSyncTuning();
  await app?.close();
  await demo?.close();
});

const DayRow = z.object({
  order_id: z.union([z.string(), z.number()]),
  order_date: z.union([z.string(), z.date()]),
});

const ShopRow = z.object({ currency_code: z.string(), iana_timezone: z.string() });

const AnalyseRow = z.object({ status: z.string(), payload: z.unknown() });

const AnalyzedRow = z.object({ n: z.number() });

const QueryRow = z.object({ n: z.number() });

const StateRow = z.object({ after: z.string().nullable() });

const StateRow2 = z.object({ phase: z.string(), bounds: z.number(), slice: z.number() });

const FigureRow = z.record(z.string(), z.union([z.string(), z.number()]));

describe('Shopify → warehouse', () => {
  let ownerCookie: string;
  let ownerWorkspace: string;

  /**
   * An hour after an interrupted backfill, the queued retry finishes it: the warehouse then holds
   * the store's truth (plus `also`), with the same content as the owner's uninterrupted backfill.
   */
  async function expectResumedExactly(workspaceId: string, also: Record<string, number> = {}) {
    now = new Date(now.getTime() + 60 * 60_000);
    const resumed = await runJobsUntilIdle(app.server.deps, { only: shopifySync });
    expect(resumed.map((outcome) => outcome.status)).toEqual(['succeeded']);
    const truth = truthOf(store);
    const figures = await warehouseFigures(workspaceId);
    expect(figures).toMatchObject({
      orders: truth.orders,
      lineItems: truth.lineItems,
      refunds: truth.refunds,
      totalMinor: truth.totalMinor,
      refundedMinor: truth.refundedMinor,
      ...also,
    });
    const owner = await warehouseFigures(ownerWorkspace);
    expect(figures.ordersHash).toBe(owner.ordersHash);
    expect(figures.itemsHash).toBe(owner.itemsHash);
  }

  it('backfills the store exactly: counts, shop-currency money, shop-local days', async () => {
    ownerCookie = await app.signIn('owner@example.com', 'Olivia');
    ownerWorkspace = await workspaceOf('owner@example.com');
    await connectShopify(ownerCookie);
    const before = await status(ownerCookie);
    expect(before.sources.find((source) => source.source === 'shopify')).toMatchObject({
      queued: true,
      connected: true,
    });

    const outcomes = await runJobsUntilIdle(app.server.deps, { only: shopifySync });
    expect(outcomes.map((outcome) => [outcome.job.type, outcome.status, outcome.error])).toEqual([
      ['sync-shopify', 'succeeded', undefined],
    ]);

    const truth = truthOf(store);
    const figures = await warehouseFigures(ownerWorkspace);
    expect(figures).toMatchObject({
      orders: truth.orders,
      lineItems: truth.lineItems,
      refunds: truth.refunds,
      totalMinor: truth.totalMinor,
      refundedMinor: truth.refundedMinor,
      customers: store.customers.length,
      products: store.products.length,
      variants: store.variants.length,
    });
    expect(figures.inventory).toBeGreaterThanOrEqual(store.variants.length);

    const days = await queryRows(
      app.db,
      DayRow,
      sql`SELECT order_id, to_char(order_date, 'YYYY-MM-DD') AS order_date FROM wh_orders WHERE workspace_id = ${ownerWorkspace}`,
    );
    const wrongDays = days.filter((row) => truth.days.get(Number(row.order_id)) !== String(row.order_date));
    expect(wrongDays).toEqual([]);

    const [shop] = await queryRows(
      app.db,
      ShopRow,
      sql`SELECT currency_code, iana_timezone FROM wh_shops WHERE workspace_id = ${ownerWorkspace}`,
    );
    expect(shop).toEqual({ currency_code: store.shop.currencyCode, iana_timezone: store.shop.ianaTimezone });

    const after = (await status(ownerCookie)).sources.find((source) => source.source === 'shopify');
    expect(after).toMatchObject({ state: 'succeeded', lastError: null, running: false, queued: false });

    // The analysis is queued after the sync (its definition belongs to the analysis area).
    const analyses = await queryRows(
      app.db,
      AnalyseRow,
      sql`SELECT status, payload FROM jobs WHERE type = 'analyze-workspace' AND workspace_id = ${ownerWorkspace}`,
    );
    expect(analyses).toEqual([{ status: 'pending', payload: { workspaceId: ownerWorkspace } }]);
    expect(after?.rows).toBeGreaterThan(truth.orders);
    expect(after?.lastSyncAt).toBe(now.toISOString());
    // A backfill leaves the planner statistics of the tables the analysis reads fresh (ANALYZE).
    for (const table of ['wh_orders', 'wh_order_line_items', 'wh_journey_touchpoints']) {
      const [analyzed] = await queryRows(
        app.db,
        AnalyzedRow,
        sql`SELECT count(*)::int AS n FROM pg_stats WHERE tablename = ${table}`,
      );
      expect(analyzed?.n, table).toBeGreaterThan(0);
    }
  }, 120_000);

  it('changes nothing when the sync runs again', async () => {
    const before = await warehouseFigures(ownerWorkspace);
    now = new Date(now.getTime() + 20 * 60_000);
    const run = await app.request('/api/sync/run', {
      method: 'POST',
      cookie: ownerCookie,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ source: 'shopify' }),
    });
    expect(run.status).toBe(202);
    const outcomes = await runJobsUntilIdle(app.server.deps, { only: shopifySync });
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['succeeded']);
    const after = await warehouseFigures(ownerWorkspace);
    // Same rows, same values, and not even rewritten (xmin unchanged).
    expect(after).toEqual(before);
  }, 60_000);

  it.each([
    ['answers 5xx', { errorRate: 1 }],
    ['keeps throttling (THROTTLED)', { throttlePressure: 1 }],
    ['hangs', { hangRate: 1 }],
  ] as const)(
    'keeps the data and reports the error when Shopify %s',
    async (_name, fault) => {
      const before = await warehouseFigures(ownerWorkspace);
      const lastGood = (await status(ownerCookie)).sources.find(
        (source) => source.source === 'shopify',
      )?.lastSyncAt;
      demo.emulators.shopify.faults.set(fault);
      try {
        now = new Date(now.getTime() + 20 * 60_000);
        await app.request('/api/sync/run', {
          method: 'POST',
          cookie: ownerCookie,
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        const outcomes = await runJobsUntilIdle(app.server.deps, { only: shopifySync });
        expect(outcomes.map((outcome) => outcome.status)).toEqual(['pending']);
        expect(await warehouseFigures(ownerWorkspace)).toEqual(before);
        const shopify = (await status(ownerCookie)).sources.find((source) => source.source === 'shopify');
        expect(shopify).toMatchObject({ state: 'queued', queued: true, lastSyncAt: lastGood });
        expect(shopify?.lastError).toMatch(/Shopify/);
        expect(shopify?.nextAttemptAt).not.toBeNull();
      } finally {
        demo.emulators.shopify.faults.reset();
        demo.emulators.shopify.faults.releaseHung();
      }
      // Once Shopify answers again, the queued retry succeeds and clears the error.
      now = new Date(now.getTime() + 60 * 60_000);
      const outcomes = await runJobsUntilIdle(app.server.deps, { only: shopifySync });
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['succeeded']);
      const shopify = (await status(ownerCookie)).sources.find((source) => source.source === 'shopify');
      expect(shopify).toMatchObject({ state: 'succeeded', lastError: null });
      expect(await warehouseFigures(ownerWorkspace)).toMatchObject({
        orders: before.orders,
        ordersHash: before.ordersHash,
      });
    },
    60_000,
  );

  it('resumes a sync that failed midway without duplicates or gaps', async () => {
    tuneSync({ bulk: false, orderPageSize: 10 });
    try {
      const cookie = await app.signIn('second-store@example.com', 'Sam');
      const workspaceId = await workspaceOf('second-store@example.com');
      await connectShopify(cookie);
      // Let Shopify fail once a few pages of orders have been committed.
      const deps = app.server.deps;
      // A watcher query still in flight when the run ends must not break Shopify again afterwards.
      let watching = true;
      const watcher = setInterval(() => {
        void queryRows(
          deps.db,
          QueryRow,
          sql`SELECT count(*)::int AS n FROM wh_orders WHERE workspace_id = ${workspaceId}`,
        )
          .then(([row]) => {
            if (watching && (row?.n ?? 0) >= 100) demo.emulators.shopify.faults.set({ errorRate: 1 });
          })
          .catch(() => undefined);
      }, 5);
      let outcomes: Awaited<ReturnType<typeof runJobsUntilIdle>>;
      try {
        outcomes = await runJobsUntilIdle(deps, { only: shopifySync });
      } finally {
        watching = false;
        clearInterval(watcher);
        demo.emulators.shopify.faults.reset();
      }
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['pending']);
      const partial = await warehouseFigures(workspaceId);
      expect(partial.orders).toBeGreaterThanOrEqual(100);
      expect(partial.orders).toBeLessThan(store.orders.count);
      const [state] = await queryRows(
        deps.db,
        StateRow,
        sql`SELECT cursor -> 'orders' ->> 'after' AS after FROM sync_states WHERE workspace_id = ${workspaceId} AND source = 'shopify'`,
      );
      expect(state?.after).toBeTruthy();

      await expectResumedExactly(workspaceId, { customers: store.customers.length });
    } finally {
      restoreTestTuning();
    }
  }, 120_000);

  it('backfills through date-sliced bulk exports and resumes an interrupted one without duplicates or gaps', async () => {
    // About six slices on this store: each is its own bulk export, the next one prepared while one
    // loads; small pages, so several are written at once and must still commit in order.
    tuneSync({ bulkSliceOrders: Math.ceil(store.orders.count / 6), bulkPageOrders: 25 });
    const shopify = demo.emulators.shopify;
    try {
      const cookie = await app.signIn('sliced-store@example.com', 'Sol');
      const workspaceId = await workspaceOf('sliced-store@example.com');
      await connectShopify(cookie);
      const deps = app.server.deps;
      // Slow answers leave the watcher time to break Shopify once the first slice is in: its
      // cursor has moved on (orders alone are not enough, since a slice also reads the refund
      // details of its orders after writing them).
      shopify.faults.set({ latencyMs: 30 });
      let watching = true;
      const watcher = setInterval(() => {
        void queryRows(
          deps.db,
          QueryRow,
          sql`SELECT coalesce((cursor -> 'orders' ->> 'slice')::int, 0) AS n FROM sync_states
              WHERE workspace_id = ${workspaceId} AND source = 'shopify'`,
        )
          .then(([row]) => {
            if (watching && (row?.n ?? 0) > 0) shopify.faults.set({ errorRate: 1 });
          })
          .catch(() => undefined);
      }, 5);
      let outcomes: Awaited<ReturnType<typeof runJobsUntilIdle>>;
      try {
        outcomes = await runJobsUntilIdle(deps, { only: shopifySync });
      } finally {
        watching = false;
        clearInterval(watcher);
        shopify.faults.reset();
      }
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['pending']);
      const partial = await warehouseFigures(workspaceId);
      expect(partial.orders).toBeGreaterThan(0);
      expect(partial.orders).toBeLessThan(store.orders.count);
      const [state] = await queryRows(
        deps.db,
        StateRow2,
        sql`SELECT cursor -> 'orders' ->> 'phase' AS phase,
              jsonb_array_length(cursor -> 'orders' -> 'sliceBounds')::int AS bounds,
              (cursor -> 'orders' ->> 'slice')::int AS slice
            FROM sync_states WHERE workspace_id = ${workspaceId} AND source = 'shopify'`,
      );
      expect(state).toMatchObject({ phase: 'bulk', bounds: 5 });
      expect(state?.slice).toBeGreaterThan(0);

      await expectResumedExactly(workspaceId);
    } finally {
      restoreTestTuning();
    }
  }, 120_000);

  it('starts a new export when Shopify ends one FAILED, instead of waiting on the dead one again', async () => {
    const cookie = await app.signIn('failed-export@example.com', 'Fay');
    const workspaceId = await workspaceOf('failed-export@example.com');
    demo.emulators.shopify.bulkControl.failNext('INTERNAL_SERVER_ERROR');
    await connectShopify(cookie);
    const deps = app.server.deps;
    const first = await runJobsUntilIdle(deps, { only: shopifySync });
    expect(first.map((outcome) => outcome.status)).toEqual(['pending']);
    expect((await status(cookie)).sources.find((source) => source.source === 'shopify')?.lastError).toContain(
      'FAILED',
    );

    now = new Date(now.getTime() + 60 * 60_000);
    const retried = await runJobsUntilIdle(deps, { only: shopifySync });
    expect(retried.map((outcome) => outcome.status)).toEqual(['succeeded']);
    const truth = truthOf(store);
    expect(await warehouseFigures(workspaceId)).toMatchObject({
      orders: truth.orders,
      lineItems: truth.lineItems,
      totalMinor: truth.totalMinor,
    });
  }, 120_000);

  it('syncs GA4 daily rows and Meta daily insights of the demo store, re-reading without change', async () => {
    const cookie = await app.signIn('marketer@example.com', 'Mia');
    const workspaceId = await workspaceOf('marketer@example.com');
    const connect = await app.request('/api/demo/connect', { method: 'POST', cookie });
    expect(connect.status).toBe(200);
    const outcomes = await runJobsUntilIdle(app.server.deps, { only: allSyncs });
    expect(outcomes.map((outcome) => [outcome.job.type, outcome.status, outcome.error]).sort()).toEqual([
      ['sync-ga4', 'succeeded', undefined],
      ['sync-google_ads', 'succeeded', undefined],
      ['sync-meta', 'succeeded', undefined],
      ['sync-shopify', 'succeeded', undefined],
      ['sync-tiktok_ads', 'succeeded', undefined],
    ]);
    const figures = async () => {
      const [row] = await queryRows(
        app.db,
        FigureRow,
        sql`SELECT
          (SELECT coalesce(sum(sessions), 0) FROM wh_ga4_daily_channels WHERE workspace_id = ${workspaceId}) AS ga_sessions,
          (SELECT count(*) FROM wh_ga4_daily_pages WHERE workspace_id = ${workspaceId}) AS ga_pages,
          (SELECT coalesce(sum(purchase_revenue_minor), 0) FROM wh_ga4_daily_channels WHERE workspace_id = ${workspaceId}) AS ga_revenue,
          (SELECT coalesce(sum(sessions), 0) FROM wh_ga4_daily_campaigns WHERE workspace_id = ${workspaceId}) AS ga_campaign_sessions,
          (SELECT coalesce(sum(purchase_revenue_minor), 0) FROM wh_ga4_daily_campaigns WHERE workspace_id = ${workspaceId}) AS ga_campaign_revenue,
          (SELECT coalesce(sum(transactions), 0) FROM wh_ga4_daily_campaigns WHERE workspace_id = ${workspaceId}) AS ga_campaign_transactions,
          (SELECT count(DISTINCT campaign_name) FROM wh_ga4_daily_campaigns WHERE workspace_id = ${workspaceId} AND session_medium = 'paid_social') AS ga_meta_campaigns,
          (SELECT coalesce(sum(spend_minor), 0) FROM wh_meta_daily_insights WHERE workspace_id = ${workspaceId}) AS meta_spend,
          (SELECT count(*) FROM wh_meta_daily_insights WHERE workspace_id = ${workspaceId}) AS meta_rows,
          (SELECT count(*) FROM wh_meta_campaigns WHERE workspace_id = ${workspaceId}) AS meta_campaigns,
          (SELECT count(*) FROM wh_meta_daily_insights WHERE workspace_id = ${workspaceId} AND campaign_status IS NULL) AS meta_without_status`,
      );
      return Object.fromEntries(Object.entries(row ?? {}).map(([key, value]) => [key, Number(value)]));
    };
    const first = await figures();
    let sessions = 0;
    for (let cell = 0; cell < store.ga4.count; cell += 1) sessions += store.ga4.sessions[cell] ?? 0;
    const spend = store.meta.daily.reduce((sum, row) => sum + row.spendMinor, 0);
    expect(first.ga_sessions).toBe(sessions);
    expect(first.ga_pages).toBeGreaterThan(0);
    // The campaign report (decision 073) splits the same sessions, purchases and revenue by campaign.
    let purchases = 0;
    let revenue = 0;
    for (let cell = 0; cell < store.ga4.count; cell += 1) {
      purchases += store.ga4.keyEvents[cell] ?? 0;
      revenue += store.ga4.purchaseRevenueMinor[cell] ?? 0;
    }
    expect(first.ga_campaign_sessions).toBe(sessions);
    expect(first.ga_campaign_transactions).toBe(purchases);
    expect(first.ga_campaign_revenue).toBe(revenue);
    expect(first.ga_revenue).toBe(revenue);
    expect(first.ga_meta_campaigns).toBeGreaterThan(0);
    expect(first.meta_spend).toBe(spend);
    expect(first.meta_campaigns).toBe(store.meta.campaigns.length);
    expect(first.meta_without_status).toBe(0);

    // The next scheduled run re-reads Meta's last 28 days and GA4's last days: nothing changes.
    now = new Date(now.getTime() + 20 * 60_000);
    await app.request('/api/sync/run', {
      method: 'POST',
      cookie,
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const again = await runJobsUntilIdle(app.server.deps, { only: allSyncs });
    expect(again.map((outcome) => outcome.status)).toEqual(Array(allSyncs.length).fill('succeeded'));
    expect(await figures()).toEqual(first);

    // A property synced before the campaign report existed is read back once in full.
    await app.db.execute(sql`DELETE FROM wh_ga4_daily_campaigns WHERE workspace_id = ${workspaceId}`);
    now = new Date(now.getTime() + 20 * 60_000);
    await app.request('/api/sync/run', {
      method: 'POST',
      cookie,
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    await runJobsUntilIdle(app.server.deps, { only: allSyncs });
    expect(await figures()).toEqual(first);
    const view = await status(cookie);
    for (const source of view.sources) {
      expect(source).toMatchObject({ connected: true, state: 'succeeded', lastError: null });
      expect(source.rows).toBeGreaterThan(0);
    }
    expect(view.sources.find((source) => source.source === 'ga4')?.quota?.unit).toBe('tokens per day');
  }, 120_000);

  it('shows a workspace nothing of another', async () => {
    const cookie = await app.signIn('stranger@example.com', 'Stan');
    const strangerWorkspace = await workspaceOf('stranger@example.com');
    const view = await status(cookie);
    for (const source of view.sources) {
      expect(source).toMatchObject({
        connected: false,
        state: 'never',
        rows: 0,
        lastSyncAt: null,
        lastError: null,
      });
    }
    const run = await app.request('/api/sync/run', {
      method: 'POST',
      cookie,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ source: 'shopify' }),
    });
    expect(run.status).toBe(400);
    expect(((await run.json()) as { code: string }).code).toBe('source_not_connected');
    expect((await warehouseFigures(strangerWorkspace)).orders).toBe(0);
    const unauthenticated = await app.request('/api/sync/status');
    expect(unauthenticated.status).toBe(401);
  });
});
