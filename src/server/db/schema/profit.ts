import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { typedJsonb } from '../typed-jsonb.ts';

/**
 * Profit: settings and cost inputs (expenses, payment fees, shipping profiles, imports and recalculations), the cost ledger frozen at the time of sale, and the kept daily rollups with their versions.
 *
 * Declared from the migrated database (decision 132): columns, types, nullability and primary keys
 * as the SQL migrations create them, checked by test/platform/schema-declared-once.test.ts.
 * Indexes, constraints and foreign keys live in the migrations only.
 */

export const profitSettings = pgTable('profit_settings', {
  workspaceId: uuid('workspace_id').primaryKey(),
  defaultMarginPercent: numeric('default_margin_percent', { precision: 7, scale: 4 }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by'),
});

export const expenses = pgTable(
  'expenses',
  {
    workspaceId: uuid('workspace_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }),
    percent: numeric('percent', { precision: 7, scale: 4 }),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.id] })],
);

export const paymentFeeRules = pgTable(
  'payment_fee_rules',
  {
    workspaceId: uuid('workspace_id').notNull(),
    gateway: text('gateway').notNull(),
    percent: numeric('percent', { precision: 7, scale: 4 }).notNull(),
    fixedMinor: bigint('fixed_minor', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by'),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.gateway] })],
);

export const shippingProfiles = pgTable(
  'shipping_profiles',
  {
    workspaceId: uuid('workspace_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    country: text('country').notNull(),
    minGrams: integer('min_grams').notNull(),
    maxGrams: integer('max_grams'),
    costMinor: bigint('cost_minor', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.id] })],
);

export const costImports = pgTable(
  'cost_imports',
  {
    workspaceId: uuid('workspace_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    fileName: text('file_name'),
    rowsStored: integer('rows_stored').notNull(),
    unknown: typedJsonb('unknown', z.json()).notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.id] })],
);

export const costRecalculations = pgTable(
  'cost_recalculations',
  {
    workspaceId: uuid('workspace_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    jobId: bigint('job_id', { mode: 'number' }),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    status: text('status').notNull().default(sql`'pending'::text`),
    linesTotal: bigint('lines_total', { mode: 'number' }).notNull().default(sql`0`),
    linesDone: bigint('lines_done', { mode: 'number' }).notNull().default(sql`0`),
    linesChanged: bigint('lines_changed', { mode: 'number' }).notNull().default(sql`0`),
    costDeltaMinor: bigint('cost_delta_minor', { mode: 'number' }).notNull().default(sql`0`),
    error: text('error'),
    requestedBy: uuid('requested_by'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    doneThroughDate: date('done_through_date', { mode: 'string' }),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.id] })],
);

export const whCostLedger = pgTable(
  'wh_cost_ledger',
  {
    workspaceId: uuid('workspace_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    variantId: bigint('variant_id', { mode: 'number' }).notNull(),
    sku: text('sku'),
    costMinor: bigint('cost_minor', { mode: 'number' }).notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    rank: smallint('rank').default(sql`
CASE
    WHEN (source = 'shopify'::text) THEN 1
    ELSE 2
END`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
    importId: bigint('import_id', { mode: 'number' }),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.id] })],
);

export const profitDaily = pgTable(
  'profit_daily',
  {
    workspaceId: uuid('workspace_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    grossSalesMinor: bigint('gross_sales_minor', { mode: 'number' }).notNull().default(sql`0`),
    discountsMinor: bigint('discounts_minor', { mode: 'number' }).notNull().default(sql`0`),
    returnsMinor: bigint('returns_minor', { mode: 'number' }).notNull().default(sql`0`),
    cogsMinor: bigint('cogs_minor', { mode: 'number' }).notNull().default(sql`0`),
    cogsEstimatedMinor: bigint('cogs_estimated_minor', { mode: 'number' }).notNull().default(sql`0`),
    shippingMinor: bigint('shipping_minor', { mode: 'number' }).notNull().default(sql`0`),
    paymentFeesMinor: bigint('payment_fees_minor', { mode: 'number' }).notNull().default(sql`0`),
    marketingMinor: bigint('marketing_minor', { mode: 'number' }).notNull().default(sql`0`),
    saleOrders: integer('sale_orders').notNull().default(sql`0`),
    unitsSold: bigint('units_sold', { mode: 'number' }).notNull().default(sql`0`),
    unitsWithCost: bigint('units_with_cost', { mode: 'number' }).notNull().default(sql`0`),
    shippingChargesMinor: bigint('shipping_charges_minor', { mode: 'number' }).notNull().default(sql`0`),
    taxesMinor: bigint('taxes_minor', { mode: 'number' }).notNull().default(sql`0`),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.day] })],
);

