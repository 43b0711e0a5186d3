import { z } from 'zod';
import { CREATIVE_FORMATS, CREATIVE_PLATFORMS } from '../../../shared/contracts/creatives.ts';

/**
 * One synced ad and one ad day as the creatives reads select them, whatever the platform: Meta's
 * tables and the Google Ads / TikTok ones answer the same columns (decision 130).
 */

export const AdRow = z.object({
  platform: z.enum(CREATIVE_PLATFORMS),
  ad_id: z.string(),
  name: z.string(),
  campaign_id: z.string().nullable(),
  campaign_name: z.string().nullable(),
  title: z.string().nullable(),
  format: z.enum(CREATIVE_FORMATS).nullable(),
  thumbnail_url: z.string().nullable(),
  creative_deleted: z.boolean(),
});

export const AdDayRow = z.object({
  platform: z.enum(CREATIVE_PLATFORMS),
  ad_id: z.string(),
  date: z.string(),
  spend: z.number(),
  impressions: z.number(),
  reach: z.number(),
  clicks: z.number(),
  plays: z.number(),
  purchases: z.number(),
  /** whether the platform reported the day's reach (Google does not per ad) */
  has_reach: z.boolean(),
  purchase_value: z.number(),
  currency_code: z.string(),
});
export type AdDayRow = z.infer<typeof AdDayRow>;
