import { z } from 'zod';

/**
 * Google Ads and TikTok credential endpoints (issue #39). A connection is tested against the
 * vendor before it is stored; a failed test stores nothing and answers the vendor's reason and fix
 * (an `upstream_<kind>` error). Reads mask every secret.
 */

const CustomerId = z
  .string()
  .trim()
  .regex(/^\d{3}-?\d{3}-?\d{4}$/, 'a Google Ads customer id has 10 digits, e.g. 123-456-7890');
const Secret = (max: number) => z.string().trim().min(1).max(max);

export const GoogleAdsCredentialsRequestSchema = z
  .object({
    clientId: Secret(300),
    clientSecret: Secret(300),
    refreshToken: Secret(2000),
    customerId: CustomerId,
    loginCustomerId: CustomerId.optional(),
    developerToken: Secret(200).optional(),
  })
  .strict();
export type GoogleAdsCredentialsRequest = z.infer<typeof GoogleAdsCredentialsRequestSchema>;

export const TikTokCredentialsRequestSchema = z
  .object({
    accessToken: Secret(500),
    advertiserId: z
      .string()
      .trim()
      .regex(/^\d{5,25}$/, 'a TikTok advertiser id is a number, e.g. 7123456789012345678'),
  })
  .strict();
export type TikTokCredentialsRequest = z.infer<typeof TikTokCredentialsRequestSchema>;

const AccountSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  currency: z.string(),
  timeZone: z.string().nullable(),
});

export const AdPlatformConnectResponseSchema = z.object({ success: z.literal(true), account: AccountSchema });
export type AdPlatformConnectResponse = z.infer<typeof AdPlatformConnectResponseSchema>;

/** GET: what is stored, secrets masked (`••••abcd`). */
export const AdPlatformCredentialViewSchema = z.object({
  connected: z.boolean(),
  account: AccountSchema.nullable(),
  masked: z.record(z.string(), z.string().nullable()),
});
export type AdPlatformCredentialView = z.infer<typeof AdPlatformCredentialViewSchema>;
