import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEMO_SECRETS } from '../../src/demo/credentials.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { type DeliveryState, readDeliveryState } from '../../src/server/domain/sync/delivery-mode.ts';
import { catalogue, enqueue } from '../../src/server/jobs/catalogue.ts';
import { runJobsUntilIdle } from '../../src/server/jobs/worker.ts';
import type { SyncStatusResponse } from '../../src/shared/contracts/sync.ts';
import type { DashboardToday, DemoLiveResponse } from '../../src/shared/contracts/webhooks.ts';
import { type DemoTestApp, startConnectedDemoApp } from '../support/start-demo-app.ts';

/**
 * The whole path with the Shopify emulator: connecting the demo store registers webhook
 * subscriptions through the Admin GraphQL API; orders the emulator places (its own order model)
 * reach the warehouse as signed webhooks it delivers with duplicates and late (out-of-order)
 * deliveries, none lost and none counted twice; /api/dashboard/today counts them; disconnecting
 * deletes the subscriptions. A store connected without its API secret key stays on polling and
 * the data-freshness panel says why.
 */

let app: DemoTestApp;
let owner: string;
let other: string;
/** The owner's workspace: the demo store connected with its API secret key. */
let workspaceId: string;
/** The delivery state the connect left in the template, before this file registers again. */
let atConnect: DeliveryState;
/**
 * Only the jobs a test is about run (decision 220): the webhooks' applications, or the owner's
 * sync. The analysis, alert evaluation and notification deliveries those queue read nothing this
 * file checks (each has files of its own), and ran the whole analysis twice per run.
 */
const WEBHOOK_JOBS = { only: [catalogue.processShopifyWebhook] };

const status = async (cookie: string): Promise<SyncStatusResponse> => {
  const response = await app.request('/api/sync/status', { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as SyncStatusResponse;
};

// A copy of the run's connected seed-7 store (decision 211). Its connect registered the
// subscriptions with the emulator that built the template (the delivery state it left is read
// first, and checked below); this file's emulator is a new one, so the job the connect queued,
// `register-shopify-webhooks`, runs again here and registers them with it.
beforeAll(async () => {
  ({ app, owner, workspaceId } = await startConnectedDemoApp(7));
  other = await app.signIn('other@example.com', 'Otto');
  atConnect = await readDeliveryState(app.db, workspaceId);
  await enqueue(app.db, catalogue.registerShopifyWebhooks, { workspaceId }, { now: new Date() });
  await runJobsUntilIdle(app.server.deps);
}, 300_000);

afterAll(async () => {
  await app?.close();
});

describe('webhook subscriptions', () => {
  it('are created on connect for every data topic, pointing at the receiver', async () => {
    expect(atConnect).toMatchObject({ mode: 'webhooks', reason: null });
    expect(atConnect.subscriptionIds).toHaveLength(6);
    const subscriptions = app.demo.emulators.shopify.webhookSubscriptions.connection({ first: 50 });
    expect(subscriptions.nodes.map((node) => node.topic).sort()).toEqual([
      'APP_UNINSTALLED',
      'INVENTORY_LEVELS_UPDATE',
      'ORDERS_CREATE',
      'ORDERS_UPDATED',
      'PRODUCTS_UPDATE',
      'REFUNDS_CREATE',
    ]);
    for (const node of subscriptions.nodes) {
      expect(node.endpoint.callbackUrl).toBe(`${app.baseUrl}/api/webhooks/shopify`);
    }
    const shopify = (await status(owner)).sources.find((source) => source.source === 'shopify')!;
    expect(shopify.delivery).toEqual({ mode: 'webhooks', reason: null });
  });

  it('are not possible without the API secret key: that store polls and the panel says why', async () => {
    const response = await app.request('/api/credentials/shopify', {
      method: 'POST',
      cookie: other,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        shopDomain: DEMO_SECRETS.shopify.shopDomain,
        accessToken: DEMO_SECRETS.shopify.accessToken,
      }),
    });
    expect(response.status).toBe(200);
    await runJobsUntilIdle(app.server.deps, { maxJobs: 1 });
    const shopify = (await status(other)).sources.find((source) => source.source === 'shopify')!;
    expect(shopify.delivery.mode).toBe('polling');
    expect(shopify.delivery.reason).toMatch(/API secret key/);
    const ga4 = (await status(other)).sources.find((source) => source.source === 'ga4')!;
    expect(ga4.delivery.mode).toBe('polling');
    // The owner's subscriptions are the only ones: the second workspace created none.
    expect(app.demo.emulators.shopify.webhookSubscriptions.size).toBe(6);
    // Its credentials also queued its first sync, a back-fill of the whole store again that no test
    // here reads: dropped, so the sync test below runs the owner's sync alone.
    await app.db.execute(
      sql`DELETE FROM jobs WHERE status = 'pending' AND workspace_id IS DISTINCT FROM ${workspaceId}`,
    );
  });
});