export const productProfitDaily = pgTable('product_profit_daily', {
  workspaceId: uuid('workspace_id').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  productId: bigint('product_id', { mode: 'number' }),
  grossSalesMinor: bigint('gross_sales_minor', { mode: 'number' }).notNull(),
  discountsMinor: bigint('discounts_minor', { mode: 'number' }).notNull(),
  returnsMinor: bigint('returns_minor', { mode: 'number' }).notNull(),
  cogsMinor: bigint('cogs_minor', { mode: 'number' }).notNull(),
  shippingMinor: bigint('shipping_minor', { mode: 'number' }).notNull(),
  paymentFeesMinor: bigint('payment_fees_minor', { mode: 'number' }).notNull(),
  units: bigint('units', { mode: 'number' }).notNull(),
  unitsWithCost: bigint('units_with_cost', { mode: 'number' }).notNull(),
  cogsEstimated: boolean('cogs_estimated').notNull(),
  shippingEstimated: boolean('shipping_estimated').notNull(),
  shippingChargesMinor: bigint('shipping_charges_minor', { mode: 'number' }).notNull().default(sql`0`),
});

export const cohortProfitRollup = pgTable('cohort_profit_rollup', {
  workspaceId: uuid('workspace_id').notNull(),
  guest: boolean('guest').notNull(),
  cohort: text('cohort').notNull(),
  hasJourney: boolean('has_journey').notNull(),
  utmSource: text('utm_source'),
  utmMedium: text('utm_medium'),
  sourceType: text('source_type'),
  utmCampaign: text('utm_campaign'),
  firstSource: text('first_source'),
  firstMedium: text('first_medium'),
  firstType: text('first_type'),
  firstCampaign: text('first_campaign'),
  month: integer('month').notNull(),
  customers: integer('customers').notNull(),
  grossSalesMinor: bigint('gross_sales_minor', { mode: 'number' }).notNull(),
  discountsMinor: bigint('discounts_minor', { mode: 'number' }).notNull(),
  cogsMinor: bigint('cogs_minor', { mode: 'number' }).notNull(),
  shippingMinor: bigint('shipping_minor', { mode: 'number' }).notNull(),
  paymentFeesMinor: bigint('payment_fees_minor', { mode: 'number' }).notNull(),
  returnsMinor: bigint('returns_minor', { mode: 'number' }).notNull(),
  restockedCogsMinor: bigint('restocked_cogs_minor', { mode: 'number' }).notNull(),
  units: bigint('units', { mode: 'number' }).notNull(),
  unitsWithCost: bigint('units_with_cost', { mode: 'number' }).notNull(),
  lastDay: date('last_day', { mode: 'string' }).notNull(),
  shippingChargesMinor: bigint('shipping_charges_minor', { mode: 'number' }).notNull().default(sql`0`),
});

export const profitRollupVersions = pgTable('profit_rollup_versions', {
  workspaceId: uuid('workspace_id').primaryKey(),
  version: text('version').notNull(),
  builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
});

export const contributionRollupVersions = pgTable('contribution_rollup_versions', {
  workspaceId: uuid('workspace_id').primaryKey(),
  version: text('version').notNull(),
  builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Affinity's kept rows (migration 0710, decision 149): each order as the fold last saw it. */
export const basketOrders = pgTable(
  'basket_orders',
  {
    workspaceId: uuid('workspace_id').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    orderDate: date('order_date', { mode: 'string' }).notNull(),
    customerId: bigint('customer_id', { mode: 'number' }),
    sale: boolean('sale').notNull(),
    fingerprint: bigint('fingerprint', { mode: 'number' }).notNull(),
    prevId: bigint('prev_id', { mode: 'number' }),
    prevDate: date('prev_date', { mode: 'string' }),
    nextId: bigint('next_id', { mode: 'number' }),
    nextDate: date('next_date', { mode: 'string' }),
    firstId: bigint('first_id', { mode: 'number' }),
    firstDate: date('first_date', { mode: 'string' }),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.orderId] })],
);

/** Affinity's per-day counts and contribution sums (migration 0710, decision 149). */
export const basketDayCounts = pgTable(
  'basket_day_counts',
  {
    workspaceId: uuid('workspace_id').notNull(),
    level: smallint('level').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    kind: smallint('kind').notNull(),
    a: bigint('a', { mode: 'number' }).notNull(),
    b: bigint('b', { mode: 'number' }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
    steps: bigint('steps', { mode: 'number' }).notNull(),
    nexts: bigint('nexts', { mode: 'number' }).notNull(),
    repeat: bigint('repeat', { mode: 'number' }).notNull(),
    contribution: doublePrecision('contribution').notNull(),
    revenue: doublePrecision('revenue').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.level, table.day, table.kind, table.a, table.b] }),
  ],
);

export const basketFoldState = pgTable('basket_fold_state', {
  workspaceId: uuid('workspace_id').primaryKey(),
  version: text('version'),
  foldedAt: timestamp('folded_at', { withTimezone: true }).notNull(),
});
