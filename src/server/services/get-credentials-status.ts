import type { CredentialsStatus } from '../../shared/contracts/credentials.ts';
import { listCredentialSummaries } from '../vault/credential-store.ts';
import type { IntegrationContext } from './integration-context.ts';

/** GET /api/credentials/status: which sources are stored (and verified); no decryption, one query. */
export async function getCredentialsStatus(
  context: IntegrationContext,
  workspaceId: string,
): Promise<CredentialsStatus> {
  const summaries = await listCredentialSummaries(context.db, workspaceId);
  const stored = (provider: string) => summaries.some((s) => s.provider === provider);
  const verified = (provider: string) =>
    summaries.some((s) => s.provider === provider && s.status === 'verified');
  return {
    shopify: stored('shopify'),
    ga4: stored('ga4'),
    meta: stored('meta'),
    verified: { shopify: verified('shopify'), ga4: verified('ga4'), meta: verified('meta') },
  };
}
