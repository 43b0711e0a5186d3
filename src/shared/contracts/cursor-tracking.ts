import { z } from 'zod';
import { keepCampaignParams } from '../campaign-url.ts';

/**
 * Cursor tracking contracts: what the tracker (and the dashboard's own Start Tracking) posts to
 * `POST /api/cursor-tracking/events`, and what the dashboard reads back. The event follows spec §3
 * "Cursor event" (eventType, x, y, sessionId, pageUrl, timestamp, elementSelector) plus the layout
 * fields a heatmap needs to be accurate on every screen size.
 */

/** Caps of one ingestion request (design §7): bigger bodies get 413, longer batches 400. */
export const INGEST_LIMITS = {
  maxBodyBytes: 64 * 1024,
  maxEvents: 500,
  maxPageUrl: 2048,
  maxSelector: 512,
  maxSessionId: 64,
  maxCoordinate: 1_000_000,
  maxViewport: 20_000,
} as const;

/** `dead_click`: a click the page answered with no navigation and no DOM change within 2.5 s. */
export const CURSOR_EVENT_TYPES = ['page_view', 'click', 'cursor_move', 'scroll', 'dead_click'] as const;
/** Event types that land on the heatmap (a page view has no position). */
export const HEATMAP_EVENT_TYPES = ['click', 'cursor_move', 'scroll'] as const;
export type HeatmapEventType = (typeof HEATMAP_EVENT_TYPES)[number];

/**
 * Viewport-width buckets: heatmaps of phones and wide screens never mix, because a page lays out
 * differently on each. Upper bounds inclusive, in CSS px.
 */
export const VIEWPORT_BUCKETS = [
  { id: 'mobile', label: 'Mobile (≤ 480 px)', maxWidth: 480 },
  { id: 'tablet', label: 'Tablet (481–768 px)', maxWidth: 768 },
  { id: 'laptop', label: 'Laptop (769–1024 px)', maxWidth: 1024 },
  { id: 'desktop', label: 'Desktop (1025–1440 px)', maxWidth: 1440 },
  { id: 'wide', label: 'Wide (> 1440 px)', maxWidth: Number.POSITIVE_INFINITY },
] as const;
export type ViewportBucket = (typeof VIEWPORT_BUCKETS)[number]['id'];
export const ViewportBucketSchema = z.enum(['mobile', 'tablet', 'laptop', 'desktop', 'wide']);

/** The bucket of a viewport width. */
export function viewportBucketOf(width: number): ViewportBucket {
  return (VIEWPORT_BUCKETS.find((bucket) => width <= bucket.maxWidth) ?? VIEWPORT_BUCKETS[4]).id;
}

/**
 * Viewport of an event sent without one (spec §3's "Cursor event" has no viewport fields): a
 * 1280 × 800 laptop-class desktop, so such events land in the 'desktop' bucket and x bins are
 * percentages of 1,280 px.
 */
export const DEFAULT_VIEWPORT = { width: 1280, height: 800 } as const;

/** The events of one batch nearly always share their page: remember the last URL that passed. */
let lastHttpUrl = '';
export function isHttpUrl(value: string): boolean {
  if (value === lastHttpUrl) return true;
  const ok = /^https?:\/\//.test(value) && URL.canParse(value);
  if (ok) lastHttpUrl = value;
  return ok;
}

/** The last page URL cut to its campaign parameters (a batch nearly always shares its page). */
let lastCut: [string, string] = ['', ''];
export function cutQuery(url: string): string {
  if (lastCut[0] !== url) lastCut = [url, keepCampaignParams(url)];
  return lastCut[1];
}

const token = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only');
const coordinate = z.number().int().min(-INGEST_LIMITS.maxCoordinate).max(INGEST_LIMITS.maxCoordinate);
const size = z.number().int().min(0).max(INGEST_LIMITS.maxCoordinate);
const viewport = z.number().int().min(1).max(INGEST_LIMITS.maxViewport);
/** Milliseconds since the epoch, years 2000–2100, or an ISO date-time string. */
const timestamp = z.union([
  z.number().int().min(946_684_800_000).max(4_102_444_800_000),
  z.iso.datetime({ offset: true }),
]);

export const CursorEventSchema = z
  .object({
    eventType: z.enum(CURSOR_EVENT_TYPES),
    x: coordinate,
    y: coordinate,
    sessionId: token(INGEST_LIMITS.maxSessionId),
    // Stored without fragment and with only UTM parameters and click ids in its query.
    pageUrl: z
      .string()
      .max(INGEST_LIMITS.maxPageUrl)
      .refine(isHttpUrl, 'must be an http(s) URL')
      .transform(cutQuery),
    timestamp,
    viewportWidth: viewport.default(DEFAULT_VIEWPORT.width),
    viewportHeight: viewport.default(DEFAULT_VIEWPORT.height),
    documentWidth: size.optional(),
    documentHeight: size.optional(),
    elementSelector: z.string().min(1).max(INGEST_LIMITS.maxSelector).optional(),
    offsetX: coordinate.optional(),
    offsetY: coordinate.optional(),
    scrollDepth: z.number().int().min(0).max(100).optional(),
    /** First-party visitor id (the tracker's `_upside_vid` cookie); absent before consent. */
    visitorId: token(INGEST_LIMITS.maxSessionId).optional(),
    /** document.referrer of a page view ('' for none); stored without query or fragment. */
    referrer: z.string().max(INGEST_LIMITS.maxPageUrl).optional(),
    /** The Shopify cart token the tracker got back when it wrote `_upside_vid` into the cart. */
    cartToken: z
      .string()
      .min(1)
      .max(256)
      .regex(/^[\w.:?=-]+$/, 'letters, digits and _ . : ? = - only')
      .optional(),
    /** sha256 hex of a signed-in customer's lower-cased e-mail (null when the page has none). */
    emailHash: z
      .string()
      .regex(/^[0-9a-f]{64}$/, 'a sha256 hex digest')
      .nullish(),
  })
  .strict()
  .refine(
    (event) =>
      event.elementSelector === undefined || event.eventType === 'click' || event.eventType === 'dead_click',
    {
      message: 'elementSelector is only allowed on click and dead_click events',
      path: ['elementSelector'],
    },
  );
