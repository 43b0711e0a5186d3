import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEMO_SECRETS } from '../../src/demo/credentials.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { runJobsUntilIdle } from '../../src/server/jobs/worker.ts';
import type { SyncStatusResponse } from '../../src/shared/contracts/sync.ts';
import type { DashboardToday } from '../../src/shared/contracts/webhooks.ts';
import { type DemoTestApp, startConnectedDemoApp } from '../support/start-demo-app.ts';

/**
 * POST /api/webhooks/shopify over real HTTP on a real database, with the demo store connected
 * (its API secret key stored): bad signatures, unknown shops, oversized and malformed bodies store
 * nothing; a signed order lands in the warehouse and in /api/dashboard/today; a replayed event id
 * changes nothing.
 */

let app: DemoTestApp;
let owner: string;
const shop = DEMO_SECRETS.shopify.shopDomain;
const secret = DEMO_SECRETS.shopify.clientSecret;

const sign = (body: string, key: string = secret) => createHmac('sha256', key).update(body).digest('base64');

function post(body: string, headers: Record<string, string | undefined>): Promise<Response> {
  const defined = Object.fromEntries(
    Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return fetch(`${app.baseUrl}/api/webhooks/shopify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...defined },
    body,
  });
}

function delivery(
  topic: string,
  payload: unknown,
  eventId: string,
  overrides: Record<string, string | undefined> = {},
) {
  const body = JSON.stringify(payload);
  return post(body, {
    'x-shopify-topic': topic,
    'x-shopify-shop-domain': shop,
    'x-shopify-hmac-sha256': sign(body),
    'x-shopify-event-id': eventId,
    'x-shopify-webhook-id': `wh-${eventId}`,
    'x-shopify-triggered-at': new Date().toISOString(),
    // A server-to-server call from another site, as Shopify's is.
    origin: 'https://shopify.example',
    ...overrides,
  });
}

const CountEventRow = z.object({ n: z.number() });

const countEvents = async () =>
  (await queryRows(app.db, CountEventRow, sql`SELECT count(*)::int AS n FROM webhook_events`))[0]!.n;

let nextId = 9_100_000_000;
function restOrder(overrides: Record<string, unknown> = {}) {
  nextId += 1;
  const now = new Date().toISOString();
  const variant = app.demo.store.variants[0]!;
  const product = app.demo.store.products[variant.productIndex]!;
  return {
    id: nextId,
    admin_graphql_api_id: `gid://shopify/Order/${nextId}`,
    name: `#W${nextId}`,
    order_number: nextId % 100_000,
    created_at: now,
    updated_at: now,
    processed_at: now,
    cancelled_at: null,
    test: false,
    currency: 'USD',
    presentment_currency: 'USD',
    financial_status: 'paid',
    fulfillment_status: null,
    source_name: 'web',
    total_price: '42.50',
    subtotal_price: '40.00',
    total_tax: '2.50',
    total_discounts: '0.00',
    total_shipping_price_set: { shop_money: { amount: '0.00', currency_code: 'USD' } },
    discount_codes: [],
    customer: { id: 7_700_000_001, email: 'buyer@example.com', first_name: 'Bea', last_name: 'Buyer' },
    shipping_address: { country_code: 'US' },
    line_items: [
      {
        id: nextId * 10,
        title: product.title,
        variant_title: variant.title,
        sku: variant.sku,
        quantity: 1,
        price: '40.00',
        total_discount: '0.00',
        variant_id: variant.legacyId,
        product_id: product.legacyId,
      },
    ],
    refunds: [],
    ...overrides,
  };
}

const today = async (): Promise<DashboardToday> => {
  const response = await app.request('/api/dashboard/today', { cookie: owner });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as DashboardToday;
};

beforeAll(async () => {
  ({ app, owner } = await startConnectedDemoApp(7));
}, 300_000);

afterAll(async () => {
  await app?.close();
});

const OrderRow = z.object({ n: z.number() });

describe('refused deliveries store nothing', () => {
  it('answers 401 without a signature and with a forged one', async () => {
    const payload = restOrder();
    const body = JSON.stringify(payload);
    const base = {
      'x-shopify-topic': 'orders/create',
      'x-shopify-shop-domain': shop,
      'x-shopify-event-id': 'e-forged',
    };
    expect((await post(body, base)).status).toBe(401);
    expect(
      (await post(body, { ...base, 'x-shopify-hmac-sha256': sign(body, 'not-the-secret') })).status,
    ).toBe(401);
    // Signed, then tampered with: the signature no longer covers the bytes.
    const tampered = body.replace('42.50', '4250.00');
    expect((await post(tampered, { ...base, 'x-shopify-hmac-sha256': sign(body) })).status).toBe(401);
    expect(await countEvents()).toBe(0);
    const [orders] = await queryRows(
      app.db,
      OrderRow,
      sql`SELECT count(*)::int AS n FROM wh_orders WHERE order_id = ${payload.id}`,
    );
    expect(orders!.n).toBe(0);
  });

  it('answers 404 for a shop no workspace connected', async () => {
    const response = await delivery('orders/create', restOrder(), 'e-unknown', {
      'x-shopify-shop-domain': 'someone-else.myshopify.com',
    });
    expect(response.status).toBe(404);
    expect(await countEvents()).toBe(0);
  });

  it('answers 413 for a body over 1 MB and 400 for malformed ones', async () => {
    const big = JSON.stringify({ ...restOrder(), note: 'x'.repeat(1024 * 1024) });
    const oversized = await post(big, {
      'x-shopify-topic': 'orders/create',
      'x-shopify-shop-domain': shop,
      'x-shopify-hmac-sha256': sign(big),
      'x-shopify-event-id': 'e-big',
    });
    expect(oversized.status).toBe(413);
    const notJson = '{"id": 1,';
    const malformed = await post(notJson, {
      'x-shopify-topic': 'orders/create',
      'x-shopify-shop-domain': shop,
      'x-shopify-hmac-sha256': sign(notJson),
      'x-shopify-event-id': 'e-malformed',
    });
    expect(malformed.status).toBe(400);
    const wrongShape = await delivery('orders/create', { id: 'not-a-number' }, 'e-shape');
    expect(wrongShape.status).toBe(400);
    expect(await wrongShape.text()).toMatch(/id/);
    const unknownTopic = await delivery('carts/update', restOrder(), 'e-topic');
    expect(unknownTopic.status).toBe(400);
    expect(await countEvents()).toBe(0);
  });
});

const QueryRow = z.object({ total_minor: z.string(), order_date: z.string() });

const EventRow = z.object({ payload: z.unknown(), outcome: z.string() });

const QueryRow2 = z.object({ total_minor: z.string() });

describe('accepted deliveries', () => {
  it('stores a signed order, applies it through the queue and counts it today', async () => {
    const before = await today();
    expect(before.date).not.toBeNull();
    const order = restOrder();
    const response = await delivery('orders/create', order, 'e-order-1');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, duplicate: false });
    await runJobsUntilIdle(app.server.deps);
    const [row] = await queryRows(
      app.db,
      QueryRow,
      sql`SELECT total_minor::text, order_date::text FROM wh_orders WHERE order_id = ${order.id}`,
    );
    expect(row).toMatchObject({ total_minor: '4250', order_date: before.date });
    const after = await today();
    expect(after.orders).toBe(before.orders + 1);
    expect(Math.round(Number(after.revenue) * 100)).toBe(Math.round(Number(before.revenue) * 100) + 4250);
    expect(after.lastOrderAt).toBe(new Date(order.created_at).toISOString());
    // The processed payload is cleared; the event id stays as the dedupe record.
    const [event] = await queryRows(
      app.db,
      EventRow,
      sql`SELECT payload, outcome FROM webhook_events WHERE event_id = 'e-order-1'`,
    );
    expect(event).toEqual({ payload: null, outcome: 'applied' });
  });

  it('ignores a replayed event id and an older update arriving late', async () => {
    const order = restOrder();
    expect((await delivery('orders/create', order, 'e-replay')).status).toBe(200);
    await runJobsUntilIdle(app.server.deps);
    const snapshot = await today();
    const replay = await delivery('orders/create', { ...order, total_price: '99.00' }, 'e-replay');
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    const outcomes = await runJobsUntilIdle(app.server.deps);
    expect(outcomes).toHaveLength(0);
    expect(await today()).toMatchObject({ orders: snapshot.orders, revenue: snapshot.revenue });

    const newer = new Date(Date.parse(order.updated_at) + 60_000).toISOString();
    expect(
      (await delivery('orders/updated', { ...order, updated_at: newer, total_price: '50.00' }, 'e-upd-new'))
        .status,
    ).toBe(200);
    expect((await delivery('orders/updated', { ...order, total_price: '10.00' }, 'e-upd-old')).status).toBe(
      200,
    );
    await runJobsUntilIdle(app.server.deps);
    const [row] = await queryRows(
      app.db,
      QueryRow2,
      sql`SELECT total_minor::text FROM wh_orders WHERE order_id = ${order.id}`,
    );
    expect(row!.total_minor).toBe('5000');
  });
});

