import { z } from 'zod';
import { ConnectionHealthSchema } from './connection-health.ts';
import type { ErrorCode } from './errors.ts';

/**
 * Credential endpoints (spec §3, §5, §7). Request schemas accept only the spec's fields (unknown
 * fields are rejected); the §5 rules and their exact messages live in the validate* functions so
 * the forms and the server say the same thing.
 */

export const CREDENTIAL_PROVIDERS = ['shopify', 'ga4', 'meta', 'google_ads', 'tiktok_ads'] as const;
export type CredentialProvider = (typeof CREDENTIAL_PROVIDERS)[number];

/**
 * GET /api/credentials/status. `verified` tells stored-and-working from stored-but-failing;
 * `health` says what the badges show: Connected only when the latest test or sync succeeded.
 */
export const CredentialsStatusSchema = z.object({
  shopify: z.boolean(),
  ga4: z.boolean(),
  meta: z.boolean(),
  verified: z.object({ shopify: z.boolean(), ga4: z.boolean(), meta: z.boolean() }),
  health: z.object({
    shopify: ConnectionHealthSchema,
    ga4: ConnectionHealthSchema,
    meta: ConnectionHealthSchema,
  }),
});
export type CredentialsStatus = z.infer<typeof CredentialsStatusSchema>;

/** GET /api/credentials/shopify — masked values only. */
export const ShopifyCredentialViewSchema = z.object({
  shopDomain: z.string(),
  api_key: z.string().nullable(),
  api_secret: z.string().nullable(),
  access_token: z.string().nullable(),
  isValid: z.boolean(),
  lastError: z.string().nullable(),
  verifiedAt: z.string().nullable(),
});
export type ShopifyCredentialView = z.infer<typeof ShopifyCredentialViewSchema>;

const optionalText = z.string().max(4096).optional().nullable();

/** POST /api/credentials/shopify payload (spec §3 "Shopify store payload"). */
export const ShopifyStoreRequestSchema = z.strictObject({
  apiKey: optionalText,
  apiSecret: optionalText,
  shopDomain: optionalText,
  accessToken: optionalText,
});
export type ShopifyStoreRequest = z.infer<typeof ShopifyStoreRequestSchema>;

export const SHOPIFY_MESSAGES = {
  missingInformation: {
    title: 'Missing Information',
    description: 'Please provide either an access token OR both API key and API secret',
  },
  missingDomain: {
    title: 'Missing Domain',
    description: 'Shop domain is required when using API key and secret',
  },
  missingDomainForToken: {
    title: 'Missing Domain',
    description: 'Shop domain is required to connect with an access token',
  },
} as const;

/** Spec §5 Shopify rule. Returns the failing message pair, or the trimmed payload. */
export function validateShopifyCredentials(
  input: ShopifyStoreRequest,
):
  | { ok: true; value: { apiKey: string; apiSecret: string; shopDomain: string; accessToken: string } }
  | { ok: false; title: string; description: string; code: ErrorCode } {
  const value = {
    apiKey: (input.apiKey ?? '').trim(),
    apiSecret: (input.apiSecret ?? '').trim(),
    shopDomain: (input.shopDomain ?? '').trim(),
    accessToken: (input.accessToken ?? '').trim(),
  };
  const hasKeyPair = value.apiKey !== '' && value.apiSecret !== '';
  if (value.accessToken === '' && !hasKeyPair) {
    return { ok: false, code: 'missing_information', ...SHOPIFY_MESSAGES.missingInformation };
  }
  if (value.shopDomain === '') {
    return {
      ok: false,
      code: 'missing_domain',
      ...(value.accessToken === '' ? SHOPIFY_MESSAGES.missingDomain : SHOPIFY_MESSAGES.missingDomainForToken),
    };
  }
  return { ok: true, value };
}

/** POST response: isValid false = saved but the connection test failed (credentials kept, flagged). */
export const ShopifyStoreResponseSchema = z.object({
  success: z.boolean(),
  isValid: z.boolean(),
  message: z.string(),
  shopName: z.string().nullable(),
});
export type ShopifyStoreResponse = z.infer<typeof ShopifyStoreResponseSchema>;

export const DeleteResponseSchema = z.object({ success: z.boolean(), message: z.string() });

/** GA store payload (spec §3), also the POST body of /api/ga/analytics/*. */
export const GaCredentialsRequestSchema = z.strictObject({
  property_id: z.string().max(64).optional().nullable(),
  service_account_json: z.string().max(20_000).optional().nullable(),
});
export type GaCredentialsRequest = z.infer<typeof GaCredentialsRequestSchema>;

export const GA_MESSAGES = {
  missingPropertyId: { title: 'Missing Property ID', description: 'Please enter your GA4 Property ID' },
  missingServiceAccount: {
    title: 'Missing Service Account',
    description: 'Please paste your service account JSON',
  },
  invalidPropertyId: { title: 'Invalid Property ID', description: 'Property ID must be a numeric value' },
  invalidServiceAccount: {
    title: 'Invalid Service Account JSON',
    description:
      'Please provide a complete Google service account JSON file with client_email, private_key, project_id, and type fields',
  },
} as const;

/** The service-account fields we need (others, e.g. token_uri, are kept as given). */
export const ServiceAccountSchema = z.looseObject({
  type: z.literal('service_account'),
  project_id: z.string().min(1),
  client_email: z.string().min(1),
  private_key: z.string().min(1),
  private_key_id: z.string().optional(),
  token_uri: z.string().optional(),
});
export type ServiceAccount = z.infer<typeof ServiceAccountSchema>;

