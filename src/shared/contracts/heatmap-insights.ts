import { z } from 'zod';
import { EXPERIMENT_NAME } from '../campaign-url.ts';
import { CurrencySchema, MoneySchema } from '../money.ts';
import { ClicksQuerySchema, HEATMAP_EVENT_TYPES, ViewportBucketSchema } from './cursor-tracking.ts';

/**
 * Heatmaps that know revenue (issue 16 item 4): the filters every heatmap read accepts, the
 * scroll map, rage and dead clicks, and revenue per clicked element.
 */

/**
 * Device buckets over the viewport buckets: mobile ≤ 480 px, tablet 481–768 px, desktop > 768 px
 * (laptop, desktop and wide).
 */
export const HEATMAP_DEVICES = {
  mobile: ['mobile'],
  tablet: ['tablet'],
  desktop: ['laptop', 'desktop', 'wide'],
} as const;
export type HeatmapDevice = keyof typeof HEATMAP_DEVICES;

/** Stated on the page next to the filters. */
export const CONVERTED_RULE =
  'Converted: sessions of a visitor whose order was joined to our tracker (by visitor id, checkout token, landing UTM or e-mail), plus the session the order was credited to.';
export const SEGMENT_RULE =
  "Segment: the RFM segment of the visitor's customer in the latest analysis run (converting sessions only).";
export const VARIANT_RULE =
  'A/B variant: sessions that landed with ?upside_exp=<experiment>:<variant> in the URL (your A/B tool adds it, see the snippet help); other sessions belong to no variant.';
export const PATTERN_RULE =
  'URL pattern: * stands for any characters, e.g. /products/* (overrides the page).';

/** Stated on the page next to the revenue table, and returned with it. */
export const REVENUE_RULE =
  "An element earns an order's revenue when a session of the order's visitor clicked it on this page before the order was placed; each order counts once per element, at its total net of refunds (test and cancelled orders excluded).";

const day = z.iso.date();
/**
 * `/products/*`: a path pattern where `*` stands for any characters; the page's path must match
 * it whole. Patterns starting with http(s):// match the page's origin and path instead.
 */
const pattern = z
  .string()
  .min(1)
  .max(512)
  .regex(/^(\/|https?:\/\/)/, 'must start with / or http(s)://');
/** An experiment key or variant name as the `upside_exp` URL parameter carries it (lower-cased). */
export const experimentName = z
  .string()
  .regex(EXPERIMENT_NAME, '1–40 letters, digits, _ or -, starting with a letter or digit')
  .transform((name) => name.toLowerCase());

/** The filters every heatmap read accepts (strings, as in a query string). */
export const HeatmapFilterSchema = ClicksQuerySchema.extend({
  pageUrl: z.string().max(2048).optional(),
  pattern: pattern.optional(),
  device: z.enum(['mobile', 'tablet', 'desktop']).optional(),
  viewport: ViewportBucketSchema.optional(),
  converted: z.enum(['true', 'false']).optional(),
  segment: z.string().trim().min(1).max(60).optional(),
  /** A/B experiment key and variant (decision 064); each needs the other. */
  experiment: experimentName.optional(),
  variant: experimentName.optional(),
  from: day.optional(),
  to: day.optional(),
});
export type HeatmapFilter = z.infer<typeof HeatmapFilterSchema>;

export const FilteredHeatmapQuerySchema = HeatmapFilterSchema.extend({
  eventType: z.enum(HEATMAP_EVENT_TYPES).optional(),
});
export type FilteredHeatmapQuery = z.infer<typeof FilteredHeatmapQuerySchema>;

/** GET /api/cursor-tracking/experiments: the variants seen in the range's sessions, for the picker. */
export const ExperimentVariantsQuerySchema = ClicksQuerySchema.pick({ trackingId: true }).extend({
  from: day.optional(),
  to: day.optional(),
});
export const SessionExperimentsSchema = z.object({
  experiments: z.array(
    z.object({
      key: z.string(),
      variants: z.array(z.object({ name: z.string(), sessions: z.number().int() })),
    }),
  ),
});
export type SessionExperiments = z.infer<typeof SessionExperimentsSchema>;

/**
 * GET /api/cursor-tracking/scroll. `foldY` is the median viewport height (px) of the page's views,
 * `depths` the share of views that reached each tenth of the page (0 % is every view), and
 * `clicksBelowFoldShare` the share of clicks whose y is below the fold.
 */
export const ScrollMapSchema = z.object({
  pageUrl: z.string().nullable(),
  views: z.number().int(),
  foldY: z.number(),
  clicksBelowFoldShare: z.number(),
  depths: z.array(z.object({ depthPercent: z.number().int(), reachedShare: z.number() })),
});
export type ScrollMap = z.infer<typeof ScrollMapSchema>;

/** Rage click: ≥ 3 clicks of one session within 30 px and 1 s of the first. */
export const RAGE_CLICK = { minClicks: 3, radiusPx: 30, windowMs: 1000 } as const;

const ElementCountSchema = z.object({ selector: z.string(), count: z.number().int() });
export const FrustrationSchema = z.object({
  rageClicks: z.array(ElementCountSchema),
  deadClicks: z.array(ElementCountSchema),
});
export type Frustration = z.infer<typeof FrustrationSchema>;

/** GET /api/cursor-tracking/element-revenue: revenue per clicked element (REVENUE_RULE). */
export const ElementRevenueSchema = z.object({
  /** The shop's currency (null before the first sync). */
  currency: CurrencySchema.nullable(),
  rule: z.string(),
  elements: z.array(
    z.object({
      selector: z.string(),
      orders: z.number().int(),
      /** Exact decimal amount in `currency`. */
      revenue: MoneySchema,
    }),
  ),
});
export type ElementRevenue = z.infer<typeof ElementRevenueSchema>;
