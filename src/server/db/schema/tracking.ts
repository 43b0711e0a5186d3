import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { workspaces } from './auth.ts';

/**
 * Cursor tracking tables (migration 0020). Only the configurations are read through drizzle's
 * query builder; the event, rollup and rate-limit tables are written and read with batched SQL in
 * src/server/features/tracking (ingest/ and its services), because partitioned, bulk `unnest` writes are what
 * make ingestion fast (the migration is the full definition of those).
 */
export const trackingConfigurations = pgTable(
  'tracking_configurations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['website', 'dashboard'] })
      .notNull()
      .default('website'),
    websiteName: text('website_name').notNull(),
    websiteUrl: text('website_url').notNull(),
    websiteOrigin: text('website_origin').notNull(),
    trackingId: text('tracking_id').notNull().unique(),
    apiKey: text('api_key').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('tracking_configurations_workspace_idx').on(table.workspaceId, table.createdAt),
    uniqueIndex('tracking_configurations_dashboard_key').on(table.workspaceId).where(sql`kind = 'dashboard'`),
  ],
);

const instant = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One row per tracked session (migrations 0020 and 0240), upserted by the event writer. The
 * session-start columns (visitor id, landing URL, referrer, UTM parameters, click ids, device) are
 * set by the session's first events and never overwritten; the join reads them.
 */
export const trackingSessions = pgTable(
  'tracking_sessions',
  {
    workspaceId: uuid('workspace_id').notNull(),
    configurationId: uuid('configuration_id')
      .notNull()
      .references(() => trackingConfigurations.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull(),
    startedAt: instant('started_at').notNull(),
    endedAt: instant('ended_at').notNull(),
    eventCount: bigint('event_count', { mode: 'number' }).notNull(),
    clickCount: bigint('click_count', { mode: 'number' }).notNull(),
    lastPageUrl: text('last_page_url').notNull(),
    lastPageAt: instant('last_page_at').notNull(),
    firstReceivedAt: instant('first_received_at').notNull(),
    lastReceivedAt: instant('last_received_at').notNull(),
    visitorId: text('visitor_id'),
    /** First page of the session, query string cut to UTM parameters and click ids. */
    landingUrl: text('landing_url'),
    referrer: text('referrer'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmContent: text('utm_content'),
    utmTerm: text('utm_term'),
    fbclid: text('fbclid'),
    gclid: text('gclid'),
    ttclid: text('ttclid'),
    msclkid: text('msclkid'),
    /** Viewport bucket of the session's first event (VIEWPORT_BUCKETS ids). */
    device: text('device'),
    /** The Shopify cart token the tracker saw when it wrote `_upside_vid` into the cart. */
    checkoutToken: text('checkout_token'),
    /** sha256 hex of a signed-in customer's lower-cased e-mail, when the snippet supplies it. */
    emailHash: text('email_hash'),
    /**
     * `experiment:variant` pairs of the landing URL's `upside_exp` parameter, lower-cased
     * (generated from landing_url by migration 0300, decision 064).
     */
    experimentVariants: text('experiment_variants')
      .array()
      .generatedAlwaysAs(
        sql`string_to_array(replace(replace(lower(substring(landing_url FROM '[?&]upside_exp=([^&#]*)')), '%3a', ':'), '%2c', ','), ',')`,
      ),
  },
  (table) => [primaryKey({ columns: [table.configurationId, table.sessionId] })],
);

/** How an order was joined to a session, in the join's order of preference. */
export const JOURNEY_JOIN_METHODS = [
  'pixel_order_id',
  'pixel_checkout_token',
  'pixel_cart_token',
  'pixel_email_hash',
  'visitor_id',
  'checkout_token',
  'landing_utm',
  'email_hash',
] as const;

/** One row per joined order (migrations 0240, 0540): the session it is credited to, and how it was found. */
export const trackingOrderJourneys = pgTable(
  'tracking_order_journeys',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    configurationId: uuid('configuration_id')
      .notNull()
      .references(() => trackingConfigurations.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull(),
    visitorId: text('visitor_id'),
    method: text('method', { enum: JOURNEY_JOIN_METHODS }).notNull(),
    joinedAt: instant('joined_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.orderId] }),
    index('tracking_order_journeys_visitor_idx').on(
      table.workspaceId,
      table.configurationId,
      table.visitorId,
    ),
    index('tracking_order_journeys_session_idx').on(table.configurationId, table.sessionId),
  ],
);
