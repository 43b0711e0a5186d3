import { bigint, boolean, date, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

/**
 * The analysis facts kept beside the warehouse (decision 083): per-day, per-variant, per-customer and per-landing sums the analysis reads, and the dirty markers that say which to recompute.
 *
 * Declared from the migrated database (decision 132): columns, types, nullability and primary keys
 * as the SQL migrations create them, checked by test/platform/schema-declared-once.test.ts.
 * Indexes, constraints and foreign keys live in the migrations only.
 */

export const whFactOrderDays = pgTable('wh_fact_order_days', {
  workspaceId: uuid('workspace_id').notNull(),
  orderDate: date('order_date', { mode: 'string' }).notNull(),
  journey: text('journey').notNull(),
  orders: integer('orders').notNull(),
  totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
});

export const whFactRefundDays = pgTable('wh_fact_refund_days', {
  workspaceId: uuid('workspace_id').notNull(),
  orderDate: date('order_date', { mode: 'string' }).notNull(),
  refundDate: date('refund_date', { mode: 'string' }).notNull(),
  hasJourney: boolean('has_journey').notNull(),
  utmSource: text('utm_source'),
  utmMedium: text('utm_medium'),
  sourceType: text('source_type'),
  utmCampaign: text('utm_campaign'),
  firstUtmSource: text('first_utm_source'),
  firstUtmMedium: text('first_utm_medium'),
  firstSourceType: text('first_source_type'),
  firstUtmCampaign: text('first_utm_campaign'),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
});

export const whFactVariantDays = pgTable('wh_fact_variant_days', {
  workspaceId: uuid('workspace_id').notNull(),
  orderDate: date('order_date', { mode: 'string' }).notNull(),
  variantId: bigint('variant_id', { mode: 'number' }).notNull(),
  units: bigint('units', { mode: 'number' }).notNull(),
  revenueMinor: bigint('revenue_minor', { mode: 'number' }).notNull(),
});

export const whFactCustomerOrders = pgTable(
  'wh_fact_customer_orders',
  {
    workspaceId: uuid('workspace_id').notNull(),
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    orders: text('orders').notNull(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.customerId] })],
);

export const whFactOrderLandings = pgTable('wh_fact_order_landings', {
  workspaceId: uuid('workspace_id').notNull(),
  orderDate: date('order_date', { mode: 'string' }).notNull(),
  journey: text('journey').notNull(),
  landingPage: text('landing_page').notNull(),
  orders: integer('orders').notNull(),
});

export const whFactDirtyDays = pgTable('wh_fact_dirty_days', {
  workspaceId: uuid('workspace_id').notNull(),
  orderDate: date('order_date', { mode: 'string' }).notNull(),
});

export const whFactDirtyCustomers = pgTable('wh_fact_dirty_customers', {
  workspaceId: uuid('workspace_id').notNull(),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
});
