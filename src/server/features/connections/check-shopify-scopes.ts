import { and, eq, sql } from 'drizzle-orm';
import type { ShopifyScopesResponse } from '../../../shared/contracts/shopify.ts';
import { readGrantedScopes } from '../../connectors/shopify/access-scopes.ts';
import { syncStates } from '../../db/schema/jobs.ts';
import { requireShopifyClient } from '../../domain/credentials/manage-shopify-credentials.ts';
import { describeScopes, scopeInfo } from '../../domain/credentials/shopify-scope-info.ts';
import { enqueue, SYNC_JOBS } from '../../jobs/catalogue.ts';
import type { IntegrationContext } from '../../platform/integrations/integration-context.ts';
import { toAppError } from '../../platform/integrations/upstream-failure.ts';
import { updateCredentialVerification } from '../../vault/credential-store.ts';

/**
 * GET /api/shopify/scopes: reads the granted scopes now, stores them on the credential, and —
 * when read_all_orders has just been granted — restarts the orders backfill so the history
 * Shopify hid before is read.
 */
export async function checkShopifyScopes(
  context: IntegrationContext,
  workspaceId: string,
): Promise<ShopifyScopesResponse> {
  const { client, stored } = await requireShopifyClient(context, workspaceId);
  const granted = await readGrantedScopes(client).catch((error: unknown) => {
    throw toAppError(error);
  });
  const now = context.now();
  const before = String(stored.publicInfo.missingScopes ?? '').split(',');
  const info = scopeInfo(granted);
  await updateCredentialVerification(context.db, {
    workspaceId,
    provider: 'shopify',
    status: 'verified',
    lastError: null,
    verifiedAt: now,
    publicInfo: { ...stored.publicInfo, ...info },
    now,
  });
  const nowHasAllOrders = !String(info.missingScopes).split(',').includes('read_all_orders');
  if (before.includes('read_all_orders') && nowHasAllOrders) {
    await context.db
      .update(syncStates)
      .set({ cursor: sql`jsonb_set(${syncStates.cursor}, '{orders}', '{"phase":"bulk"}'::jsonb)` })
      .where(and(eq(syncStates.workspaceId, workspaceId), eq(syncStates.source, 'shopify')));
    await enqueue(context.db, SYNC_JOBS.shopify, { workspaceId, reason: 'connect' }, { now });
  }
  return describeScopes(granted, now);
}
