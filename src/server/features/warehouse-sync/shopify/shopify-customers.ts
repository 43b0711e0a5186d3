/** The customers stream: bulk backfill, then incremental pages by updated_at. */
import type { ShopifyClient } from '../../../connectors/shopify/client.ts';
import {
  BULK_CUSTOMERS_QUERY,
  SYNC_CUSTOMERS_QUERY,
  SyncCustomerSchema,
  SyncCustomersDataSchema,
} from '../../../domain/warehouse/shopify-documents.ts';
import { CUSTOMER_SPEC, mapCustomer, type ShopContext } from '../../../domain/warehouse/shopify-rows.ts';
import { type UpsertRow, upsertRows } from '../../../domain/warehouse/upsert-rows.ts';
import type { SyncSession } from '../run-source-sync.ts';
import { startBulkQuery, streamBulkResult } from './shopify-bulk.ts';
import { incrementalAfterBulk, runIncrementalStream } from './shopify-incremental.ts';
import { waitForExport } from './shopify-orders.ts';
import { CUSTOMER_PAGE_SIZE, later, type StreamCursor } from './shopify-stream-cursor.ts';

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
    customers: incrementalAfterBulk(current.bulkStartedAt, session.now()),
  });
}

export async function incrementalCustomers(
  session: SyncSession,
  client: ShopifyClient,
  shop: ShopContext,
  state: StreamCursor,
): Promise<void> {
  await runIncrementalStream(session, 'customers', state, async (after, query) => {
    const data = await client.query(
      SYNC_CUSTOMERS_QUERY,
      { first: CUSTOMER_PAGE_SIZE, after, query },
      SyncCustomersDataSchema,
    );
    const rows = data.customers.nodes.map((customer) => mapCustomer(shop, customer));
    let newest: string | null = null;
    for (const customer of data.customers.nodes)
      newest = later(newest, customer.updatedAt ?? customer.createdAt);
    const { hasNextPage, endCursor } = data.customers.pageInfo;
    return {
      write: (db) => upsertRows(db, CUSTOMER_SPEC, rows),
      newest,
      nextAfter: hasNextPage && endCursor ? endCursor : null,
    };
  });
}
