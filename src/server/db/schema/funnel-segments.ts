import { foreignKey, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { analysisRuns } from './analysis.ts';
import { workspaces } from './auth.ts';

/**
 * The funnels' RFM segment slices (migration 0810, decision 224): per store, the analysis runs whose
 * segment journeys are copied (a run with no member journeys too) …
 */
export const funnelSegmentRuns = pgTable(
  'funnel_segment_runs',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    runId: uuid('run_id')
      .notNull()
      .references(() => analysisRuns.id, { onDelete: 'cascade' }),
    builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.runId] })],
);

/**
 * … and, per run and segment, the journeys of the orders of the segment's customers (the rows
 * funnelSessionFilter's segment condition reads, segment-slices.ts), so the fold tells a session's
 * segments by two index probes (by visitor, by session).
 */
export const funnelSegmentMembers = pgTable(
  'funnel_segment_members',
  {
    workspaceId: uuid('workspace_id').notNull(),
    runId: uuid('run_id').notNull(),
    segment: text('segment').notNull(),
    visitorId: text('visitor_id'),
    configurationId: uuid('configuration_id').notNull(),
    sessionId: text('session_id').notNull(),
  },
  (table) => [
    foreignKey({
      columns: [table.workspaceId, table.runId],
      foreignColumns: [funnelSegmentRuns.workspaceId, funnelSegmentRuns.runId],
    }).onDelete('cascade'),
    index('funnel_segment_members_session_idx').on(
      table.workspaceId,
      table.runId,
      table.configurationId,
      table.sessionId,
    ),
  ],
);
