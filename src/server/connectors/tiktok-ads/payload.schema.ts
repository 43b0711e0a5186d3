import { z } from 'zod';

/**
 * TikTok API for Business v1.3 payloads (contracts/external-apis-2.md §2): every answer is HTTP 200
 * with `{ code, message, request_id, data }`, success when `code == 0`; report metrics are strings
 * (`"-"` when unavailable) and `stat_time_day` carries a time part.
 */

export const EnvelopeSchema = z.object({
  code: z.number().int(),
  message: z.string().default(''),
  request_id: z.string().optional(),
  data: z.unknown().optional(),
});

const Metric = z.union([z.string(), z.number()]).optional();

export const ReportRowSchema = z.object({
  dimensions: z.object({
    campaign_id: z.string().optional(),
    adgroup_id: z.string().optional(),
    ad_id: z.string().optional(),
    stat_time_day: z.string().regex(/^\d{4}-\d{2}-\d{2}/),
  }),
  metrics: z
    .object({
      spend: Metric,
      impressions: Metric,
      clicks: Metric,
      conversion: Metric,
      complete_payment: Metric,
      total_complete_payment_rate: Metric,
      video_watched_2s: Metric,
      reach: Metric,
      campaign_id: z.string().optional(),
      adgroup_id: z.string().optional(),
      ad_name: z.string().optional(),
      campaign_name: z.string().optional(),
      adgroup_name: z.string().optional(),
    })
    .passthrough(),
});
export type TikTokReportRow = z.infer<typeof ReportRowSchema>;

export const ReportDataSchema = z.object({
  list: z.array(ReportRowSchema).default([]),
  page_info: z.object({
    page: z.number().int(),
    page_size: z.number().int(),
    total_number: z.number().int(),
    total_page: z.number().int(),
  }),
});

export const AdvertiserInfoDataSchema = z.object({
  list: z
    .array(
      z.object({
        advertiser_id: z.union([z.string(), z.number()]),
        name: z.string().optional(),
        currency: z.string(),
        timezone: z.string().optional(),
        display_timezone: z.string().optional(),
      }),
    )
    .min(1),
});

const PageInfo = z.object({
  page: z.number().int(),
  page_size: z.number().int(),
  total_number: z.number().int(),
  total_page: z.number().int(),
});

/** `ad/get/` (decision 130): the fields Upside asks for; the read shape is unconfirmed (§2.5 [U]). */
export const AdListDataSchema = z.object({
  list: z
    .array(
      z.object({
        ad_id: z.union([z.string(), z.number()]),
        ad_name: z.string().nullish(),
        campaign_id: z.union([z.string(), z.number()]),
        adgroup_id: z.union([z.string(), z.number()]).nullish(),
        ad_text: z.string().nullish(),
        call_to_action: z.string().nullish(),
        video_id: z.string().nullish(),
        image_ids: z.array(z.string()).nullish(),
        landing_page_url: z.string().nullish(),
        /** the ad's URL parameters, `[{ key, value }]` (§2.5; decision 143) */
        utm_params: z.array(z.object({ key: z.string().nullish(), value: z.string().nullish() })).nullish(),
        operation_status: z.string().nullish(),
      }),
    )
    .default([]),
  page_info: PageInfo,
});
export type TikTokAd = z.infer<typeof AdListDataSchema>['list'][number];

/** `file/video/ad/info/`: a library video's cover; a deleted video is not listed. */
export const VideoInfoDataSchema = z.object({
  list: z
    .array(z.object({ video_id: z.string(), video_cover_url: z.string().nullish() }).passthrough())
    .default([]),
});
