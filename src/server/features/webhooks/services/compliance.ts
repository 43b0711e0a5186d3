import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { credentialChanged } from '../../../vault/credential-changes.ts';

/**
 * Shopify's mandatory compliance topics (decision 031). Personal data in Upside lives in
 * `wh_customers` (name, e-mail) and, until processed, in stored webhook payloads; orders keep only
 * the customer id. Every request is written to `compliance_audit_log` (ids and counts, no
 * personal data).
 */

async function audit(
  db: Db,
  entry: {
    workspaceId: string;
    topic: string;
    eventId: string;
    customerId: number | null;
    action: string;
    rows: number;
    now: Date;
  },
): Promise<void> {
  await db.execute(
    sql`INSERT INTO compliance_audit_log (workspace_id, topic, event_id, customer_id, action, rows_affected, created_at)
        VALUES (${entry.workspaceId}, ${entry.topic}, ${entry.eventId}, ${entry.customerId}, ${entry.action},
          ${entry.rows}, ${entry.now.toISOString()})`,
  );
}

/** Rows a statement changed (node-postgres says rowCount, PGlite affectedRows). */
function rowCount(result: unknown): number {
  const counts = result as { rowCount?: number | null; affectedRows?: number };
  return counts.rowCount ?? counts.affectedRows ?? 0;
}

/**
 * customers/redact: the customer's name and e-mail are erased in every table and the customer is
 * listed in `redacted_customers`, whose trigger keeps any later write (a sync, a webhook)
 * anonymous. Orders stay, still linked to the now anonymous customer id, so revenue is unchanged.
 * Stored exports of the customer and unprocessed payloads naming them are deleted.
 */
export async function redactCustomer(
  db: Db,
  args: { workspaceId: string; customerId: number; eventId: string; now: Date },
): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`INSERT INTO redacted_customers (workspace_id, customer_id, redacted_at)
          VALUES (${args.workspaceId}, ${args.customerId}, ${args.now.toISOString()})
          ON CONFLICT (workspace_id, customer_id) DO NOTHING`,
    );
    const customers = rowCount(
      await tx.execute(
        sql`UPDATE wh_customers SET first_name = NULL, last_name = NULL, email = NULL
            WHERE workspace_id = ${args.workspaceId} AND customer_id = ${args.customerId}`,
      ),
    );
    const exports = rowCount(
      await tx.execute(
        sql`DELETE FROM customer_data_exports WHERE workspace_id = ${args.workspaceId} AND customer_id = ${args.customerId}`,
      ),
    );
    const payloads = rowCount(
      await tx.execute(
        sql`UPDATE webhook_events SET payload = NULL, processed_at = ${args.now.toISOString()}, outcome = 'redacted'
            WHERE workspace_id = ${args.workspaceId} AND payload IS NOT NULL
              AND (payload -> 'customer' ->> 'id') = ${String(args.customerId)}`,
      ),
    );
    const rows = customers + exports + payloads;
    await audit(tx, {
      workspaceId: args.workspaceId,
      topic: 'customers/redact',
      eventId: args.eventId,
      customerId: args.customerId,
      action: 'anonymised customer; orders kept with the anonymous customer id',
      rows,
      now: args.now,
    });
    return `redacted ${rows} rows`;
  });
}

const ContentRow = z.object({ content: z.unknown() });

/**
 * customers/data_request: everything Upside holds on the customer (profile, orders with lines and
 * refunds) as one JSON document the owner downloads from Settings and sends on to the customer.
 */