/** Spec §5 GA rules, in the spec's order. */
export function validateGaCredentials(
  input: GaCredentialsRequest,
):
  | { ok: true; value: { propertyId: string; serviceAccountJson: string; serviceAccount: ServiceAccount } }
  | { ok: false; title: string; description: string; code: ErrorCode } {
  const propertyId = (input.property_id ?? '').trim();
  const serviceAccountJson = (input.service_account_json ?? '').trim();
  if (propertyId === '') return { ok: false, code: 'missing_property_id', ...GA_MESSAGES.missingPropertyId };
  if (serviceAccountJson === '') {
    return { ok: false, code: 'missing_service_account', ...GA_MESSAGES.missingServiceAccount };
  }
  if (!/^\d+$/.test(propertyId))
    return { ok: false, code: 'invalid_property_id', ...GA_MESSAGES.invalidPropertyId };
  let parsed: unknown;
  try {
    parsed = JSON.parse(serviceAccountJson);
  } catch {
    return { ok: false, code: 'invalid_service_account', ...GA_MESSAGES.invalidServiceAccount };
  }
  const account = ServiceAccountSchema.safeParse(parsed);
  if (!account.success)
    return { ok: false, code: 'invalid_service_account', ...GA_MESSAGES.invalidServiceAccount };
  return { ok: true, value: { propertyId, serviceAccountJson, serviceAccount: account.data } };
}

export const GaStatusSchema = z.object({
  connected: z.boolean(),
  isValid: z.boolean(),
  propertyId: z.string().nullable(),
  clientEmail: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type GaStatus = z.infer<typeof GaStatusSchema>;

export const GaStoreResponseSchema = z.object({
  success: z.boolean(),
  isValid: z.boolean(),
  message: z.string(),
  error: z.object({ message: z.string() }).nullable(),
});
export type GaStoreResponse = z.infer<typeof GaStoreResponseSchema>;

export const GaTestResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  error: z.object({ message: z.string() }).nullable(),
});
export type GaTestResponse = z.infer<typeof GaTestResponseSchema>;

/** Meta credentials (spec §3). */
export const MetaCredentialsRequestSchema = z.strictObject({
  accessToken: z.string().max(4096).optional().nullable(),
  adAccountId: z.string().max(64).optional().nullable(),
  appSecret: z.string().max(512).optional().nullable(),
});
export type MetaCredentialsRequest = z.infer<typeof MetaCredentialsRequestSchema>;

export const META_MESSAGES = {
  missingInformation: { title: 'Missing Information', description: 'Please fill in all required fields' },
  missingInformationUpdate: { title: 'Missing Information', description: 'Please fill in all fields' },
} as const;

/** Spec §5 Meta rule: all three fields required after trimming. `act_` is added when missing. */
export function validateMetaCredentials(
  input: MetaCredentialsRequest,
):
  | { ok: true; value: { accessToken: string; adAccountId: string; appSecret: string } }
  | { ok: false; title: string; description: string; code: ErrorCode } {
  const accessToken = (input.accessToken ?? '').trim();
  const rawAccount = (input.adAccountId ?? '').trim();
  const appSecret = (input.appSecret ?? '').trim();
  if (accessToken === '' || rawAccount === '' || appSecret === '') {
    return { ok: false, code: 'missing_information', ...META_MESSAGES.missingInformation };
  }
  return { ok: true, value: { accessToken, adAccountId: normalizeAdAccountId(rawAccount), appSecret } };
}

/** "act_123", "123" and " act_123 " all mean ad account act_123. */
export function normalizeAdAccountId(value: string): string {
  const trimmed = value.trim();
  return trimmed.startsWith('act_') ? trimmed : `act_${trimmed}`;
}

export const MetaCredentialsResponseSchema = z.object({
  success: z.boolean(),
  isValid: z.boolean(),
  /** null when valid; otherwise why (missing ads_read, invalid token, …) */
  error: z.string().nullable(),
  tokenValid: z.boolean(),
});
export type MetaCredentialsResponse = z.infer<typeof MetaCredentialsResponseSchema>;

/** GET /api/demo/credentials — demo mode only: what the forms are prefilled with. */
export const DemoCredentialsSchema = z.object({
  shopify: z.object({
    shopDomain: z.string(),
    accessToken: z.string(),
    apiKey: z.string(),
    apiSecret: z.string(),
  }),
  ga4: z.object({ propertyId: z.string(), serviceAccountJson: z.string() }),
  meta: z.object({ accessToken: z.string(), adAccountId: z.string(), appSecret: z.string() }),
  /** The demo's Google Ads and TikTok accounts (issue #39), served by their emulators. */
  googleAds: z.object({
    clientId: z.string(),
    clientSecret: z.string(),
    refreshToken: z.string(),
    customerId: z.string(),
    loginCustomerId: z.string(),
  }),
  tiktok: z.object({ accessToken: z.string(), advertiserId: z.string() }),
});
export type DemoCredentials = z.infer<typeof DemoCredentialsSchema>;

export const DemoConnectResponseSchema = z.object({
  shopify: z.object({ isValid: z.boolean(), message: z.string() }),
  ga4: z.object({ isValid: z.boolean(), message: z.string() }),
  meta: z.object({ isValid: z.boolean(), message: z.string() }),
  googleAds: z.object({ isValid: z.boolean(), message: z.string() }),
  tiktok: z.object({ isValid: z.boolean(), message: z.string() }),
});
export type DemoConnectResponse = z.infer<typeof DemoConnectResponseSchema>;
