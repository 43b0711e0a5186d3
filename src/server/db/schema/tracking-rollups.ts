import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { typedJsonb } from '../typed-jsonb.ts';
import { bytea } from './bytea.ts';

/**
 * The tracker's raw events and pixel events, the rollups folded from them (session pages, page counts, clicked elements, heatmap hour parts and tiles with their fold state), the ingestion rate buckets, and funnels defined over them.
 *
 * Declared from the migrated database (decision 132): columns, types, nullability and primary keys
 * as the SQL migrations create them, checked by test/platform/schema-declared-once.test.ts.
 * Indexes, constraints and foreign keys live in the migrations only.
 */

export const trackingEvents = pgTable('tracking_events', {
  workspaceId: uuid('workspace_id').notNull(),
  configurationId: uuid('configuration_id').notNull(),
  sessionId: text('session_id').notNull(),
  eventType: text('event_type').notNull(),
  pageUrl: text('page_url').notNull(),
  x: integer('x').notNull(),
  y: integer('y').notNull(),
  viewportWidth: integer('viewport_width').notNull(),
  viewportHeight: integer('viewport_height').notNull(),
  documentWidth: integer('document_width'),
  documentHeight: integer('document_height'),
  elementSelector: text('element_selector'),
  offsetX: integer('offset_x'),
  offsetY: integer('offset_y'),
  scrollDepth: smallint('scroll_depth'),
  clientTime: timestamp('client_time', { withTimezone: true }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  // Session-start fields and the fold's clock (migration 0630, raw-first ingestion, decision 125).
  referrer: text('referrer'),
  visitorId: text('visitor_id'),
  cartToken: text('cart_token'),
  emailHash: text('email_hash'),
  ingestedAt: timestamp('ingested_at', { withTimezone: true }),
});

/** Raw-first ingestion's fold watermark (one row): raw rows ingested before it are in the rollups. */
export const trackingFoldWatermark = pgTable('tracking_fold_watermark', {
  id: boolean('id').primaryKey().default(sql`true`),
  foldedBefore: timestamp('folded_before', { withTimezone: true }).notNull(),
});

export const trackingPixelEvents = pgTable(
  'tracking_pixel_events',
  {
    workspaceId: uuid('workspace_id').notNull(),
    configurationId: uuid('configuration_id').notNull(),
    eventId: text('event_id').notNull(),
    name: text('name').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    sessionId: text('session_id'),
    visitorId: text('visitor_id'),
    clientId: text('client_id'),
    pageUrl: text('page_url'),
    device: text('device'),
    checkoutToken: text('checkout_token'),
    cartToken: text('cart_token'),
    orderId: bigint('order_id', { mode: 'number' }),
    totalMinor: bigint('total_minor', { mode: 'number' }),
    currency: text('currency'),
    emailHash: text('email_hash'),
    consentAnalytics: boolean('consent_analytics').notNull(),
    consentMarketing: boolean('consent_marketing').notNull(),
    consentPreferences: boolean('consent_preferences').notNull(),
    consentSaleOfData: boolean('consent_sale_of_data').notNull(),
  },
  (table) => [primaryKey({ columns: [table.configurationId, table.eventId] })],
);

export const trackingSessionPages = pgTable(
  'tracking_session_pages',
  {
    workspaceId: uuid('workspace_id').notNull(),
    configurationId: uuid('configuration_id').notNull(),
    pageUrl: text('page_url').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    viewportBucket: text('viewport_bucket').notNull(),
    sessionId: text('session_id').notNull(),
    viewportHeight: integer('viewport_height').notNull(),
    scrollDepth: smallint('scroll_depth').notNull(),
    cells: bytea('cells').notNull(),
    clicks: typedJsonb('clicks', z.json()).notNull(),
  },
  (table) => [
    primaryKey({
      columns: [table.configurationId, table.pageUrl, table.day, table.viewportBucket, table.sessionId],
    }),
  ],
);

export const trackingPageCounts = pgTable(
  'tracking_page_counts',
  {
    workspaceId: uuid('workspace_id').notNull(),
    configurationId: uuid('configuration_id').notNull(),
    pageUrl: text('page_url').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    eventCount: bigint('event_count', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.configurationId, table.pageUrl, table.day] })],
);

export const trackingClickElements = pgTable(
  'tracking_click_elements',
  {
    workspaceId: uuid('workspace_id').notNull(),
    configurationId: uuid('configuration_id').notNull(),
    pageUrl: text('page_url').notNull(),
    selector: text('selector').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.configurationId, table.pageUrl, table.selector, table.day] })],
);

