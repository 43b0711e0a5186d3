import type {
  AdPlatformConnectResponse,
  AdPlatformCredentialView,
  GoogleAdsCredentialsRequest,
  TikTokCredentialsRequest,
} from '../../../shared/contracts/ad-platforms.ts';
import { normalizeCustomerId } from '../../connectors/google-ads/client.ts';
import {
  createGoogleAdsClientFor,
  createTikTokClientFor,
} from '../../domain/credentials/ad-platform-clients.ts';
import { enqueue, SYNC_JOBS } from '../../jobs/catalogue.ts';
import type { IntegrationContext } from '../../platform/integrations/integration-context.ts';
import { withUpstreamErrors } from '../../platform/integrations/upstream-failure.ts';
import {
  deleteCredential,
  type GoogleAdsSecret,
  listCredentialSummaries,
  maskSecret,
  saveCredential,
  type TikTokSecret,
} from '../../vault/credential-store.ts';

/**
 * Google Ads and TikTok credentials (issue #39): the connection is tested against the vendor
 * first (Google: token, then the customer's currency and time zone through searchStream; TikTok:
 * advertiser/info), and only a working one is stored, encrypted. A failed test answers the
 * vendor's reason and fix and stores nothing, so it never replaces a working connection.
 */

type AdProvider = 'google_ads' | 'tiktok_ads';

async function store(
  context: IntegrationContext,
  workspaceId: string,
  provider: AdProvider,
  secret: GoogleAdsSecret | TikTokSecret,
  account: AdPlatformConnectResponse['account'],
  masked: Record<string, string | null>,
): Promise<AdPlatformConnectResponse> {
  const now = context.now();
  await saveCredential(context.db, context.keyring, {
    workspaceId,
    provider,
    secret,
    publicInfo: {
      accountId: account.id,
      accountName: account.name,
      currency: account.currency,
      timeZone: account.timeZone,
      ...masked,
    },
    status: 'verified',
    lastError: null,
    verifiedAt: now,
    now,
  });
  await enqueue(context.db, SYNC_JOBS[provider], { workspaceId, reason: 'connect' }, { now });
  return { success: true, account };
}

/** POST /api/credentials/google-ads */
export async function storeGoogleAdsCredentials(
  context: IntegrationContext,
  workspaceId: string,
  input: GoogleAdsCredentialsRequest,
): Promise<AdPlatformConnectResponse> {
  const secret: GoogleAdsSecret = {
    clientId: input.clientId,
    clientSecret: input.clientSecret,
    refreshToken: input.refreshToken,
    customerId: normalizeCustomerId(input.customerId),
    ...(input.loginCustomerId ? { loginCustomerId: normalizeCustomerId(input.loginCustomerId) } : {}),
    ...(input.developerToken ? { developerToken: input.developerToken } : {}),
  };
  const customer = await withUpstreamErrors(() => createGoogleAdsClientFor(context, secret).getCustomer());
  return store(
    context,
    workspaceId,
    'google_ads',
    secret,
    { id: secret.customerId, name: customer.name, currency: customer.currency, timeZone: customer.timeZone },
    {
      clientId: secret.clientId,
      clientSecret: maskSecret(secret.clientSecret),
      refreshToken: maskSecret(secret.refreshToken),
      customerId: secret.customerId,
      loginCustomerId: secret.loginCustomerId ?? null,
      developerToken: maskSecret(secret.developerToken),
    },
  );
}

/** POST /api/credentials/tiktok-ads */
export async function storeTikTokCredentials(
  context: IntegrationContext,
  workspaceId: string,
  input: TikTokCredentialsRequest,
): Promise<AdPlatformConnectResponse> {
  const secret: TikTokSecret = { accessToken: input.accessToken, advertiserId: input.advertiserId };
  const advertiser = await withUpstreamErrors(() => createTikTokClientFor(context, secret).getAdvertiser());
  return store(
    context,
    workspaceId,
    'tiktok_ads',
    secret,
    {
      id: secret.advertiserId,
      name: advertiser.name,
      currency: advertiser.currency,
      timeZone: advertiser.timeZone,
    },
    { accessToken: maskSecret(secret.accessToken), advertiserId: secret.advertiserId },
  );
}

const MASKED_KEYS: Record<AdProvider, string[]> = {
  google_ads: ['clientId', 'clientSecret', 'refreshToken', 'customerId', 'loginCustomerId', 'developerToken'],
  tiktok_ads: ['accessToken', 'advertiserId'],
};

/** GET /api/credentials/google-ads|tiktok-ads: the stored account and masked secrets (no decryption). */
export async function getAdPlatformCredentialView(
  context: IntegrationContext,
  workspaceId: string,
  provider: AdProvider,
): Promise<AdPlatformCredentialView> {
  const summary = (await listCredentialSummaries(context.db, workspaceId)).find(
    (s) => s.provider === provider,
  );
  if (!summary) return { connected: false, account: null, masked: {} };
  const info = summary.publicInfo;
  const text = (key: string) => (typeof info[key] === 'string' ? (info[key] as string) : null);
  return {
    connected: true,
    account: {
      id: text('accountId') ?? '',
      name: text('accountName'),
      currency: text('currency') ?? '',
      timeZone: text('timeZone'),
    },
    masked: Object.fromEntries(MASKED_KEYS[provider].map((key) => [key, text(key)])),
  };
}

export async function removeAdPlatformCredentials(
  context: IntegrationContext,
  workspaceId: string,
  provider: AdProvider,
) {
  const removed = await deleteCredential(context.db, workspaceId, provider);
  return { success: true, message: removed ? 'Credentials removed' : 'Nothing was stored' };
}
