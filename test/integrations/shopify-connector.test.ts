import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEMO_SECRETS } from '../../src/demo/credentials.ts';
import { buildShopifyEmulator, type ShopifyEmulator } from '../../src/demo/emulators/shopify/app.ts';
import { generateStore } from '../../src/demo/generate-store.ts';
import { createAppCaches, type UpstreamTokenCache } from '../../src/server/caches.ts';
import { UpstreamError } from '../../src/server/connectors/http/upstream-error.ts';
import { readGrantedScopes } from '../../src/server/connectors/shopify/access-scopes.ts';
import { createShopifyClient } from '../../src/server/connectors/shopify/client.ts';
import { mapOrderToLookup } from '../../src/server/connectors/shopify/map.ts';
import { SHOPIFY_SCOPES } from '../../src/shared/shopify-scopes.ts';

/**
 * The Shopify connector against the Shopify emulator (contract doc §1) and its fault knobs:
 * THROTTLED bursts, 5xx, hung requests, 401, unknown shop, client-credentials grant; the 2026 app
 * model (contracts/external-apis-2.md §4): granted scopes, ACCESS_DENIED for a missing one, the
 * 60-day order window without read_all_orders, webhook subscriptions by `uri`.
 */
let emulator: ShopifyEmulator;
let baseUrl: string;
let origin: string;
const waits: number[] = [];
const fastSleep = async (ms: number) => {
  waits.push(ms);
  await new Promise((resolve) => setTimeout(resolve, Math.min(ms, 20)));
};

