import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
