import { createGoogleAdsClient, type GoogleAdsClient } from '../../connectors/google-ads/client.ts';
import { createTikTokClient, type TikTokClient } from '../../connectors/tiktok-ads/client.ts';
import type { IntegrationContext } from '../../platform/integrations/integration-context.ts';
import type { GoogleAdsSecret, TikTokSecret } from '../../vault/credential-store.ts';

/** The Google Ads and TikTok clients of stored (or to-be-stored) credentials, at the context's upstreams. */
export function createGoogleAdsClientFor(
  context: IntegrationContext,
  secret: GoogleAdsSecret,
): GoogleAdsClient {
  return createGoogleAdsClient({
    ...context.upstream.googleAds(secret.customerId),
    ...secret,
    ...(context.upstreamTimeoutMs ? { timeoutMs: context.upstreamTimeoutMs } : {}),
  });
}

export function createTikTokClientFor(context: IntegrationContext, secret: TikTokSecret): TikTokClient {
  return createTikTokClient({
    baseUrl: context.upstream.tiktok(secret.advertiserId),
    ...secret,
    ...(context.upstreamTimeoutMs ? { timeoutMs: context.upstreamTimeoutMs } : {}),
  });
}
