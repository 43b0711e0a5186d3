import { createHmac, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEMO_SECRETS } from '../../src/demo/credentials.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { runJobsUntilIdle } from '../../src/server/jobs/worker.ts';
import type { DataRequestExportList } from '../../src/shared/contracts/webhooks.ts';
import { type DemoTestApp, startConnectedDemoApp } from '../support/start-demo-app.ts';

/**
 * Shopify's compliance webhooks over real HTTP with the demo store synced: customers/redact
 * anonymises the customer in every table (orders stay, with the anonymous customer) and a full
 * re-sync from Shopify does not bring the data back; customers/data_request prepares an export
 * the owner downloads; shop/redact deletes the store's data. Each is in the audit log.
 */

let app: DemoTestApp;
let owner: string;
let workspaceId: string;

async function deliver(topic: string, payload: unknown): Promise<Response> {
  const body = JSON.stringify(payload);
  return fetch(`${app.baseUrl}/api/webhooks/shopify`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': topic,
      'x-shopify-shop-domain': DEMO_SECRETS.shopify.shopDomain,
      'x-shopify-hmac-sha256': createHmac('sha256', DEMO_SECRETS.shopify.clientSecret)
        .update(body)
        .digest('base64'),
      'x-shopify-event-id': randomUUID(),
    },
    body,
  });
}

const CustomerRow = z.object({
  customer_id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  orders: z.number(),
});

/** Customers with an e-mail and at least one order. */
const customersWithOrders = () =>
  queryRows(
    app.db,
    CustomerRow,
    sql`SELECT c.customer_id::text, c.email, c.first_name, c.last_name, count(o.order_id)::int AS orders
        FROM wh_customers c JOIN wh_orders o ON o.workspace_id = c.workspace_id AND o.customer_id = c.customer_id
        WHERE c.email IS NOT NULL AND c.last_name IS NOT NULL
        GROUP BY 1, 2, 3, 4 ORDER BY count(o.order_id) DESC, 1 LIMIT 2`,
  );

const ColumnRow = z.object({ table_name: z.string(), column_name: z.string() });

const HitRow = z.object({ n: z.number() });