const LineRow = z.object({ line_item_id: z.string(), restocked: z.boolean(), restock_type: z.string() });

const StoredRow = z.object({ amount_minor: z.string(), shipping_minor: z.string().nullable() });

const LaterRow = z.object({ shipping_minor: z.string().nullable() });

describe('refunds by webhook', () => {
  it('carry each line’s restock and the refunded shipping the way the sync maps them', async () => {
    const order = restOrder();
    const [line] = order.line_items;
    const second = { ...line!, id: line!.id + 1, quantity: 2 };
    const withTwo = { ...order, line_items: [line!, second] };
    expect((await delivery('orders/create', withTwo, 'e-refund-order')).status).toBe(200);
    const refund = {
      id: order.id + 500,
      order_id: order.id,
      created_at: new Date().toISOString(),
      note: 'returned',
      transactions: [{ kind: 'refund', status: 'success', amount: '85.00' }],
      refund_line_items: [
        { line_item_id: line!.id, quantity: 1, subtotal: '40.00', restock_type: 'return' },
        { line_item_id: second.id, quantity: 1, subtotal: '40.00', restock_type: 'no_restock' },
      ],
      refund_shipping_lines: [
        { subtotal_amount_set: { shop_money: { amount: '5.00', currency_code: 'USD' } } },
      ],
    };
    expect((await delivery('refunds/create', refund, 'e-refund')).status).toBe(200);
    await runJobsUntilIdle(app.server.deps);
    const lines = await queryRows(
      app.db,
      LineRow,
      sql`SELECT line_item_id::text, restocked, restock_type FROM wh_refund_line_items
          WHERE refund_id = ${refund.id} ORDER BY line_item_id`,
    );
    expect(lines).toEqual([
      { line_item_id: String(line!.id), restocked: true, restock_type: 'RETURN' },
      { line_item_id: String(second.id), restocked: false, restock_type: 'NO_RESTOCK' },
    ]);
    const [stored] = await queryRows(
      app.db,
      StoredRow,
      sql`SELECT amount_minor::text, shipping_minor::text FROM wh_refunds WHERE refund_id = ${refund.id}`,
    );
    expect(stored).toEqual({ amount_minor: '8500', shipping_minor: '500' });

    // A refund without refund_shipping_lines (older API versions) leaves its shipping to the sync.
    const older = { ...refund, id: refund.id + 1, refund_shipping_lines: undefined, refund_line_items: [] };
    expect((await delivery('refunds/create', older, 'e-refund-older')).status).toBe(200);
    await runJobsUntilIdle(app.server.deps);
    const [later] = await queryRows(
      app.db,
      LaterRow,
      sql`SELECT shipping_minor::text FROM wh_refunds WHERE refund_id = ${older.id}`,
    );
    expect(later).toEqual({ shipping_minor: null });
  });
});

