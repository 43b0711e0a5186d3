import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { JsonObjectSchema, typedJsonb } from '../typed-jsonb.ts';
import { users, workspaces } from './auth.ts';

/**
 * Analysis runs and their snapshots (migration 0040, issue 6 part B). A run reads the warehouse,
 * runs the core models and detectors, and writes every result tagged with its id; endpoints read
 * the latest succeeded run only. Money is the shop currency in major units (double precision: these
 * are model outputs and estimates, not ledger amounts).
 */

const workspaceId = () =>
  uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' });
const runId = () =>
  uuid('run_id')
    .notNull()
    .references(() => analysisRuns.id, { onDelete: 'cascade' });
const instant = (name: string) => timestamp(name, { withTimezone: true });

export type AnalysisRunStatus = 'running' | 'succeeded' | 'failed';

export const analysisRuns = pgTable(
  'analysis_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceId(),
    status: text('status').$type<AnalysisRunStatus>().notNull(),
    /** 'sync' (queued after a sync), 'manual' (POST /api/analysis/run), 'test'. */
    trigger: text('trigger').notNull(),
    /** Last day of data the run analysed (shop-local). */
    asOf: date('as_of', { mode: 'string' }),
    currencyCode: text('currency_code'),
    startedAt: instant('started_at').notNull(),
    finishedAt: instant('finished_at'),
    durationMs: integer('duration_ms'),
    error: text('error'),
    /** Model fits (BG/NBD and Gamma-Gamma params, convergence), row counts, step timings. */
    diagnostics: typedJsonb('diagnostics', JsonObjectSchema).notNull().default({}),
    /** Backtested forecast accuracy of the chosen model beside the seasonal-naive baselines. */
    forecastAccuracy: typedJsonb('forecast_accuracy', JsonObjectSchema),
  },
  (table) => [
    index('analysis_runs_latest_idx').on(table.workspaceId, table.status, table.finishedAt),
    index('analysis_runs_started_idx').on(table.workspaceId, table.startedAt),
  ],
);

export const analysisSegments = pgTable(
  'analysis_segments',
  {
    runId: runId(),
    workspaceId: workspaceId(),
    segment: text('segment').notNull(),
    /** Order of the preset's rules (display order). */
    position: smallint('position').notNull(),
    customers: integer('customers').notNull(),
    orders: integer('orders').notNull(),
    revenue: doublePrecision('revenue').notNull(),
    /** Percent change of the segment's size against 30 days earlier (null when empty then). */
    growthRate: doublePrecision('growth_rate'),
    averageProbabilityAlive: doublePrecision('average_probability_alive'),
    averageClv: doublePrecision('average_clv'),
  },
  (table) => [primaryKey({ columns: [table.runId, table.segment] })],
);

export const analysisCustomers = pgTable(
  'analysis_customers',
  {
    runId: runId(),
    workspaceId: workspaceId(),
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    recencyDays: integer('recency_days').notNull(),
    frequency: integer('frequency').notNull(),
    monetary: doublePrecision('monetary').notNull(),
    r: smallint('r').notNull(),
    f: smallint('f').notNull(),
    m: smallint('m').notNull(),
    segment: text('segment').notNull(),
    probabilityAlive: doublePrecision('probability_alive'),
    expectedOrders12m: doublePrecision('expected_orders_12m'),
    clv12m: doublePrecision('clv_12m'),
  },
  (table) => [primaryKey({ columns: [table.runId, table.customerId] })],
);

export const analysisCohortPoints = pgTable(
  'analysis_cohort_points',
  {
    runId: runId(),
    workspaceId: workspaceId(),
    /** Weeks after the first order (0 = the acquisition week, 100 %). */
    week: integer('week').notNull(),
    retentionRate: doublePrecision('retention_rate').notNull(),
    cohorts: integer('cohorts').notNull(),
    customers: integer('customers').notNull(),
  },
  (table) => [primaryKey({ columns: [table.runId, table.week] })],
);

export const analysisForecastPoints = pgTable(
  'analysis_forecast_points',
  {
    runId: runId(),
    workspaceId: workspaceId(),
    kind: text('kind').$type<'history' | 'forecast'>().notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    value: doublePrecision('value').notNull(),
    lo80: doublePrecision('lo80'),
    hi80: doublePrecision('hi80'),
    lo95: doublePrecision('lo95'),
    hi95: doublePrecision('hi95'),
    closed: boolean('closed').notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.runId, table.kind, table.date] })],
);

