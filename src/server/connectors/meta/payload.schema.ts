import { z } from 'zod';

/**
 * zod schemas of the Meta Graph / Marketing API JSON we read (contracts/external-apis.md §3).
 * Metric values are strings on the wire; zero metrics and empty `actions` may be missing.
 */

export const GraphErrorSchema = z.object({
  error: z.object({
    message: z.string(),
    type: z.string().optional(),
    code: z.number(),
    error_subcode: z.number().optional(),
    error_user_title: z.string().optional(),
    error_user_msg: z.string().optional(),
    fbtrace_id: z.string().optional(),
    is_transient: z.boolean().optional(),
  }),
});
export type MetaGraphError = z.infer<typeof GraphErrorSchema>['error'];

export const PagingSchema = z.object({
  cursors: z.object({ before: z.string().optional(), after: z.string().optional() }).optional(),
  next: z.string().optional(),
  previous: z.string().optional(),
});

export const MeSchema = z.object({ id: z.string(), name: z.string().optional().default('') });
export type MetaMe = z.infer<typeof MeSchema>;

export const AdAccountSchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  currency: z.string().optional(),
  timezone_name: z.string().optional(),
  account_status: z.number().optional(),
});
export type MetaAdAccount = z.infer<typeof AdAccountSchema>;

const ActionSchema = z.object({ action_type: z.string(), value: z.string() });

export const InsightRowSchema = z.object({
  account_id: z.string().optional(),
  account_currency: z.string().optional(),
  campaign_id: z.string().optional(),
  campaign_name: z.string().optional(),
  adset_id: z.string().optional(),
  ad_id: z.string().optional(),
  ad_name: z.string().optional(),
  frequency: z.string().optional(),
  spend: z.string().optional(),
  impressions: z.string().optional(),
  clicks: z.string().optional(),
  reach: z.string().optional(),
  cpc: z.string().optional(),
  ctr: z.string().optional(),
  actions: z.array(ActionSchema).optional(),
  action_values: z.array(ActionSchema).optional(),
  purchase_roas: z.array(ActionSchema).optional(),
  /** Thruplays (plays to the end, or 15 s); 3-second plays are the `video_view` action. */
  video_thruplay_watched_actions: z.array(ActionSchema).optional(),
  date_start: z.string().optional(),
  date_stop: z.string().optional(),
});
export type MetaInsightRow = z.infer<typeof InsightRowSchema>;

export const InsightsPageSchema = z.object({
  data: z.array(InsightRowSchema),
  paging: PagingSchema.optional(),
});

export const CampaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string().optional(),
  effective_status: z.string().optional(),
  daily_budget: z.string().optional(),
  lifetime_budget: z.string().optional(),
  objective: z.string().optional(),
  start_time: z.string().optional(),
  stop_time: z.string().optional(),
});
export type MetaCampaign = z.infer<typeof CampaignSchema>;
export const CampaignsPageSchema = z.object({
  data: z.array(CampaignSchema),
  paging: PagingSchema.optional(),
});

/**
 * An ad with its creative expanded (issue #44). `creative` is absent when it was deleted upstream;
 * any creative field may be absent (no thumbnail, no video).
 */
export const AdSchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  campaign_id: z.string().optional(),
  adset_id: z.string().optional(),
  status: z.string().optional(),
  effective_status: z.string().optional(),
  creative: z
    .object({
      id: z.string().optional(),
      name: z.string().optional(),
      title: z.string().optional(),
      body: z.string().optional(),
      call_to_action_type: z.string().optional(),
      object_type: z.string().optional(),
      thumbnail_url: z.string().optional(),
      image_url: z.string().optional(),
      video_id: z.string().optional(),
    })
    .optional(),
});
export type MetaAd = z.infer<typeof AdSchema>;
export const AdsPageSchema = z.object({ data: z.array(AdSchema), paging: PagingSchema.optional() });

export const PageSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string().optional(),
  tasks: z.array(z.string()).optional(),
});
export type MetaPage = z.infer<typeof PageSchema>;
export const PagesSchema = z.object({ data: z.array(PageSchema), paging: PagingSchema.optional() });

/** Parsed usage headers (§3.9); percentages 0–100. */
export interface MetaUsage {
  /** highest call_count / cputime / time percentage across all headers */
  maxPercent: number;
  /** minutes Meta says until access returns, when throttled */
  regainAccessMinutes: number;
  raw: Record<string, unknown>;
}
