import { date, doublePrecision, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { analysisRuns } from './analysis.ts';
import { workspaces } from './auth.ts';

/**
 * Insight snapshots (migration 0065), written by each analysis run beside its other snapshots
 * (domain/analysis-facts/write-insight-snapshot.ts). `period` is 7, 30 or 90 days ending on the run's asOf; money
 * is the shop currency in major units; dates are shop-local days.
 */

const workspaceId = () =>
  uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' });
const runId = () =>
  uuid('run_id')
    .notNull()
    .references(() => analysisRuns.id, { onDelete: 'cascade' });

/** A day of the period beside the forecast made the day before the period began. */
export const analysisInsightDays = pgTable(
  'analysis_insight_days',
  {
    runId: runId(),
    workspaceId: workspaceId(),
    period: smallint('period').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    /** Net revenue of the day (orders on their day, refunds on theirs). */
    actual: doublePrecision('actual').notNull(),
    expected: doublePrecision('expected').notNull(),
    lo95: doublePrecision('lo95').notNull(),
    hi95: doublePrecision('hi95').notNull(),
  },
  (table) => [primaryKey({ columns: [table.runId, table.period, table.date] })],
);

export type MoverDimension = 'store' | 'product' | 'channel' | 'segment';

/** Revenue of a product, channel or segment (or the whole store) in the period and the one before. */
export const analysisInsightMovers = pgTable(
  'analysis_insight_movers',
  {
    runId: runId(),
    workspaceId: workspaceId(),
    period: smallint('period').notNull(),
    dimension: text('dimension').$type<MoverDimension>().notNull(),
    key: text('key').notNull(),
    label: text('label').notNull(),
    current: doublePrecision('current').notNull(),
    previous: doublePrecision('previous').notNull(),
  },
  (table) => [primaryKey({ columns: [table.runId, table.period, table.dimension, table.key] })],
);
