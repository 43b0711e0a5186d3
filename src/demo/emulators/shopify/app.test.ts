import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoEmulators, startDemoEmulators } from '../../start-demo-emulators.ts';

let demo: DemoEmulators;
let endpoint: string;

beforeAll(async () => {
  demo = await startDemoEmulators({ preset: 'small', seed: 42 });
  endpoint = `${demo.baseUrls.shopify}/admin/api/2026-10/graphql.json`;
});
afterAll(async () => {
  await demo.close();
});

interface GraphqlResponse {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
  extensions?: {
    cost: {
      requestedQueryCost: number;
      actualQueryCost: number | null;
      throttleStatus: Record<string, number>;
    };
  };
}

async function gql(
  query: string,
  variables: Record<string, unknown> = {},
  token = demo.credentials.shopify.accessToken,
) {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': token },
    body: JSON.stringify({ query, variables }),
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: (await response.json()) as GraphqlResponse,
  };
}

const ORDERS_QUERY = /* GraphQL */ `
  query Orders($first: Int!, $after: String, $query: String) {
    orders(first: $first, after: $after, query: $query, sortKey: CREATED_AT, reverse: true) {
      pageInfo { hasNextPage endCursor }
      nodes {
        id name number legacyResourceId displayFinancialStatus displayFulfillmentStatus
        currencyCode presentmentCurrencyCode createdAt processedAt cancelledAt test email
        totalPriceSet { shopMoney { amount currencyCode } presentmentMoney { amount currencyCode } }
        subtotalPriceSet { shopMoney { amount currencyCode } }
        totalTaxSet { shopMoney { amount currencyCode } }
        customer { id firstName lastName defaultEmailAddress { emailAddress } }
        shippingAddress { name firstName lastName address1 address2 city province provinceCode zip country countryCodeV2 phone }
        refunds { id createdAt totalRefundedSet { shopMoney { amount } } }
        customerJourneySummary { momentsCount { count } firstVisit { source utmParameters { source medium campaign } } lastVisit { source sourceType landingPage referrerUrl utmParameters { source medium campaign } } }
        lineItems(first: 50) {
          pageInfo { hasNextPage endCursor }
          nodes { id title quantity sku originalUnitPriceSet { shopMoney { amount currencyCode } } }
        }
      }
    }
  }`;

