/**
 * Shopify → warehouse. Per run: the shop (currency, time zone), products/variants with today's
 * inventory snapshot, then customers and orders. A stream's first run is a backfill through a
 * bulk operation (paging when the shop refuses bulk); later runs read only what changed
 * (`updated_at:>=` the last run's high-water mark, minus a minute of overlap). Every page is
 * committed with its cursor, so a failed run resumes where it stopped; upserts make re-reads
 * harmless.
 */
import { sql } from 'drizzle-orm';
import { loadCostBook } from '../../../domain/costs/load-cost-book.ts';
import type { SyncOutcome, SyncSession } from '../run-source-sync.ts';
import { syncTuning } from '../sync-tuning.ts';
import { BulkLostError, BulkUnsupportedError } from './shopify-bulk.ts';
import { bulkCustomers, incrementalCustomers } from './shopify-customers.ts';
import { bulkOrders, incrementalOrders } from './shopify-orders.ts';
import { loadShopifyClient, syncProducts, writeShop } from './shopify-shop-and-products.ts';
import { readStream, type StreamCursor } from './shopify-stream-cursor.ts';

/** Runs a stream's bulk phase, falling back to full paging when bulk is refused, restarting a lost export once. */
async function runStream(
  session: SyncSession,
  name: 'orders' | 'customers',
  bulk: (state: StreamCursor) => Promise<unknown>,
  incremental: (state: StreamCursor) => Promise<void>,
): Promise<void> {
  let state = readStream(session.cursor, name);
  if (state.phase === 'bulk' && !syncTuning.bulk) state = { phase: 'incremental', updatedFrom: null };
  if (state.phase === 'bulk') {
    try {
      await bulk(state);
    } catch (error) {
      if (error instanceof BulkLostError) {
        await session.commitPage(async () => 0, { [name]: { phase: 'bulk' } });
        await bulk({ phase: 'bulk' });
      } else if (error instanceof BulkUnsupportedError) {
        await session.commitPage(async () => 0, { [name]: { phase: 'incremental', updatedFrom: null } });
      } else {
        throw error;
      }
    }
    const stored = await session.deps.db.execute(
      sql`SELECT cursor -> ${name} AS stream FROM sync_states WHERE workspace_id = ${session.workspaceId} AND source = 'shopify'`,
    );
    const row = (stored as unknown as { rows: Array<{ stream: StreamCursor | string | null }> }).rows[0];
    const value = row?.stream;
    state = (typeof value === 'string' ? (JSON.parse(value) as StreamCursor) : value) ?? {
      phase: 'incremental',
    };
  }
  await incremental(state);
}

export async function syncShopify(session: SyncSession): Promise<SyncOutcome> {
  const startedAt = session.now();
  const { client, shopDomain } = await loadShopifyClient(session);
  const shop = await writeShop(session, client, shopDomain);
  await syncProducts(session, client, shop);
  await runStream(
    session,
    'customers',
    (state) => bulkCustomers(session, client, shop, state),
    (state) => incrementalCustomers(session, client, shop, state),
  );
  // Loaded after products: the ledger then holds the Shopify costs this run saw.
  const book = await loadCostBook(session.deps.db, session.workspaceId);
  await runStream(
    session,
    'orders',
    (state) => bulkOrders(session, client, shop, book, state),
    (state) => incrementalOrders(session, client, shop, book, state),
  );
  return { dataThrough: startedAt, backfillCompleted: true };
}
