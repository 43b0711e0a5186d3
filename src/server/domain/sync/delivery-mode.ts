import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type DeliveryMode, DeliveryModeSchema } from '../../../shared/contracts/webhooks.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';

export interface DeliveryState {
  mode: DeliveryMode;
  /** Why Shopify data is polled; null when webhooks are on. */
  reason: string | null;
  callbackUrl: string | null;
  subscriptionIds: string[];
}

const NOT_REGISTERED = 'Webhooks are not registered for this store yet, so Upside polls Shopify.';

const DeliveryStateRow = z.object({
  mode: DeliveryModeSchema,
  reason: z.string().nullable(),
  callback_url: z.string().nullable(),
  subscription_ids: z.union([z.array(z.string()), z.string()]),
});

/** The workspace's Shopify delivery mode (polling until subscriptions were created). */
export async function readDeliveryState(db: Db, workspaceId: string): Promise<DeliveryState> {
  const [row] = await queryRows(
    db,
    DeliveryStateRow,
    sql`SELECT mode, reason, callback_url, subscription_ids FROM webhook_subscriptions WHERE workspace_id = ${workspaceId}`,
  );
  if (!row) return { mode: 'polling', reason: NOT_REGISTERED, callbackUrl: null, subscriptionIds: [] };
  const ids =
    typeof row.subscription_ids === 'string' ? JSON.parse(row.subscription_ids) : row.subscription_ids;
  return {
    mode: row.mode,
    reason: row.reason,
    callbackUrl: row.callback_url,
    subscriptionIds: ids as string[],
  };
}

export async function saveDeliveryState(
  db: Db,
  workspaceId: string,
  state: DeliveryState,
  now: Date,
): Promise<void> {
  await db.execute(
    sql`INSERT INTO webhook_subscriptions (workspace_id, mode, reason, callback_url, subscription_ids, updated_at)
        VALUES (${workspaceId}, ${state.mode}, ${state.reason}, ${state.callbackUrl},
          ${JSON.stringify(state.subscriptionIds)}::jsonb, ${now.toISOString()})
        ON CONFLICT (workspace_id) DO UPDATE SET mode = EXCLUDED.mode, reason = EXCLUDED.reason,
          callback_url = EXCLUDED.callback_url, subscription_ids = EXCLUDED.subscription_ids,
          updated_at = EXCLUDED.updated_at`,
  );
}