const StoredRow2 = z.object({ status: z.string() });

describe('app/uninstalled', () => {
  it('drops the access token, stops the syncs and says so on the freshness panel; shop/redact can still be verified', async () => {
    const uninstalled = await delivery(
      'app/uninstalled',
      { id: 1, domain: shop, myshopify_domain: shop },
      'e-uninstalled',
    );
    expect(uninstalled.status).toBe(200);
    await runJobsUntilIdle(app.server.deps);
    const credential = await app.request('/api/credentials/shopify', { cookie: owner });
    expect(credential.status).toBe(200);
    const view = (await credential.json()) as {
      access_token: string | null;
      api_key: string | null;
      isValid: boolean;
      lastError: string | null;
    };
    expect(view).toMatchObject({ access_token: null, api_key: null, isValid: false });
    expect(view.lastError).toMatch(/uninstalled/);
    const status = await app.request('/api/sync/status', { cookie: owner });
    const shopify = ((await status.json()) as SyncStatusResponse).sources.find(
      (source) => source.source === 'shopify',
    )!;
    expect(shopify.delivery.mode).toBe('polling');
    expect(shopify.delivery.reason).toMatch(/uninstalled.*access token was deleted/);
    // The scheduler only syncs verified connections.
    const [stored] = await queryRows(
      app.db,
      StoredRow2,
      sql`SELECT status FROM credentials WHERE provider = 'shopify'`,
    );
    expect(stored).toEqual({ status: 'failed' });
    // Compliance topics arrive after the uninstall, signed with the app's API secret key: still verified.
    const redact = await delivery(
      'customers/redact',
      { shop_domain: shop, customer: { id: 7_700_000_999 }, orders_to_redact: [] },
      'e-redact-after-uninstall',
    );
    expect(redact.status).toBe(200);
  });
});

