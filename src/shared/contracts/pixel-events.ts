import { z } from 'zod';
import { PIXEL_EVENTS } from '../pixel-event-names.ts';
import { cutQuery, INGEST_LIMITS, isHttpUrl } from './cursor-tracking.ts';

/**
 * What the Shopify custom pixel (src/tracker/pixel.ts, issue 40) posts to the ingestion endpoint
 * `POST /api/cursor-tracking/events`: the site's tracking id and key like the theme tracker, the
 * `pixel` block (who and the consent state of the batch), and Shopify's standard events cut to what
 * journeys, funnels and the order join need. Money is Shopify's `MoneyV2.amount`, a JSON number in
 * the checkout's currency (contract external-apis-2 §3.4).
 */
const token = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only');

export const PixelEventSchema = z
  .object({
    /** Shopify's event id: a batch sent twice stores each event once. */
    id: z.string().min(1).max(128),
    name: z.enum(PIXEL_EVENTS),
    timestamp: z.iso.datetime({ offset: true }),
    pageUrl: z
      .string()
      .max(INGEST_LIMITS.maxPageUrl)
      .refine(isHttpUrl, 'must be an http(s) URL')
      .transform(cutQuery)
      .optional(),
    viewportWidth: z.number().int().min(1).max(INGEST_LIMITS.maxViewport).optional(),
    checkoutToken: z
      .string()
      .min(1)
      .max(256)
      .regex(/^[\w.:-]+$/, 'letters, digits and _ . : - only')
      .optional(),
    cartToken: z
      .string()
      .min(1)
      .max(256)
      .regex(/^[\w.:-]+$/, 'letters, digits and _ . : - only')
      .optional(),
    /** The numeric suffix of `checkout.order.id` (`gid://shopify/OrderIdentity/<n>`), the Admin order id. */
    orderId: z
      .string()
      .regex(/^\d{1,18}$/, 'the numeric order id')
      .optional(),
    totalPrice: z.number().min(0).max(1e12).optional(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'an ISO 4217 code')
      .optional(),
    emailHash: z
      .string()
      .regex(/^[0-9a-f]{64}$/, 'a sha256 hex digest')
      .optional(),
  })
  .strict();
export type PixelEvent = z.infer<typeof PixelEventSchema>;

/** The visitor's Customer Privacy state when the batch left (all four purposes recorded). */
const ConsentSchema = z
  .object({
    analytics: z.literal(true, { error: 'pixel events need analytics consent' }),
    marketing: z.boolean(),
    preferences: z.boolean(),
    saleOfData: z.boolean(),
  })
  .strict();

export const PixelIngestRequestSchema = z
  .object({
    trackingId: z.string().min(1).max(64),
    apiKey: z.string().min(1).max(128),
    pixel: z
      .object({
        /** Shopify's client id of the visitor. */
        clientId: z.string().max(128).optional(),
        /** The theme tracker's `_upside_vid` (cookie or cart attribute), so both form one journey. */
        visitorId: token(INGEST_LIMITS.maxSessionId).optional(),
        /** The theme tracker's session id of the tab (`upside_sid`). */
        sessionId: token(INGEST_LIMITS.maxSessionId).optional(),
        consent: ConsentSchema,
      })
      .strict(),
    events: z
      .array(PixelEventSchema)
      .min(1, 'events must not be empty')
      .max(INGEST_LIMITS.maxEvents, `at most ${INGEST_LIMITS.maxEvents} events per request`),
  })
  .strict();
export type PixelIngestRequest = z.infer<typeof PixelIngestRequestSchema>;