export type CursorEvent = z.infer<typeof CursorEventSchema>;

const events = z
  .array(CursorEventSchema)
  .min(1, 'events must not be empty')
  .max(INGEST_LIMITS.maxEvents, `at most ${INGEST_LIMITS.maxEvents} events per request`);

/** Body of a tracker request: the site's public tracking id, its write-only key, and the batch. */
export const IngestRequestSchema = z
  .object({
    trackingId: z.string().min(1).max(64),
    apiKey: z.string().min(1).max(128),
    events,
  })
  .strict();

/** Body the signed-in dashboard posts for its own Start Tracking (spec §7: `events[]` only). */
export const DashboardIngestRequestSchema = z.object({ events }).strict();

const IngestResponseSchema = z.object({
  /** Events durably stored by this request. */
  accepted: z.number().int(),
});
export type IngestResponse = z.infer<typeof IngestResponseSchema>;

/** Optional filter of every read: one website of the workspace (the page honours `?trackingId=`). */
export const TrackingScopeQuerySchema = z.object({ trackingId: z.string().min(1).max(64).optional() });

/**
 * GET /api/cursor-tracking/statistics (spec §3). `averageSessionDuration` is in milliseconds
 * (first to last event of a session); `clickThroughRate` is the percent of sessions with at least
 * one click.
 */
export const CursorStatisticsSchema = z.object({
  totalSessions: z.number().int(),
  totalEvents: z.number().int(),
  averageSessionDuration: z.number(),
  clickThroughRate: z.number(),
  mostActivePages: z.array(z.object({ pageUrl: z.string(), eventCount: z.number().int() })),
});
export type CursorStatistics = z.infer<typeof CursorStatisticsSchema>;

/** `page` narrows clicks and heatmap to one page (origin + path, as in mostActivePages). */
export const ClicksQuerySchema = TrackingScopeQuerySchema.extend({ page: z.string().max(2048).optional() });

export const ClickStatisticsSchema = z.object({
  totalClicks: z.number().int(),
  uniqueElements: z.number().int(),
  clicksByElement: z.array(z.object({ selector: z.string(), count: z.number().int() })),
});
export type ClickStatistics = z.infer<typeof ClickStatisticsSchema>;

const day = z.iso.date();
export const HeatmapQuerySchema = ClicksQuerySchema.extend({
  viewport: ViewportBucketSchema.optional(),
  eventType: z.enum(HEATMAP_EVENT_TYPES).optional(),
  from: day.optional(),
  to: day.optional(),
});
export type HeatmapQuery = z.infer<typeof HeatmapQuerySchema>;

/**
 * A heatmap cell: `x` is the cell centre in percent of the viewport width (1 % bins), `y` the cell
 * centre in document px (16 px bins), `count` the events in it and `intensity` = count / the 99th
 * percentile of cell counts, capped at 1, so one hotspot does not wash the map out.
 */
export const HeatmapPointSchema = z.object({
  x: z.number(),
  y: z.number(),
  intensity: z.number(),
  count: z.number().int(),
});
export type HeatmapPoint = z.infer<typeof HeatmapPointSchema>;

export const HeatmapResponseSchema = z.object({
  heatmapData: z.array(HeatmapPointSchema),
  /** Largest y (document px) seen, so the canvas can be sized to the page. */
  maxY: z.number(),
  /** The count that maps to intensity 1 (the 99th percentile). */
  scaleMax: z.number(),
  pages: z.array(z.string()),
});
export type HeatmapResponse = z.infer<typeof HeatmapResponseSchema>;

/** A session is live while its last event arrived less than this long ago. */
export const LIVE_SESSION_WINDOW_MS = 60_000;

export const TrackingSessionSchema = z.object({
  sessionId: z.string(),
  status: z.enum(['active', 'ended']),
  pageUrl: z.string(),
  startTime: z.string(),
  lastSeen: z.string(),
  eventCount: z.number().int(),
  duration: z.number(),
});
export const TrackingSessionsResponseSchema = z.object({
  sessions: z.array(TrackingSessionSchema),
  activeCount: z.number().int(),
});
export type TrackingSessionsResponse = z.infer<typeof TrackingSessionsResponseSchema>;