describe('Shopify emulator: contract §1', () => {
  it('answers the shop query with JSON and cost extensions', async () => {
    const { status, contentType, body } = await gql('{ shop { name currencyCode ianaTimezone } }');
    expect(status).toBe(200);
    expect(contentType).toMatch(/^application\/json/);
    expect(body.data).toEqual({
      shop: { name: 'Upside Demo Goods', currencyCode: 'USD', ianaTimezone: 'America/New_York' },
    });
    expect(body.extensions?.cost.throttleStatus).toMatchObject({ maximumAvailable: 2000, restoreRate: 100 });
  });

  it('serves the orders query of §1.5 with shop money in the shop currency and real cursors', async () => {
    const first = await gql(ORDERS_QUERY, { first: 5 });
    expect(first.body.errors).toBeUndefined();
    expect(first.body.extensions?.cost.requestedQueryCost).toBeGreaterThan(
      first.body.extensions?.cost.actualQueryCost ?? 0,
    );
    const orders = first.body.data!.orders as {
      nodes: Record<string, unknown>[];
      pageInfo: { hasNextPage: boolean; endCursor: string };
    };
    expect(orders.nodes).toHaveLength(5);
    expect(orders.pageInfo.hasNextPage).toBe(true);
    for (const order of orders.nodes) {
      expect(order.id).toMatch(/^gid:\/\/shopify\/Order\/\d+$/);
      expect(order.name).toBe(`#${order.number}`);
      expect(order.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      const total = order.totalPriceSet as {
        shopMoney: { amount: string; currencyCode: string };
        presentmentMoney: { currencyCode: string };
      };
      expect(total.shopMoney.currencyCode).toBe('USD');
      expect(total.shopMoney.amount).toMatch(/^\d+\.\d+$/);
      expect(total.presentmentMoney.currencyCode).toBe(order.presentmentCurrencyCode);
    }
    const createdTimes = orders.nodes.map((o) => Date.parse(o.createdAt as string));
    expect([...createdTimes].sort((a, b) => b - a)).toEqual(createdTimes);
    const second = await gql(ORDERS_QUERY, { first: 5, after: orders.pageInfo.endCursor });
    const next = second.body.data!.orders as { nodes: { name: string; createdAt: string }[] };
    expect(Date.parse(next.nodes[0]!.createdAt)).toBeLessThanOrEqual(createdTimes.at(-1)!);
    expect(next.nodes.map((o) => o.name)).not.toContain(orders.nodes[0]!.name);
  });

  it('has presentment currencies other than the shop currency, refunds and journeys with UTM', async () => {
    const light = `query($q: String) { orders(first: 150, query: $q) { nodes { createdAt presentmentCurrencyCode
      refunds { id } customerJourneySummary { lastVisit { utmParameters { source } } } } } }`;
    const { body } = await gql(light, { q: "created_at:>='2026-01-01' created_at:<'2026-06-01'" });
    expect(body.errors).toBeUndefined();
    const nodes = (body.data!.orders as { nodes: Record<string, unknown>[] }).nodes;
    expect(nodes.some((o) => o.presentmentCurrencyCode !== 'USD')).toBe(true);
    expect(nodes.some((o) => (o.refunds as unknown[]).length > 0)).toBe(true);
    const utmSources = nodes.map(
      (o) =>
        (
          o.customerJourneySummary as {
            lastVisit: { utmParameters: { source: string } | null } | null;
          } | null
        )?.lastVisit?.utmParameters?.source,
    );
    expect(utmSources).toContain('facebook');
    for (const o of nodes) {
      const t = Date.parse(o.createdAt as string);
      expect(t).toBeGreaterThanOrEqual(Date.parse('2026-01-01T05:00:00Z'));
      expect(t).toBeLessThan(Date.parse('2026-06-01T04:00:00Z'));
    }
  });

  it('finds an order by name in the three spellings and filters by updated_at', async () => {
    for (const q of ['name:#1005', 'name:1005', "name:'#1005'"]) {
      const { body } = await gql('query($q: String) { orders(first: 1, query: $q) { nodes { name } } }', {
        q,
      });
      expect((body.data!.orders as { nodes: { name: string }[] }).nodes).toEqual([{ name: '#1005' }]);
    }
    const since = '2026-10-20T00:00:00Z';
    const { body } = await gql(
      'query($q: String) { orders(first: 250, query: $q, sortKey: UPDATED_AT) { nodes { updatedAt } } }',
      { q: `updated_at:>='${since}'` },
    );
    const updated = (body.data!.orders as { nodes: { updatedAt: string }[] }).nodes.map((n) =>
      Date.parse(n.updatedAt),
    );
    expect(updated.length).toBeGreaterThan(0);
    expect(updated.every((t) => t >= Date.parse(since))).toBe(true);
    expect([...updated].sort((a, b) => a - b)).toEqual(updated);
  });

  it('serves customers, products, variants and inventory levels', async () => {
    const { body } = await gql(`{
      customers(first: 5) { nodes { id firstName defaultEmailAddress { emailAddress } numberOfOrders amountSpent { amount currencyCode } createdAt } }
      products(first: 2) { pageInfo { hasNextPage } nodes { id title handle status totalInventory
        variants(first: 5) { nodes { id sku price inventoryQuantity
          inventoryItem { id tracked inventoryLevels(first: 1) { nodes { location { id name } quantities(names: ["available", "on_hand", "committed"]) { name quantity } } } } } } } }
    }`);
    const customers = (
      body.data!.customers as { nodes: { numberOfOrders: string; amountSpent: { currencyCode: string } }[] }
    ).nodes;
    expect(customers).toHaveLength(5);
    expect(customers[0]!.amountSpent.currencyCode).toBe('USD');
    const products = (
      body.data!.products as {
        nodes: {
          variants: {
            nodes: { inventoryItem: { inventoryLevels: { nodes: { quantities: { name: string }[] }[] } } }[];
          };
        }[];
      }
    ).nodes;
    const quantities = products[0]!.variants.nodes[0]!.inventoryItem.inventoryLevels.nodes[0]!.quantities.map(
      (q) => q.name,
    );
    expect(quantities).toEqual(['available', 'on_hand', 'committed']);
  });

  it('shows the planted current stock-out as zero available inventory', async () => {
    const truth = demo.groundTruth.stockouts.find((s) => s.endDate === null)!;
    const { body } = await gql(
      'query($id: ID!) { productVariant(id: $id) { inventoryQuantity availableForSale } }',
      { id: truth.variantId },
    );
    expect(body.data!.productVariant).toEqual({ inventoryQuantity: 0, availableForSale: false });
  });

  it('rejects unknown fields and syntax errors in the errors array (HTTP 200)', async () => {
    const unknown = await gql('{ orders(first: 1) { nodes { nope } } }');
    expect(unknown.status).toBe(200);
    expect(unknown.body.data).toBeUndefined();
    expect(unknown.body.errors?.[0]?.message).toBe("Field 'nope' doesn't exist on type 'Order'");
    const syntax = await gql('{ orders(first: 1) { nodes { name ');
    expect(syntax.status).toBe(200);
    expect(syntax.body.errors?.[0]?.message).toMatch(/Syntax Error/);
    const noFirst = await gql('{ orders { nodes { name } } }');
    expect(noFirst.body.errors?.[0]?.message).toBe('you must provide one of first or last');
  });

  it('answers 401 for a bad token, 404 HTML for an unknown shop, 400 for a missing query', async () => {
    const bad = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-access-token': 'shpat_wrong' },
      body: JSON.stringify({ query: '{ shop { name } }' }),
    });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({
      errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
    });
    const unknownShop = await fetch(endpoint.replace('upside-demo.myshopify.com', 'nope.myshopify.com'), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-shopify-access-token': demo.credentials.shopify.accessToken,
      },
      body: JSON.stringify({ query: '{ shop { name } }' }),
    });
    expect(unknownShop.status).toBe(404);
    expect(unknownShop.headers.get('content-type')).toMatch(/text\/html/);
    const missing = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-shopify-access-token': demo.credentials.shopify.accessToken,
      },
      body: '{"not json',
    });
    expect(missing.status).toBe(400);
    expect(missing.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('grants tokens by client credentials with a form or a JSON body', async () => {
    const { apiKey, apiSecret } = demo.credentials.shopify;
    const tokenUrl = `${demo.baseUrls.shopify}/admin/oauth/access_token`;
    const form = await fetch(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: apiKey,
        client_secret: apiSecret,
      }).toString(),
    });
    const formBody = (await form.json()) as { access_token: string; scope: string; expires_in: number };
    expect(form.status).toBe(200);
    expect(formBody.access_token).toMatch(/^shpat_/);
    expect(formBody.expires_in).toBeGreaterThan(0);
    const jsonGrant = await fetch(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: apiKey, client_secret: apiSecret }),
    });
    expect(jsonGrant.status).toBe(200);
    const shop = await gql('{ shop { name } }', {}, formBody.access_token);
    expect(shop.status).toBe(200);
    const wrong = await fetch(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: apiKey, client_secret: 'nope' }),
    });
    expect(wrong.status).toBe(401);
    // The app secret is not an access token.
    expect((await gql('{ shop { name } }', {}, apiSecret)).status).toBe(401);
  });

  it('throttles by cost: THROTTLED as HTTP 200 with a null actual cost', async () => {
    demo.emulators.shopify.faults.set({ throttlePressure: 1 });
    try {
      const { status, body } = await gql('{ shop { name } }');
      expect(status).toBe(200);
      expect(body.errors?.[0]?.extensions?.code).toBe('THROTTLED');
      expect(body.data).toBeUndefined();
      expect(body.extensions?.cost.actualQueryCost).toBeNull();
    } finally {
      demo.emulators.shopify.faults.reset();
    }
    const big = await gql('{ orders(first: 250) { nodes { lineItems(first: 250) { nodes { id } } } } }');
    expect(big.body.errors?.[0]?.extensions?.code).toBe('MAX_COST_EXCEEDED');
  });

  it('runs a bulk operation and serves the JSONL file with __parentId lines', async () => {
    const bulkQuery =
      '{ orders { edges { node { id name lineItems { edges { node { id quantity } } } } } } }';
    const run = await gql(
      'mutation($q: String!) { bulkOperationRunQuery(query: $q) { bulkOperation { id status } userErrors { field message code } } }',
      { q: bulkQuery },
    );
    const payload = run.body.data!.bulkOperationRunQuery as {
      bulkOperation: { id: string; status: string };
      userErrors: unknown[];
    };
    expect(payload.userErrors).toEqual([]);
    expect(payload.bulkOperation.status).toBe('CREATED');
    let current:
      | { status: string; url: string | null; rootObjectCount: string; objectCount: string }
      | undefined;
    for (let i = 0; i < 100; i += 1) {
      const poll = await gql(
        '{ currentBulkOperation(type: QUERY) { id status url rootObjectCount objectCount fileSize } }',
      );
      current = poll.body.data!.currentBulkOperation as typeof current;
      if (current?.status === 'COMPLETED') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(current?.status).toBe('COMPLETED');
    expect(Number(current!.rootObjectCount)).toBe(demo.store.orders.count);
    const file = await fetch(current!.url!);
    const lines = (await file.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string; __parentId?: string });
    expect(lines).toHaveLength(Number(current!.objectCount));
    expect(lines[0]!.id).toMatch(/Order/);
    expect(lines.some((l) => l.__parentId?.startsWith('gid://shopify/Order/'))).toBe(true);
    demo.emulators.shopify.bulkControl.failNext('TIMEOUT');
    await gql('mutation($q: String!) { bulkOperationRunQuery(query: $q) { bulkOperation { id } } }', {
      q: bulkQuery,
    });
    let failed: { status: string; errorCode: string | null } | undefined;
    for (let i = 0; i < 100; i += 1) {
      failed = (await gql('{ currentBulkOperation { status errorCode } }')).body.data!
        .currentBulkOperation as typeof failed;
      if (failed?.status === 'FAILED') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(failed).toEqual({ status: 'FAILED', errorCode: 'TIMEOUT' });
    const invalid = await gql(
      'mutation { bulkOperationRunQuery(query: "{ shop { name } }") { bulkOperation { id } userErrors { code message } } }',
    );
    expect(
      (invalid.body.data!.bulkOperationRunQuery as { userErrors: { code: string }[] }).userErrors[0]!.code,
    ).toBe('INVALID');
  });

  it('injects 5xx errors and latency from the fault knobs', async () => {
    demo.emulators.shopify.faults.set({ errorRate: 1 });
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-shopify-access-token': demo.credentials.shopify.accessToken,
        },
        body: JSON.stringify({ query: '{ shop { name } }' }),
      });
      expect(response.status).toBe(503);
    } finally {
      demo.emulators.shopify.faults.reset();
    }
    demo.emulators.shopify.faults.set({ latencyMs: 150 });
    try {
      const started = performance.now();
      await gql('{ shop { name } }');
      expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    } finally {
      demo.emulators.shopify.faults.reset();
    }
    demo.emulators.shopify.faults.set({ hangRate: 1 });
    try {
      const aborted = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-shopify-access-token': demo.credentials.shopify.accessToken,
        },
        body: JSON.stringify({ query: '{ shop { name } }' }),
        signal: AbortSignal.timeout(200),
      }).then(
        () => 'answered',
        () => 'timed out',
      );
      expect(aborted).toBe('timed out');
    } finally {
      demo.emulators.shopify.faults.reset();
    }
  });
});
