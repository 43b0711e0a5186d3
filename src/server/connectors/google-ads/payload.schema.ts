import { z } from 'zod';

/**
 * Google Ads API v26 REST payloads (contracts/external-apis-2.md §1): proto3 JSON, so int64
 * fields (ids, cost_micros, impressions, clicks) are strings, doubles are numbers, enums are names,
 * leaves are lowerCamelCase. Zero metrics may be absent from a row.
 */

export const TokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().int().positive().optional(),
  token_type: z.string().optional(),
});

export const TokenErrorSchema = z.object({
  error: z.string(),
  error_description: z.string().optional(),
});

const Int64 = z.union([z.string().regex(/^-?\d+$/), z.number().int()]);
const AdTexts = z.array(z.object({ text: z.string().optional() }));

export const GoogleAdsRowSchema = z.object({
  customer: z
    .object({
      id: Int64.optional(),
      descriptiveName: z.string().optional(),
      currencyCode: z.string().optional(),
      timeZone: z.string().optional(),
      manager: z.boolean().optional(),
    })
    .optional(),
  campaign: z
    .object({
      id: Int64,
      name: z.string().optional(),
      advertisingChannelType: z.string().optional(),
      status: z.string().optional(),
      finalUrlSuffix: z.string().optional(),
      trackingUrlTemplate: z.string().optional(),
    })
    .optional(),
  adGroup: z.object({ id: Int64, name: z.string().optional(), status: z.string().optional() }).optional(),
  /** ad_group_ad: the ad with its creative as Google nests it (decision 130) */
  adGroupAd: z
    .object({
      status: z.string().optional(),
      ad: z
        .object({
          id: Int64,
          name: z.string().optional(),
          type: z.string().optional(),
          finalUrls: z.array(z.string()).optional(),
          responsiveSearchAd: z.object({ headlines: AdTexts, descriptions: AdTexts }).partial().optional(),
          videoResponsiveAd: z
            .object({
              headlines: AdTexts,
              descriptions: AdTexts,
              videos: z.array(z.object({ asset: z.string() })),
            })
            .partial()
            .optional(),
          imageAd: z.object({ imageUrl: z.string().optional() }).optional(),
        })
        .optional(),
    })
    .optional(),
  asset: z
    .object({
      resourceName: z.string(),
      type: z.string().optional(),
      youtubeVideoAsset: z.object({ youtubeVideoId: z.string().optional() }).optional(),
    })
    .optional(),
  metrics: z
    .object({
      costMicros: Int64.optional(),
      impressions: Int64.optional(),
      clicks: Int64.optional(),
      conversions: z.number().optional(),
      conversionsValue: z.number().optional(),
      /** renamed from video_views in v22 */
      videoTrueviewViews: Int64.optional(),
    })
    .optional(),
  /** click_view (one day per query): the gclid of one click; its campaign and ad group beside it. */
  clickView: z.object({ gclid: z.string() }).optional(),
  segments: z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }).optional(),
});
export type GoogleAdsRow = z.infer<typeof GoogleAdsRowSchema>;

export const SearchStreamBatchSchema = z.object({
  results: z.array(GoogleAdsRowSchema).optional(),
  fieldMask: z.string().optional(),
  requestId: z.string().optional(),
});

export const AccessibleCustomersSchema = z.object({ resourceNames: z.array(z.string()).default([]) });

/** google.rpc.Status with GoogleAdsFailure details; errorCode is a one-key object (category → reason). */
export const GoogleAdsErrorSchema = z.object({
  error: z.object({
    code: z.number().optional(),
    message: z.string().optional(),
    status: z.string().optional(),
    details: z
      .array(
        z
          .object({
            '@type': z.string().optional(),
            errors: z
              .array(
                z
                  .object({
                    errorCode: z.record(z.string(), z.string()).optional(),
                    message: z.string().optional(),
                    details: z
                      .object({
                        quotaErrorDetails: z
                          .object({ retryDelay: z.string().optional() })
                          .passthrough()
                          .optional(),
                      })
                      .passthrough()
                      .optional(),
                  })
                  .passthrough(),
              )
              .optional(),
          })
          .passthrough(),
      )
      .optional(),
  }),
});
export type GoogleAdsErrorBody = z.infer<typeof GoogleAdsErrorSchema>;
