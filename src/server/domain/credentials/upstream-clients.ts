import { type ServiceAccount, ServiceAccountSchema } from '../../../shared/contracts/credentials.ts';
import { createGa4Client, type Ga4Client } from '../../connectors/ga4/client.ts';
import type { RetryPolicy } from '../../connectors/http/request.ts';
import { createMetaClient, type MetaClient } from '../../connectors/meta/client.ts';
import type { IntegrationContext } from '../../platform/integrations/integration-context.ts';
import type { MetaSecret } from '../../vault/credential-store.ts';

/**
 * The upstream clients of a workspace's stored credentials, pointed at the real API or the demo
 * emulators by the integration context. Shared by the credential services and the sync jobs;
 * this module imports neither, so the sync jobs and the services that queue them stay free of
 * import cycles.
 */
export function createGa4ClientFor(
  context: IntegrationContext,
  propertyId: string,
  account: ServiceAccount,
  tuning: ClientTuning = {},
): Ga4Client {
  const baseUrl = context.upstream.ga4(propertyId, account.token_uri);
  const demo = context.upstream.isDemo('ga4', propertyId) ? context.demo : undefined;
  return createGa4Client({
    baseUrl,
    propertyId,
    // The demo property is found by identity, like its data API: the key file stored at connect
    // names the emulator's port of that start and is signed by that process's key pair; after a
    // restart (issue #36 item 8) only this start's demo service account and token endpoint open it.
    serviceAccount: demo ? ServiceAccountSchema.parse(JSON.parse(demo.ga4.serviceAccountJson)) : account,
    ...(demo ? { tokenUri: `${baseUrl.replace(/\/+$/, '')}/token` } : {}),
    tokens: context.tokens,
    ...clientTuning(context, tuning),
  });
}

/** A sync's own timeout and retry policy (the sync tuning); the context's test timeout wins. */
export interface ClientTuning {
  timeoutMs?: number;
  retry?: Partial<RetryPolicy> | undefined;
}

function clientTuning(context: IntegrationContext, tuning: ClientTuning): ClientTuning {
  const timeoutMs = context.upstreamTimeoutMs ?? tuning.timeoutMs;
  return {
    ...(timeoutMs ? { timeoutMs } : {}),
    ...(tuning.retry ? { retry: tuning.retry } : {}),
  };
}

/** The Meta Marketing API client of a stored Meta credential. */
export function createMetaClientFor(
  context: IntegrationContext,
  secret: MetaSecret,
  tuning: ClientTuning = {},
): MetaClient {
  return createMetaClient({
    baseUrl: context.upstream.meta(secret.adAccountId),
    accessToken: secret.accessToken,
    appSecret: secret.appSecret,
    ...clientTuning(context, tuning),
  });
}