describe('live orders from the emulator', () => {
  it('loses none and counts none twice over 1,000 deliveries with duplicates and late ones', async () => {
    const shopify = app.demo.emulators.shopify;
    shopify.webhookSender.settings = {
      ...shopify.webhookSender.settings,
      duplicateRate: 0.1,
      lateRate: 0.1,
      lateDelayMs: 300,
    };
    const stats = shopify.webhookSender.stats;
    while (stats.attempts < 1_000) {
      for (let k = 0; k < 50; k += 1) shopify.liveOrders.placeOrder();
      await shopify.webhookSender.idle();
    }
    await runJobsUntilIdle(app.server.deps, WEBHOOK_JOBS);
    expect(stats.attempts).toBeGreaterThanOrEqual(1_000);
    expect(stats.duplicates).toBeGreaterThan(50);
    expect(stats.late).toBeGreaterThan(50);
    expect(stats.failedAttempts).toBe(0);

    const truth = shopify.liveOrders.orders;
    const [workspace] = await queryRows(
      app.db,
      z.object({ workspace_id: z.string() }),
      sql`SELECT workspace_id FROM webhook_subscriptions WHERE mode = 'webhooks'`,
    );
    const stored = await queryRows(
      app.db,
      z.object({ order_id: z.string(), total_minor: z.string(), fulfillment_status: z.string().nullable() }),
      sql`SELECT order_id::text, total_minor::text, fulfillment_status FROM wh_orders
          WHERE workspace_id = ${workspace!.workspace_id} AND order_id >= 5900000000000`,
    );
    expect(stored).toHaveLength(truth.length);
    const byId = new Map(stored.map((row) => [row.order_id, row]));
    for (const order of truth) {
      expect(byId.get(String(order.legacyId))).toEqual({
        order_id: String(order.legacyId),
        total_minor: String(order.totalMinor),
        fulfillment_status: order.fulfillmentStatus,
      });
    }
    const [lines] = await queryRows(
      app.db,
      z.object({ n: z.number() }),
      sql`SELECT count(*)::int AS n FROM wh_order_line_items
          WHERE workspace_id = ${workspace!.workspace_id} AND order_id >= 5900000000000`,
    );
    expect(lines!.n).toBe(truth.reduce((sum, order) => sum + order.lineItems.length, 0));

    const response = await app.request('/api/dashboard/today', { cookie: owner });
    const today = (await response.json()) as DashboardToday;
    const todays = truth.filter((order) => order.day === today.date && !order.test);
    expect(today.mode).toBe('webhooks');
    expect(today.orders).toBe(todays.length);
    const revenue = todays.reduce((sum, order) => sum + order.totalMinor, 0);
    expect(Math.round(Number(today.revenue) * 100)).toBe(revenue);
  }, 600_000);

  it('are in the emulator’s own orders, so a sync brings in those whose webhooks were lost, none twice', async () => {
    const shopify = app.demo.emulators.shopify;
    const [workspace] = await queryRows(
      app.db,
      z.object({ workspace_id: z.string() }),
      sql`SELECT workspace_id FROM webhook_subscriptions WHERE mode = 'webhooks'`,
    );
    const storedLive = () =>
      queryRows(
        app.db,
        z.object({
          order_id: z.string(),
          total_minor: z.string(),
          fulfillment_status: z.string().nullable(),
        }),
        sql`SELECT order_id::text, total_minor::text, fulfillment_status FROM wh_orders
            WHERE workspace_id = ${workspace!.workspace_id} AND order_id >= 5900000000000 ORDER BY order_id`,
      );
    const before = shopify.liveOrders.orders.length;
    shopify.webhookSender.settings = { ...shopify.webhookSender.settings, dropRate: 1 };
    for (let k = 0; k < 30; k += 1) shopify.liveOrders.placeOrder();
    await shopify.webhookSender.idle();
    await runJobsUntilIdle(app.server.deps, WEBHOOK_JOBS);
    shopify.webhookSender.settings = { ...shopify.webhookSender.settings, dropRate: 0 };
    const truth = shopify.liveOrders.orders;
    expect(truth.length).toBe(before + 30);
    expect(shopify.webhookSender.stats.dropped).toBeGreaterThanOrEqual(30);
    expect(await storedLive()).toHaveLength(before);

    const sync = await app.request('/api/sync/run', {
      method: 'POST',
      cookie: owner,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ source: 'shopify' }),
    });
    expect(sync.status, await sync.clone().text()).toBe(202);
    await runJobsUntilIdle(app.server.deps, { only: [catalogue.syncShopify] });
    const stored = await storedLive();
    expect(stored).toEqual(
      [...truth]
        .sort((a, b) => a.legacyId - b.legacyId)
        .map((order) => ({
          order_id: String(order.legacyId),
          total_minor: String(order.totalMinor),
          fulfillment_status: order.fulfillmentStatus,
        })),
    );
    const [lines] = await queryRows(
      app.db,
      z.object({ n: z.number() }),
      sql`SELECT count(*)::int AS n FROM wh_order_line_items
          WHERE workspace_id = ${workspace!.workspace_id} AND order_id >= 5900000000000`,
    );
    expect(lines!.n).toBe(truth.reduce((sum, order) => sum + order.lineItems.length, 0));
  }, 600_000);

  it('turns the simulation on and off for the demo store only', async () => {
    const on = await app.request('/api/demo/live', {
      method: 'POST',
      cookie: owner,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ enabled: true }),
    });
    expect(on.status).toBe(200);
    expect((await on.json()) as DemoLiveResponse).toMatchObject({ enabled: true, mode: 'webhooks' });
    const off = await app.request('/api/demo/live', {
      method: 'POST',
      cookie: owner,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ enabled: false }),
    });
    expect((await off.json()) as DemoLiveResponse).toMatchObject({ enabled: false });
    expect(app.demo.emulators.shopify.liveOrders.enabled).toBe(false);
    const bad = await app.request('/api/demo/live', {
      method: 'POST',
      cookie: owner,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ enabled: 'yes' }),
    });
    expect(bad.status).toBe(400);
  });

  it('deletes the subscriptions when the store is disconnected', async () => {
    const response = await app.request('/api/credentials/shopify', { method: 'DELETE', cookie: owner });
    expect(response.status).toBe(200);
    expect(app.demo.emulators.shopify.webhookSubscriptions.size).toBe(0);
    const shopify = (await status(owner)).sources.find((source) => source.source === 'shopify')!;
    expect(shopify.delivery.mode).toBe('polling');
  });
});