/** Every text or JSON column of every table whose value contains `needle` (as table.column). */
async function placesHolding(needle: string): Promise<string[]> {
  const columns = await queryRows(
    app.db,
    ColumnRow,
    sql`SELECT c.table_name, c.column_name FROM information_schema.columns c
        JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
          AND c.data_type IN ('text', 'character varying', 'jsonb', 'json')`,
  );
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    const [hit] = await queryRows(
      app.db,
      HitRow,
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table_name)}
          WHERE ${sql.identifier(column_name)}::text ILIKE ${`%${needle}%`}`,
    );
    if (hit && hit.n > 0) found.push(`${table_name}.${column_name}`);
  }
  return found;
}

beforeAll(async () => {
  ({ app, owner, workspaceId } = await startConnectedDemoApp(7));
}, 600_000);

afterAll(async () => {
  await app?.close();
});

const RevenueBeforeRow = z.object({ total: z.string() });

const OrderRow = z.object({ n: z.number() });

const CheckRow = z.object({
  email: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
});

const QueryRow2 = z.object({ total: z.string() });

const ResyncedRow = z.object({ n: z.number() });

describe('customers/redact', () => {
  it('anonymises the customer everywhere, keeps the orders, and survives a full re-sync', async () => {
    const [customer] = await customersWithOrders();
    expect(customer).toBeDefined();
    expect(await placesHolding(customer!.email)).toEqual(['wh_customers.email']);
    const revenueBefore = await queryRows(
      app.db,
      RevenueBeforeRow,
      sql`SELECT sum(total_minor)::text AS total FROM wh_orders WHERE workspace_id = ${workspaceId}`,
    );
    const response = await deliver('customers/redact', {
      shop_id: 1,
      shop_domain: DEMO_SECRETS.shopify.shopDomain,
      customer: { id: Number(customer!.customer_id), email: customer!.email, phone: null },
      orders_to_redact: [],
    });
    expect(response.status).toBe(200);
    await runJobsUntilIdle(app.server.deps);

    const check = async () => {
      expect(await placesHolding(customer!.email)).toEqual([]);
      const [orders] = await queryRows(
        app.db,
        OrderRow,
        sql`SELECT count(*)::int AS n FROM wh_orders WHERE workspace_id = ${workspaceId}
            AND customer_id = ${customer!.customer_id}::bigint`,
      );
      expect(orders!.n).toBe(customer!.orders);
      const [row] = await queryRows(
        app.db,
        CheckRow,
        sql`SELECT email, first_name, last_name FROM wh_customers WHERE workspace_id = ${workspaceId}
            AND customer_id = ${customer!.customer_id}::bigint`,
      );
      expect(row).toEqual({ email: null, first_name: null, last_name: null });
    };
    await check();
    expect(
      await queryRows(
        app.db,
        QueryRow2,
        sql`SELECT sum(total_minor)::text AS total FROM wh_orders WHERE workspace_id = ${workspaceId}`,
      ),
    ).toEqual(revenueBefore);

    // Forget every cursor, so the next sync reads every customer and order from Shopify again.
    await app.db.execute(sql`UPDATE sync_states SET cursor = '{}'::jsonb WHERE source = 'shopify'`);
    const run = await app.request('/api/sync/run', {
      method: 'POST',
      cookie: owner,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ source: 'shopify' }),
    });
    expect(run.status).toBeLessThan(300);
    await runJobsUntilIdle(app.server.deps);
    const [resynced] = await queryRows(
      app.db,
      ResyncedRow,
      sql`SELECT count(*)::int AS n FROM wh_customers WHERE workspace_id = ${workspaceId} AND email IS NOT NULL`,
    );
    expect(resynced!.n).toBeGreaterThan(100);
    await check();
  }, 600_000);
});

describe('customers/data_request', () => {
  it('prepares an export of what Upside holds, for the owner to download', async () => {
    const [, customer] = await customersWithOrders();
    const response = await deliver('customers/data_request', {
      shop_domain: DEMO_SECRETS.shopify.shopDomain,
      customer: { id: Number(customer!.customer_id), email: customer!.email, phone: null },
      orders_requested: [],
      data_request: { id: 42 },
    });
    expect(response.status).toBe(200);
    await runJobsUntilIdle(app.server.deps);
    const list = (await (
      await app.request('/api/compliance/data-requests', { cookie: owner })
    ).json()) as DataRequestExportList;
    expect(list.exports).toHaveLength(1);
    expect(list.exports[0]!.customerId).toBe(customer!.customer_id);
    const download = await app.request(`/api/compliance/data-requests/${list.exports[0]!.id}`, {
      cookie: owner,
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/attachment/);
    const content = (await download.json()) as { profile: { email: string }; orders: unknown[] };
    expect(content.profile.email).toBe(customer!.email);
    expect(content.orders).toHaveLength(customer!.orders);
    expect((await app.request(`/api/compliance/data-requests/${list.exports[0]!.id}`)).status).toBe(401);
  });
});

const QueryRow3 = z.object({ n: z.number() });

const ProviderRow = z.object({ provider: z.string() });

const AuditRow = z.object({ topic: z.string() });

describe('shop/redact', () => {
  it("deletes the store's data and records every request in the audit log", async () => {
    const response = await deliver('shop/redact', {
      shop_id: 1,
      shop_domain: DEMO_SECRETS.shopify.shopDomain,
    });
    expect(response.status).toBe(200);
    await runJobsUntilIdle(app.server.deps);
    for (const table of [
      'wh_orders',
      'wh_customers',
      'wh_order_line_items',
      'wh_products',
      'wh_shops',
      'wh_fact_order_days',
      'wh_fact_customer_orders',
      'wh_fact_dirty_days',
    ]) {
      const [row] = await queryRows(
        app.db,
        QueryRow3,
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE workspace_id = ${workspaceId}`,
      );
      expect(row!.n, table).toBe(0);
    }
    // The Shopify connection goes too; GA4 and the ad platforms (Meta, Google Ads, TikTok since
    // demo mode connects them) are other services' data and stay.
    const providers = await queryRows(
      app.db,
      ProviderRow,
      sql`SELECT provider FROM credentials WHERE workspace_id = ${workspaceId} ORDER BY provider`,
    );
    expect(providers.map((row) => row.provider)).toEqual(['ga4', 'google_ads', 'meta', 'tiktok_ads']);
    const audit = await queryRows(
      app.db,
      AuditRow,
      sql`SELECT topic FROM compliance_audit_log WHERE workspace_id = ${workspaceId} ORDER BY id`,
    );
    expect(audit.map((row) => row.topic)).toEqual([
      'customers/redact',
      'customers/data_request',
      'shop/redact',
    ]);
  });
});