export const analysisAttributionRows = pgTable(
  'analysis_attribution_rows',
  {
    runId: runId(),
    workspaceId: workspaceId(),
    channel: text('channel').notNull(),
    matchRate: doublePrecision('match_rate').notNull(),
    revenue: doublePrecision('revenue').notNull(),
    platformRevenue: doublePrecision('platform_revenue'),
    spend: doublePrecision('spend'),
    roas: doublePrecision('roas'),
    opportunity: text('opportunity').notNull(),
  },
  (table) => [primaryKey({ columns: [table.runId, table.channel] })],
);

export const analysisStockRows = pgTable(
  'analysis_stock_rows',
  {
    runId: runId(),
    workspaceId: workspaceId(),
    productId: text('product_id').notNull(),
    product: text('product').notNull(),
    /** 'out of stock' or 'N days of cover'. */
    status: text('status').notNull(),
    /** The lead time the run classified the row with (migration 0611, decision 112). */
    leadTimeDays: integer('lead_time_days').notNull().default(14),
    available: integer('available').notNull(),
    dailyDemand: doublePrecision('daily_demand'),
    daysOfCover: doublePrecision('days_of_cover'),
    outOfStockDays: integer('out_of_stock_days').notNull(),
    lostUnits: doublePrecision('lost_units').notNull(),
    /** Gross lost revenue of the product's stock-outs in the analysed window. */
    estimatedLoss: doublePrecision('estimated_loss').notNull(),
    baselineHadStockouts: boolean('baseline_had_stockouts').notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.runId, table.productId] })],
);

/** Tracked 30-day metrics per run (see core/opportunities/metric-key.ts). */
export const analysisMetrics = pgTable(
  'analysis_metrics',
  {
    runId: runId(),
    workspaceId: workspaceId(),
    metricKey: text('metric_key').notNull(),
    value: doublePrecision('value').notNull(),
  },
  (table) => [primaryKey({ columns: [table.runId, table.metricKey] })],
);

export type OpportunityStatus = 'open' | 'implemented' | 'dismissed';

/** Value of the tracked metric when the owner implemented the opportunity. */
const OpportunityBaselineSchema = z.object({
  metricKey: z.string(),
  value: z.number().nullable(),
  runId: z.string().nullable(),
  measuredAt: z.string(),
});

/** One row per (workspace, type, subject) for life; each run refreshes the estimate. */
export const opportunities = pgTable(
  'opportunities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceId(),
    type: text('type').notNull(),
    subjectKey: text('subject_key').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    priority: text('priority').$type<'high' | 'medium' | 'low'>().notNull(),
    revenueImpactMin: doublePrecision('revenue_impact_min').notNull(),
    revenueImpactMax: doublePrecision('revenue_impact_max').notNull(),
    /** Contribution over the same 30 days (decision 026); null when the store's contribution is unknown. */
    profitImpactMin: doublePrecision('profit_impact_min'),
    profitImpactMax: doublePrecision('profit_impact_max'),
    losesMoney: boolean('loses_money').notNull().default(false),
    profitNote: text('profit_note'),
    /** The cost coverage the profit impact rests on (units sold, units with a known cost). */
    profitUnitsSold: integer('profit_units_sold'),
    profitUnitsWithCost: integer('profit_units_with_cost'),
    confidenceScore: doublePrecision('confidence_score').notNull(),
    effortLevel: text('effort_level').notNull(),
    evidence: typedJsonb('evidence', z.unknown()).notNull(),
    metricKey: text('metric_key').notNull(),
    status: text('status').$type<OpportunityStatus>().notNull().default('open'),
    firstDetectedAt: instant('first_detected_at').notNull(),
    lastDetectedAt: instant('last_detected_at').notNull(),
    /** The latest run that detected it; the list shows those of the latest run plus implemented ones. */
    lastRunId: uuid('last_run_id').references(() => analysisRuns.id, { onDelete: 'set null' }),
    implementedAt: instant('implemented_at'),
    implementedBy: uuid('implemented_by').references(() => users.id, { onDelete: 'set null' }),
    baseline: typedJsonb('baseline', OpportunityBaselineSchema),
    /** Tracked metric now minus the baseline, measured by the latest run after implementation. */
    realisedImpact: doublePrecision('realised_impact'),
    realisedMeasuredAt: instant('realised_measured_at'),
    /** A dismissed one is listed again from this instant (a snooze); null: until restored. */
    snoozedUntil: instant('snoozed_until'),
    dismissedBy: uuid('dismissed_by').references(() => users.id, { onDelete: 'set null' }),
    /** Last dismiss, restore or implement: part of the list's version. */
    statusChangedAt: instant('status_changed_at'),
  },
  (table) => [
    unique('opportunities_workspace_id_type_subject_key_key').on(
      table.workspaceId,
      table.type,
      table.subjectKey,
    ),
    index('opportunities_run_idx').on(table.workspaceId, table.lastRunId),
    index('opportunities_status_idx').on(table.workspaceId, table.status, table.implementedAt),
  ],
);