const JobRow = z.object({ n: z.number() });

const StoredRow3 = z.object({ n: z.number() });

describe('the accept path under concurrency', () => {
  it('stores each of many simultaneous deliveries once, with one job each, duplicates flagged', async () => {
    const eventsBefore = await countEvents();
    const orders = Array.from({ length: 40 }, () => restOrder());
    // Every event is sent twice at once (the same event id): batched together, stored once.
    const responses = await Promise.all(
      orders.flatMap((order, k) => [
        delivery('orders/create', order, `e-burst-${k}`),
        delivery('orders/create', order, `e-burst-${k}`),
      ]),
    );
    expect(responses.map((response) => response.status)).toEqual(responses.map(() => 200));
    const answers = (await Promise.all(responses.map((response) => response.json()))) as Array<{
      duplicate: boolean;
    }>;
    for (let k = 0; k < orders.length; k += 1) {
      const pair = [answers[2 * k]!.duplicate, answers[2 * k + 1]!.duplicate].sort();
      expect(pair).toEqual([false, true]);
    }
    expect(await countEvents()).toBe(eventsBefore + orders.length);
    const [jobs] = await queryRows(
      app.db,
      JobRow,
      sql`SELECT count(*)::int AS n FROM jobs WHERE type = 'process-shopify-webhook'
            AND (payload ->> 'eventRowId')::bigint IN (SELECT id FROM webhook_events WHERE event_id LIKE 'e-burst-%')`,
    );
    expect(jobs!.n).toBe(orders.length);
    await runJobsUntilIdle(app.server.deps);
    const [stored] = await queryRows(
      app.db,
      StoredRow3,
      sql`SELECT count(*)::int AS n FROM wh_orders WHERE order_id BETWEEN ${orders[0]!.id} AND ${orders.at(-1)!.id}`,
    );
    expect(stored!.n).toBe(orders.length);
  });

  it('forgets a shop’s cached secret the moment its credential changes', async () => {
    // The secret is cached by the deliveries above; a new API secret key takes effect at once.
    const rekey = await app.request('/api/credentials/shopify', {
      method: 'POST',
      cookie: owner,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        shopDomain: shop,
        accessToken: DEMO_SECRETS.shopify.accessToken,
        apiSecret: 'a-rotated-api-secret-key',
      }),
    });
    expect(rekey.status, await rekey.clone().text()).toBe(200);
    const order = restOrder();
    expect((await delivery('orders/create', order, 'e-old-key')).status).toBe(401);
    const body = JSON.stringify(order);
    const signedWithNew = await post(body, {
      'x-shopify-topic': 'orders/create',
      'x-shopify-shop-domain': shop,
      'x-shopify-hmac-sha256': sign(body, 'a-rotated-api-secret-key'),
      'x-shopify-event-id': 'e-new-key',
    });
    expect(signedWithNew.status).toBe(200);
    // Disconnected: the shop is unknown at once, not after the cache's lifetime.
    expect((await app.request('/api/credentials/shopify', { method: 'DELETE', cookie: owner })).status).toBe(
      200,
    );
    expect((await delivery('orders/create', restOrder(), 'e-after-disconnect')).status).toBe(404);
  });
});