export async function exportCustomerData(
  db: Db,
  args: { workspaceId: string; customerId: number; eventId: string; now: Date },
): Promise<string> {
  const [content] = await queryRows(
    db,
    ContentRow,
    sql`SELECT jsonb_build_object(
          'customerId', ${String(args.customerId)}::text,
          'profile', (SELECT to_jsonb(c) - 'workspace_id' FROM wh_customers c
            WHERE c.workspace_id = ${args.workspaceId} AND c.customer_id = ${args.customerId}),
          'orders', coalesce((SELECT jsonb_agg(jsonb_build_object(
              'orderId', o.order_id::text, 'name', o.name, 'createdAt', o.created_at, 'currency', o.currency_code,
              'totalMinor', o.total_minor, 'refundedMinor', o.refunded_minor, 'countryCode', o.country_code,
              'lines', coalesce((SELECT jsonb_agg(jsonb_build_object('title', l.title, 'variantTitle', l.variant_title,
                  'sku', l.sku, 'quantity', l.quantity, 'unitPriceMinor', l.unit_price_minor))
                FROM wh_order_line_items l WHERE l.workspace_id = o.workspace_id AND l.order_id = o.order_id), '[]'::jsonb),
              'refunds', coalesce((SELECT jsonb_agg(jsonb_build_object('createdAt', r.created_at, 'amountMinor', r.amount_minor))
                FROM wh_refunds r WHERE r.workspace_id = o.workspace_id AND r.order_id = o.order_id), '[]'::jsonb))
              ORDER BY o.created_at)
            FROM wh_orders o WHERE o.workspace_id = ${args.workspaceId} AND o.customer_id = ${args.customerId}), '[]'::jsonb)
        ) AS content`,
  );
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`INSERT INTO customer_data_exports (workspace_id, customer_id, content, created_at)
          VALUES (${args.workspaceId}, ${args.customerId}, ${JSON.stringify(content?.content ?? {})}::jsonb,
            ${args.now.toISOString()})`,
    );
    await audit(tx, {
      workspaceId: args.workspaceId,
      topic: 'customers/data_request',
      eventId: args.eventId,
      customerId: args.customerId,
      action: 'export prepared for the owner',
      rows: 1,
      now: args.now,
    });
    return 'export prepared';
  });
}

/** Store tables of a workspace that shop/redact empties (warehouse, analyses, sync state, webhooks). */
const STORE_TABLES = [
  'wh_order_line_items',
  'wh_refund_line_items',
  'wh_order_transactions',
  'wh_order_shipping_costs',
  'wh_refunds',
  'wh_journey_touchpoints',
  'wh_orders',
  'wh_customers',
  // After the orders, lines and refunds: deleting them marks their days.
  'wh_fact_order_days',
  'wh_fact_order_landings',
  'wh_fact_variant_days',
  'wh_fact_refund_days',
  'wh_fact_customer_orders',
  'wh_fact_dirty_days',
  'wh_fact_dirty_customers',
  'wh_inventory_snapshots',
  'wh_cost_ledger',
  'wh_variants',
  'wh_products',
  'wh_shops',
  'profit_daily',
  'profit_rollup_versions',
  'live_order_versions',
  'product_profit_daily',
  'cohort_profit_rollup',
  'contribution_rollup_versions',
  'analysis_runs',
  'opportunities',
  'customer_data_exports',
  'redacted_customers',
  'webhook_subscriptions',
] as const;

/**
 * shop/redact (48 hours after the app was uninstalled): the store's data is deleted from every
 * table, with the Shopify connection itself; the audit log keeps the record of it.
 */
export async function redactShop(
  db: Db,
  args: { workspaceId: string; eventId: string; now: Date },
): Promise<string> {
  const outcome = await db.transaction(async (tx) => {
    let rows = 0;
    for (const table of STORE_TABLES) {
      rows += rowCount(
        await tx.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE workspace_id = ${args.workspaceId}`),
      );
    }
    rows += rowCount(
      await tx.execute(
        sql`DELETE FROM credentials WHERE workspace_id = ${args.workspaceId} AND provider = 'shopify'`,
      ),
    );
    rows += rowCount(
      await tx.execute(
        sql`DELETE FROM sync_states WHERE workspace_id = ${args.workspaceId} AND source = 'shopify'`,
      ),
    );
    rows += rowCount(
      await tx.execute(
        sql`UPDATE webhook_events SET payload = NULL WHERE workspace_id = ${args.workspaceId} AND payload IS NOT NULL`,
      ),
    );
    await audit(tx, {
      workspaceId: args.workspaceId,
      topic: 'shop/redact',
      eventId: args.eventId,
      customerId: null,
      action: 'store data and Shopify connection deleted',
      rows,
      now: args.now,
    });
    return `deleted ${rows} rows`;
  });
  credentialChanged({ workspaceId: args.workspaceId, provider: 'shopify' });
  return outcome;
}