export const trackingHeatmapHourParts = pgTable('tracking_heatmap_hour_parts', {
  workspaceId: uuid('workspace_id').notNull(),
  configurationId: uuid('configuration_id').notNull(),
  pageUrl: text('page_url').notNull(),
  hour: timestamp('hour', { withTimezone: true }).notNull(),
  viewportBucket: text('viewport_bucket').notNull(),
  eventType: text('event_type').notNull(),
  level: smallint('level').notNull().default(sql`0`),
  xBins: smallint('x_bins').array().notNull(),
  yBins: integer('y_bins').array().notNull(),
  counts: bigint('counts', { mode: 'number' }).array().notNull(),
});

export const trackingHeatmapTiles = pgTable(
  'tracking_heatmap_tiles',
  {
    workspaceId: uuid('workspace_id').notNull(),
    configurationId: uuid('configuration_id').notNull(),
    pageUrl: text('page_url').notNull(),
    viewportBucket: text('viewport_bucket').notNull(),
    eventType: text('event_type').notNull(),
    level: smallint('level').notNull(),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    cellCount: integer('cell_count').notNull(),
    cells: bytea('cells').notNull(),
  },
  (table) => [
    primaryKey({
      columns: [
        table.configurationId,
        table.pageUrl,
        table.viewportBucket,
        table.eventType,
        table.level,
        table.firstDay,
      ],
    }),
  ],
);

export const trackingHeatmapFoldState = pgTable('tracking_heatmap_fold_state', {
  id: boolean('id').primaryKey().default(sql`true`),
  foldedBefore: timestamp('folded_before', { withTimezone: true }).notNull(),
  version: bigint('version', { mode: 'number' }).notNull().default(sql`0`),
});

export const trackingRateBuckets = pgTable('tracking_rate_buckets', {
  configurationId: uuid('configuration_id').primaryKey(),
  tokens: doublePrecision('tokens').notNull(),
  refilledAt: timestamp('refilled_at', { withTimezone: true }).notNull(),
});

export const funnels = pgTable('funnels', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  name: text('name').notNull(),
  steps: typedJsonb('steps', z.json()).notNull(),
  windowMinutes: integer('window_minutes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Per funnel (its id, or 'checkout'): the definition its rollups hold and the fold's watermarks (decision 134). */
export const funnelFoldState = pgTable(
  'funnel_fold_state',
  {
    workspaceId: uuid('workspace_id').notNull(),
    funnelKey: text('funnel_key').notNull(),
    definition: text('definition').notNull(),
    pixelWatermark: timestamp('pixel_watermark', { withTimezone: true }),
    trackerWatermark: timestamp('tracker_watermark', { withTimezone: true }),
    foldedAt: timestamp('folded_at', { withTimezone: true }).notNull().defaultNow(),
    /** The analysis run its RFM segment slices are of; null: none (decision 224). */
    segmentRunId: uuid('segment_run_id'),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.funnelKey] })],
);