beforeAll(async () => {
  // Ends today: the 60-day order window (no read_all_orders) is counted from the wall clock.
  const endDate = new Date().toISOString().slice(0, 10);
  const store = generateStore({ preset: 'small', seed: 7, customers: 60, days: 90, endDate });
  emulator = buildShopifyEmulator({ store, maximumAvailable: 2000, restoreRate: 100 });
  origin = (await emulator.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
  baseUrl = `${origin}/store/${store.shop.myshopifyDomain}`;
});
afterAll(async () => {
  await emulator?.close();
});
beforeEach(() => {
  emulator.faults.reset();
  emulator.accessScopes.reset();
  waits.length = 0;
  tokens = createAppCaches().upstreamTokens;
});
/** A fresh token cache per test, as each app has its own. */
let tokens: UpstreamTokenCache;

const tokenClient = (overrides: { baseUrl?: string; accessToken?: string; timeoutMs?: number } = {}) =>
  createShopifyClient({
    tokens,
    baseUrl: overrides.baseUrl ?? baseUrl,
    auth: { kind: 'access_token', accessToken: overrides.accessToken ?? DEMO_SECRETS.shopify.accessToken },
    sleep: fastSleep,
    ...(overrides.timeoutMs ? { timeoutMs: overrides.timeoutMs } : {}),
  });

describe('Shopify connector against the emulator', () => {
  it('verifies with the shop query', async () => {
    const shop = await tokenClient().getShop();
    expect(shop.name).toBeTruthy();
    expect(shop.currencyCode).toMatch(/^[A-Z]{3}$/);
    expect(shop.ianaTimezone).toContain('/');
  });

  it('finds an order by #number, number and name, and maps it', async () => {
    const client = tokenClient();
    const byHash = await client.findOrderByName('#1001');
    expect(byHash?.order.name).toBeTruthy();
    const byNumber = await client.findOrderByName('1001');
    expect(byNumber?.order.id).toBe(byHash?.order.id);
    const byName = await client.findOrderByName(byHash!.order.name);
    expect(byName?.order.id).toBe(byHash?.order.id);
    expect(byHash?.shopTimezone).toContain('/');
    const mapped = mapOrderToLookup(byHash!.order, byHash!.shopTimezone);
    expect(mapped.order_number).toBe(1001);
    expect(mapped.line_items.length).toBeGreaterThan(0);
    expect(await client.findOrderByName('#99999999')).toBeNull();
  });

  it('keeps every query under the 1000-point single-query cap', async () => {
    const client = tokenClient();
    expect((await client.listOrders()).nodes.length).toBe(10);
    expect((await client.listOrderTotals({ first: 250 })).nodes.length).toBeGreaterThan(10);
    expect((await client.listCustomers()).nodes.length).toBeGreaterThan(0);
    expect((await client.listProducts()).nodes.length).toBeGreaterThan(0);
  });

  it('pages through orders with cursors', async () => {
    const client = tokenClient();
    const first = await client.listOrders({ first: 5 });
    expect(first.nodes).toHaveLength(5);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = await client.listOrders({ first: 5, after: first.pageInfo.endCursor });
    expect(second.nodes[0]?.id).not.toBe(first.nodes[0]?.id);
  });

  it('runs the client-credentials grant and caches the token', async () => {
    const client = createShopifyClient({
      tokens,
      baseUrl,
      auth: {
        kind: 'client_credentials',
        clientId: DEMO_SECRETS.shopify.clientId,
        clientSecret: DEMO_SECRETS.shopify.clientSecret,
      },
      sleep: fastSleep,
    });
    expect((await client.getShop()).name).toBeTruthy();
    expect((await client.getShop()).name).toBeTruthy();
    const bad = createShopifyClient({
      tokens,
      baseUrl,
      auth: { kind: 'client_credentials', clientId: 'nope', clientSecret: 'wrong' },
      sleep: fastSleep,
    });
    await expect(bad.getShop()).rejects.toMatchObject({ kind: 'auth', message: /API key and secret/ });
  });

  it('reports a bad token as auth and an unknown shop as not_found', async () => {
    await expect(tokenClient({ accessToken: 'shpat_wrong' }).getShop()).rejects.toMatchObject({
      kind: 'auth',
      status: 401,
    });
    await expect(
      tokenClient({ baseUrl: `${origin}/store/nobody.myshopify.com` }).getShop(),
    ).rejects.toMatchObject({
      kind: 'not_found',
    });
  });

  it('waits out THROTTLED responses using the cost block', async () => {
    emulator.faults.set({ throttlePressure: 0.999 });
    // The bucket "restores" while the client waits: lift the pressure at its first wait, so the
    // test does not depend on how fast a loaded machine gets the first request out.
    const client = createShopifyClient({
      tokens,
      baseUrl,
      auth: { kind: 'access_token', accessToken: DEMO_SECRETS.shopify.accessToken },
      sleep: async (ms) => {
        emulator.faults.set({ throttlePressure: 0 });
        await fastSleep(ms);
      },
    });
    const page = await client.listOrders({ first: 10 });
    expect(page.nodes.length).toBe(10);
    expect(waits.some((ms) => ms >= 1000)).toBe(true);
  });

  it('gives up on a permanent throttle with a rate_limited error', async () => {
    emulator.faults.set({ throttlePressure: 1 });
    const error = await tokenClient()
      .listOrders({ first: 10 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).kind).toBe('rate_limited');
  });

  it('retries 5xx and reports persistent ones as unavailable', async () => {
    emulator.faults.set({ errorRate: 1 });
    await expect(tokenClient().getShop()).rejects.toMatchObject({ kind: 'unavailable' });
    expect(waits.length).toBeGreaterThan(0);
    emulator.faults.set({ errorRate: 0.5 });
    expect((await tokenClient().getShop()).name).toBeTruthy();
  });

  it('times out hung requests', async () => {
    emulator.faults.set({ hangRate: 1 });
    const error = await tokenClient({ timeoutMs: 200 })
      .getShop()
      .catch((e: unknown) => e);
    emulator.faults.releaseHung();
    expect((error as UpstreamError).kind).toBe('timeout');
  });

  it('reads the granted scopes, and the grant reports them too', async () => {
    const needed = SHOPIFY_SCOPES.map((need) => need.scope);
    expect((await readGrantedScopes(tokenClient())).sort()).toEqual([...needed].sort());
    emulator.accessScopes.set(['read_orders', 'write_products']);
    expect(await readGrantedScopes(tokenClient())).toEqual(['read_orders', 'write_products']);
    const grant = await fetch(`${baseUrl}/admin/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: DEMO_SECRETS.shopify.clientId,
        client_secret: DEMO_SECRETS.shopify.clientSecret,
      }),
    });
    expect(await grant.json()).toMatchObject({ scope: 'read_orders,write_products', expires_in: 86399 });
  });

  it('answers ACCESS_DENIED naming the scope a query lacks', async () => {
    emulator.accessScopes.set(['read_orders', 'read_products', 'read_customers', 'read_locations']);
    const error = await tokenClient()
      .listProducts()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'permission', upstreamCode: 'ACCESS_DENIED' });
    expect((error as UpstreamError).message).toMatch(/missing the read_inventory access scope/);
    emulator.accessScopes.set(['read_products', 'read_inventory']);
    await expect(tokenClient().listProducts()).rejects.toMatchObject({
      message: /missing the read_locations access scope/,
    });
    await expect(tokenClient().listCustomers()).rejects.toMatchObject({
      message: /missing the read_customers access scope/,
    });
  });

  it('serves only the last 60 days of orders without read_all_orders', async () => {
    const oldestCreatedAt = async () => {
      const page = await tokenClient().query(
        'query { orders(first: 1, sortKey: CREATED_AT) { nodes { createdAt } } ordersCount(limit: null) { count } }',
        {},
        z.object({
          orders: z.object({ nodes: z.array(z.object({ createdAt: z.string() })) }),
          ordersCount: z.object({ count: z.number() }),
        }),
      );
      return { oldest: Date.parse(page.orders.nodes[0]!.createdAt), count: page.ordersCount.count };
    };
    const all = await oldestCreatedAt();
    emulator.accessScopes.set(SHOPIFY_SCOPES.map((n) => n.scope).filter((s) => s !== 'read_all_orders'));
    const recent = await oldestCreatedAt();
    const windowStart = Date.now() - 60 * 86_400_000;
    expect(all.oldest).toBeLessThan(windowStart - 86_400_000); // the store reaches back 90 days
    expect(recent.oldest).toBeGreaterThanOrEqual(windowStart - 60_000);
    expect(recent.count).toBeLessThan(all.count);
    expect(recent.count).toBeGreaterThan(0);
  });

  it('creates webhook subscriptions by uri and deletes them', async () => {
    const client = tokenClient();
    const Created = z.object({
      webhookSubscriptionCreate: z.object({
        webhookSubscription: z.object({ id: z.string(), uri: z.string() }).nullable(),
        userErrors: z.array(z.object({ message: z.string() })),
      }),
    });
    const create = `mutation($topic: WebhookSubscriptionTopic!, $sub: WebhookSubscriptionInput!) {
      webhookSubscriptionCreate(topic: $topic, webhookSubscription: $sub) { webhookSubscription { id uri } userErrors { message } } }`;
    const uri = 'https://upside.example/api/webhooks/shopify';
    const before = emulator.webhookSubscriptions.size;
    const made = await client.query(
      create,
      { topic: 'ORDERS_CREATE', sub: { uri, format: 'JSON' } },
      Created,
    );
    expect(made.webhookSubscriptionCreate.webhookSubscription?.uri).toBe(uri);
    expect(emulator.webhookSubscriptions.callbacksFor('ORDERS_CREATE')).toContain(uri);
    const again = await client.query(create, { topic: 'ORDERS_CREATE', sub: { uri } }, Created);
    expect(again.webhookSubscriptionCreate.userErrors[0]?.message).toMatch(/already been taken/);
    const deleted = await client.query(
      'mutation($id: ID!) { webhookSubscriptionDelete(id: $id) { deletedWebhookSubscriptionId userErrors { message } } }',
      { id: made.webhookSubscriptionCreate.webhookSubscription!.id },
      z.object({
        webhookSubscriptionDelete: z.object({ deletedWebhookSubscriptionId: z.string().nullable() }),
      }),
    );
    expect(deleted.webhookSubscriptionDelete.deletedWebhookSubscriptionId).toBe(
      made.webhookSubscriptionCreate.webhookSubscription!.id,
    );
    expect(emulator.webhookSubscriptions.size).toBe(before);
  });
});
