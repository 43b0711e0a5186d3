/** The customers stream: bulk backfill, then incremental pages by updated_at. */
import type { ShopifyClient } from '../../connectors/shopify/client.ts';
import type { SyncSession } from './run-source-sync.ts';
import { startBulkQuery, streamBulkResult } from './shopify-bulk.ts';
import {
  BULK_CUSTOMERS_QUERY,
  SYNC_CUSTOMERS_QUERY,
  SyncCustomerSchema,
  SyncCustomersDataSchema,
} from './shopify-documents.ts';
import { waitForExport } from './shopify-orders.ts';
import { CUSTOMER_SPEC, mapCustomer, type ShopContext } from './shopify-rows.ts';
import { CUSTOMER_PAGE_SIZE, later, OVERLAP_MS, type StreamCursor } from './shopify-stream-cursor.ts';
import { type UpsertRow, upsertRows } from './upsert-rows.ts';

export async function bulkCustomers(
  session: SyncSession,
  client: ShopifyClient,
  shop: ShopContext,
  state: StreamCursor,
): Promise<void> {
  let current = state;
  if (!current.bulkId) {
    const startedAt = session.now().toISOString();
    const bulkId = await startBulkQuery(client, BULK_CUSTOMERS_QUERY);
    current = { phase: 'bulk', bulkId, bulkStartedAt: startedAt, bulkLinesDone: 0 };
    await session.commitPage(async () => 0, { customers: current });
  }
  const result = await waitForExport(session, client, 'customers', current);
  const done = current.bulkLinesDone ?? 0;
  let batch: UpsertRow[] = [];
  let lastLine = done - 1;
  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    await session.commitPage((db) => upsertRows(db, CUSTOMER_SPEC, rows), {
      customers: { ...current, bulkLinesDone: lastLine + 1 },
    });
  };
  if (result.url) {
    await streamBulkResult(
      result.url,
      async (value, lineNumber) => {
        if (lineNumber < done) return;
        batch.push(mapCustomer(shop, SyncCustomerSchema.parse(value)));
        lastLine = lineNumber;
        if (batch.length >= 5_000) await flush();
        session.throwIfAborted();
      },
      { signal: session.signal },
    );
  }
  await flush();
  await session.commitPage(async () => 0, {
    customers: {
      phase: 'incremental',
      updatedFrom: new Date(
        Date.parse(current.bulkStartedAt ?? session.now().toISOString()) - 5 * 60_000,
      ).toISOString(),
      after: null,
      maxSeen: null,
    } satisfies StreamCursor,
  });
}

export async function incrementalCustomers(
  session: SyncSession,
  client: ShopifyClient,
  shop: ShopContext,
  state: StreamCursor,
): Promise<void> {
  let { after = null, maxSeen = null } = state;
  const updatedFrom = state.updatedFrom ?? null;
  for (;;) {
    session.throwIfAborted();
    const data = await client.query(
      SYNC_CUSTOMERS_QUERY,
      { first: CUSTOMER_PAGE_SIZE, after, query: updatedFrom ? `updated_at:>='${updatedFrom}'` : null },
      SyncCustomersDataSchema,
    );
    const rows = data.customers.nodes.map((customer) => mapCustomer(shop, customer));
    for (const customer of data.customers.nodes)
      maxSeen = later(maxSeen, customer.updatedAt ?? customer.createdAt);
    const { hasNextPage, endCursor } = data.customers.pageInfo;
    const nextAfter = hasNextPage && endCursor ? endCursor : null;
    await session.commitPage((db) => upsertRows(db, CUSTOMER_SPEC, rows), {
      customers: { phase: 'incremental', updatedFrom, after: nextAfter, maxSeen } satisfies StreamCursor,
    });
    if (!nextAfter) break;
    after = nextAfter;
  }
  const nextFrom = maxSeen ? new Date(Date.parse(maxSeen) - OVERLAP_MS).toISOString() : updatedFrom;
  await session.commitPage(async () => 0, {
    customers: {
      phase: 'incremental',
      updatedFrom: nextFrom,
      after: null,
      maxSeen: null,
    } satisfies StreamCursor,
  });
}
