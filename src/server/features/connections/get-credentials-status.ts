import type { CredentialsStatus } from '../../../shared/contracts/credentials.ts';
import type { SyncSource } from '../../../shared/contracts/sync.ts';
import { readSyncStatus } from '../../domain/sync/read-sync-status.ts';
import type { IntegrationContext } from '../../platform/integrations/integration-context.ts';
import { listCredentialSummaries } from '../../vault/credential-store.ts';

/**
 * GET /api/credentials/status: which sources are stored (and verified), and each one's health as
 * the data-freshness panel judges it (one judgement, {@link readSyncStatus}); no decryption.
 */
export async function getCredentialsStatus(
  context: IntegrationContext,
  workspaceId: string,
  intervalMinutes: number,
): Promise<CredentialsStatus> {
  const [summaries, sync] = await Promise.all([
    listCredentialSummaries(context.db, workspaceId),
    readSyncStatus(context.db, workspaceId, context.now(), intervalMinutes),
  ]);
  const stored = (provider: SyncSource) => summaries.some((s) => s.provider === provider);
  const verified = (provider: SyncSource) =>
    summaries.some((s) => s.provider === provider && s.status === 'verified');
  const health = (source: SyncSource) => sync.sources.find((s) => s.source === source)!.health;
  return {
    shopify: stored('shopify'),
    ga4: stored('ga4'),
    meta: stored('meta'),
    verified: { shopify: verified('shopify'), ga4: verified('ga4'), meta: verified('meta') },
    health: { shopify: health('shopify'), ga4: health('ga4'), meta: health('meta') },
  };
}
