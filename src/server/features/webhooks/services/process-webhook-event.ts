import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { WEBHOOK_PAYLOAD_SCHEMAS, WebhookTopicSchema } from '../../../../shared/contracts/webhooks.ts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import type { ShopContext } from '../../../domain/warehouse/shopify-rows.ts';
import type { VaultKeyring } from '../../../vault/cipher.ts';
import { applyInventoryLevel, applyProduct } from './apply-catalog.ts';
import { applyOrder, applyRefund } from './apply-order.ts';
import { exportCustomerData, redactCustomer, redactShop } from './compliance.ts';
import { uninstallApp } from './uninstall-app.ts';

const EventRow = z.object({
  event_id: z.string(),
  topic: WebhookTopicSchema,
  payload: z.unknown(),
  processed_at: z.string().nullable(),
});

const ShopRow = z.object({
  currency_code: z.string(),
  currency_digits: z.number(),
  iana_timezone: z.string(),
});

async function loadShop(db: Db, workspaceId: string, now: Date): Promise<ShopContext | null> {
  const [shop] = await queryRows(
    db,
    ShopRow,
    sql`SELECT currency_code, currency_digits, iana_timezone FROM wh_shops WHERE workspace_id = ${workspaceId}`,
  );
  if (!shop) return null;
  return {
    workspaceId,
    currencyCode: shop.currency_code,
    currencyDigits: shop.currency_digits,
    timeZone: shop.iana_timezone,
    syncedAt: now.toISOString(),
  };
}

/** Topics whose applied rows the daily P&L rollup reads (orders, their lines and refunds). */
const LIVE_ORDER_TOPICS = new Set(['orders/create', 'orders/updated', 'refunds/create']);

/**
 * One more order change since the last sync: part of the P&L rollup's version
 * (domain/profit/profit-queries.ts), so /api/profit and the Today card rebuild to include it.
 */
async function countLiveOrderChange(db: Db, workspaceId: string, now: Date): Promise<void> {
  await db.execute(
    sql`INSERT INTO live_order_versions (workspace_id, version, changed_at) VALUES (${workspaceId}, 1, ${now.toISOString()})
        ON CONFLICT (workspace_id) DO UPDATE SET version = live_order_versions.version + 1, changed_at = EXCLUDED.changed_at`,
  );
}

/**
 * The job's work for one stored event: applies it by topic, touching only the rows it names (its
 * order with that order's day and customer, a product, an inventory level), then marks it done
 * and clears its payload. Data topics wait for the first sync to have stored the shop (its
 * currency and time zone); before that they are skipped, since that sync's backfill brings the
 * same data. Running it twice does nothing the second time.
 */
export async function processWebhookEvent(
  db: Db,
  args: { workspaceId: string; eventRowId: number; now: Date; keyring: VaultKeyring },
): Promise<{ topic: string; outcome: string }> {
  const [event] = await queryRows(
    db,
    EventRow,
    sql`SELECT event_id, topic, payload, processed_at::text FROM webhook_events
        WHERE id = ${args.eventRowId} AND workspace_id = ${args.workspaceId}`,
  );
  if (!event || event.processed_at !== null || event.payload === null) {
    return { topic: event?.topic ?? 'unknown', outcome: 'already processed' };
  }
  const payload = typeof event.payload === 'string' ? JSON.parse(event.payload) : event.payload;
  const { workspaceId, now } = args;
  const ids = { workspaceId, eventId: event.event_id, now };
  const outcome = await (async (): Promise<string> => {
    switch (event.topic) {
      case 'customers/redact':
        return redactCustomer(db, {
          ...ids,
          customerId: WEBHOOK_PAYLOAD_SCHEMAS[event.topic].parse(payload).customer.id,
        });
      case 'customers/data_request':
        return exportCustomerData(db, {
          ...ids,
          customerId: WEBHOOK_PAYLOAD_SCHEMAS[event.topic].parse(payload).customer.id,
        });
      case 'shop/redact':
        return redactShop(db, ids);
      case 'app/uninstalled':
        return uninstallApp(db, args.keyring, { workspaceId, now });
      default:
        break;
    }
    const shop = await loadShop(db, workspaceId, now);
    if (!shop) return 'skipped: the shop has not been synced yet';
    switch (event.topic) {
      case 'orders/create':
      case 'orders/updated':
        return applyOrder(db, shop, WEBHOOK_PAYLOAD_SCHEMAS[event.topic].parse(payload));
      case 'refunds/create':
        return applyRefund(db, shop, WEBHOOK_PAYLOAD_SCHEMAS[event.topic].parse(payload));
      case 'products/update':
        return applyProduct(db, shop, WEBHOOK_PAYLOAD_SCHEMAS[event.topic].parse(payload));
      case 'inventory_levels/update':
        return applyInventoryLevel(db, shop, WEBHOOK_PAYLOAD_SCHEMAS[event.topic].parse(payload));
    }
  })();
  if (LIVE_ORDER_TOPICS.has(event.topic)) await countLiveOrderChange(db, workspaceId, now);
  await db.execute(
    sql`UPDATE webhook_events SET processed_at = ${now.toISOString()}, outcome = ${outcome}, payload = NULL
        WHERE id = ${args.eventRowId} AND workspace_id = ${workspaceId} AND processed_at IS NULL`,
  );
  return { topic: event.topic, outcome };
}