/** Per funnel and session: its step marks, its matched path and its day, device and channel (decision 134). */
export const funnelSessionMarks = pgTable(
  'funnel_session_marks',
  {
    workspaceId: uuid('workspace_id').notNull(),
    funnelKey: text('funnel_key').notNull(),
    configurationId: uuid('configuration_id').notNull(),
    sessionId: text('session_id').notNull(),
    times: doublePrecision('times').array().notNull(),
    steps: integer('steps').array().notNull(),
    received: doublePrecision('received').array().notNull(),
    sources: smallint('sources').array().notNull(),
    passedAt: doublePrecision('passed_at').array().notNull(),
    day: date('day', { mode: 'string' }),
    device: text('device'),
    channel: text('channel'),
    /** The slices its path counts in besides '' (decision 199). */
    slices: text('slices').array().notNull().default(sql`'{}'`),
    /** Its session row's start (to the ms) and last page as of its last fold (decision 225); null while the row is missing. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    exitPage: text('exit_page'),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.funnelKey, table.configurationId, table.sessionId] }),
  ],
);

/** The key columns the funnel's daily tables share: funnel, slice, shop day, device and channel. */
const dailyFunnelKey = () => ({
  workspaceId: uuid('workspace_id').notNull(),
  funnelKey: text('funnel_key').notNull(),
  slice: text('slice').notNull().default(''),
  day: date('day', { mode: 'string' }).notNull(),
  device: text('device').notNull(),
  channel: text('channel').notNull(),
});

/** Per funnel, slice, day, device, channel and step: sessions by exact gap from the previous step (decisions 134, 199). */
export const funnelStepDays = pgTable(
  'funnel_step_days',
  {
    ...dailyFunnelKey(),
    step: smallint('step').notNull(),
    gapMs: doublePrecision('gap_ms').notNull(),
    sessions: integer('sessions').notNull(),
  },
  (table) => [
    primaryKey({
      columns: [
        table.workspaceId,
        table.funnelKey,
        table.slice,
        table.day,
        table.device,
        table.channel,
        table.step,
        table.gapMs,
      ],
    }),
  ],
);

export const funnelStepBuckets = pgTable(
  'funnel_step_buckets',
  {
    ...dailyFunnelKey(),
    step: smallint('step').notNull(),
    bucket: integer('bucket').notNull(),
    sessions: integer('sessions').notNull(),
  },
  (table) => [
    primaryKey({
      columns: [
        table.workspaceId,
        table.funnelKey,
        table.slice,
        table.day,
        table.device,
        table.channel,
        table.step,
        table.bucket,
      ],
    }),
  ],
);

/** Per funnel, slice, day, device, channel, step left at (1-based), website and last page: sessions (decision 225). */
export const funnelExitPages = pgTable(
  'funnel_exit_pages',
  {
    ...dailyFunnelKey(),
    step: smallint('step').notNull(),
    configurationId: uuid('configuration_id').notNull(),
    pageUrl: text('page_url').notNull(),
    sessions: integer('sessions').notNull(),
  },
  (t) => [
    primaryKey({
      columns: [
        t.workspaceId,
        t.funnelKey,
        t.slice,
        t.day,
        t.device,
        t.channel,
        t.step,
        t.configurationId,
        t.pageUrl,
      ],
    }),
  ],
);

/** The revenue parts of a funnel's buying sessions and of their daily sums (decision 174), minor units. */
const revenueParts = () => ({
  revenue: bigint('revenue', { mode: 'number' }).notNull(),
  grossSales: bigint('gross_sales', { mode: 'number' }).notNull(),
  shippingCharges: bigint('shipping_charges', { mode: 'number' }).notNull(),
  discounts: bigint('discounts', { mode: 'number' }).notNull(),
  returns: bigint('returns', { mode: 'number' }).notNull(),
  cogs: bigint('cogs', { mode: 'number' }).notNull(),
  shipping: bigint('shipping', { mode: 'number' }).notNull(),
  paymentFees: bigint('payment_fees', { mode: 'number' }).notNull(),
});

/** Per funnel and buying session: where it counts and its orders' revenue and contribution parts (decision 174). */
export const funnelBuyerSessions = pgTable(
  'funnel_buyer_sessions',
  {
    workspaceId: uuid('workspace_id').notNull(),
    funnelKey: text('funnel_key').notNull(),
    configurationId: uuid('configuration_id').notNull(),
    sessionId: text('session_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    device: text('device').notNull(),
    channel: text('channel').notNull(),
    slices: text('slices').array().notNull().default(sql`'{}'`),
    stepsPassed: smallint('steps_passed').notNull(),
    ...revenueParts(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.funnelKey, table.configurationId, table.sessionId] }),
  ],
);

/** Per funnel, slice, day, device, channel and steps passed: the buying sessions' sums (decisions 174, 199). */
export const funnelRevenueDays = pgTable(
  'funnel_revenue_days',
  {
    ...dailyFunnelKey(),
    stepsPassed: smallint('steps_passed').notNull(),
    ...revenueParts(),
  },
  (table) => [
    primaryKey({
      columns: [
        table.workspaceId,
        table.funnelKey,
        table.slice,
        table.day,
        table.device,
        table.channel,
        table.stepsPassed,
      ],
    }),
  ],
);

/** Orders and journey sessions whose revenue a funnel's next fold re-reads (decision 174; no key: appends). */
export const funnelDirtyOrders = pgTable('funnel_dirty_orders', {
  workspaceId: uuid('workspace_id').notNull(),
  funnelKey: text('funnel_key').notNull(),
  orderId: bigint('order_id', { mode: 'number' }),
  configurationId: uuid('configuration_id'),
  sessionId: text('session_id'),
});
