import { z } from 'zod';

/**
 * A website whose visitors the tracker records (spec §3 "Tracking configuration"). `trackingId` is
 * public (it sits in the embed snippet); `apiKey` is a random write-only key, also in the snippet,
 * that only lets a page post events for this one site.
 */
export const TrackingConfigurationSchema = z.object({
  id: z.string(),
  websiteName: z.string(),
  websiteUrl: z.string(),
  trackingId: z.string(),
  apiKey: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type TrackingConfiguration = z.infer<typeof TrackingConfigurationSchema>;

export const TrackingConfigurationListSchema = z.array(TrackingConfigurationSchema);

/** Only http(s) URLs: the site's origin becomes the ingestion endpoint's CORS allow-list entry. */
export const WebsiteUrlSchema = z
  .string()
  .trim()
  .min(1, 'Website URL is required')
  .max(2048, 'Website URL is too long')
  .refine((value) => {
    const url = URL.parse(value);
    return url !== null && (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  }, 'Website URL must be a valid http(s) URL');

/** POST /api/tracking-configurations (spec §5 "Add website": name required; URL required and URL-typed). */
export const CreateTrackingConfigurationSchema = z
  .object({
    websiteName: z.string().trim().min(1, 'Website name is required').max(100, 'Website name is too long'),
    websiteUrl: WebsiteUrlSchema,
  })
  .strict();
export type CreateTrackingConfiguration = z.infer<typeof CreateTrackingConfigurationSchema>;

/** PATCH /api/tracking-configurations/{id}: the Enable/Disable toggle. */
export const UpdateTrackingConfigurationSchema = z.object({ isActive: z.boolean() }).strict();

export const TrackingConfigurationParamsSchema = z.object({ id: z.uuid() });

/** GET /api/tracking/install-check?siteId= (issue #38 item 3): which tracked website to check. */
export const InstallCheckQuerySchema = z.object({ siteId: z.uuid('siteId must be a tracked website id') });

/** When the first event from the site's domain arrived, or null while none has. */
export const InstallCheckSchema = z.object({ firstEventAt: z.string().nullable() });

/**
 * GET /api/tracking/sites/:id/pixel (issue 40): the site's Shopify custom pixel, to paste into
 * Shopify admin → Settings → Customer events, and its size gzipped (budget 2,048 B).
 */
export const CustomPixelSchema = z.object({ code: z.string(), bytesGzip: z.number().int() });
export type CustomPixel = z.infer<typeof CustomPixelSchema>;
