import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { typedJsonb } from '../typed-jsonb.ts';

/**
 * Warehouse details beside warehouse.ts: order transactions and shipping costs, refund lines, product lead times, forecast closures and model checks, and live orders from webhooks (subscriptions, events, versions).
 *
 * Declared from the migrated database (decision 132): columns, types, nullability and primary keys
 * as the SQL migrations create them, checked by test/platform/schema-declared-once.test.ts.
 * Indexes, constraints and foreign keys live in the migrations only.
 */

export const whOrderTransactions = pgTable(
  'wh_order_transactions',
  {
    workspaceId: uuid('workspace_id').notNull(),
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    gateway: text('gateway').notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'number' }),
    currencyCode: text('currency_code').notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }).notNull(),
    transactionDate: date('transaction_date', { mode: 'string' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.transactionId] })],
);

export const whOrderShippingCosts = pgTable(
  'wh_order_shipping_costs',
  {
    workspaceId: uuid('workspace_id').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    source: text('source').notNull(),
    costMinor: bigint('cost_minor', { mode: 'number' }).notNull(),
    weightGrams: integer('weight_grams'),
    orderDate: date('order_date', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.orderId, table.source] })],
);

export const whRefundLineItems = pgTable(
  'wh_refund_line_items',
  {
    workspaceId: uuid('workspace_id').notNull(),
    refundId: bigint('refund_id', { mode: 'number' }).notNull(),
    lineItemId: bigint('line_item_id', { mode: 'number' }).notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    refundDate: date('refund_date', { mode: 'string' }).notNull(),
    quantity: integer('quantity').notNull(),
    subtotalMinor: bigint('subtotal_minor', { mode: 'number' }).notNull(),
    restocked: boolean('restocked').notNull(),
    restockType: text('restock_type'),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.refundId, table.lineItemId] })],
);

export const productLeadTimes = pgTable(
  'product_lead_times',
  {
    workspaceId: uuid('workspace_id').notNull(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    leadTimeDays: integer('lead_time_days').notNull(),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.productId] })],
);

export const forecastClosures = pgTable(
  'forecast_closures',
  {
    workspaceId: uuid('workspace_id').notNull(),
    closedOn: date('closed_on', { mode: 'string' }).notNull(),
    confirmedBy: uuid('confirmed_by'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.closedOn] })],
);

export const analysisModelChecks = pgTable('analysis_model_checks', {
  runId: uuid('run_id').primaryKey(),
  workspaceId: uuid('workspace_id').notNull(),
  status: text('status').notNull(),
  checks: typedJsonb('checks', z.json()).notNull(),
  error: text('error'),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  durationMs: integer('duration_ms').notNull(),
});

export const webhookSubscriptions = pgTable('webhook_subscriptions', {
  workspaceId: uuid('workspace_id').primaryKey(),
  mode: text('mode').notNull(),
  reason: text('reason'),
  callbackUrl: text('callback_url'),
  subscriptionIds: typedJsonb('subscription_ids', z.json()).notNull().default(sql`'[]'::jsonb`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    workspaceId: uuid('workspace_id').notNull(),
    eventId: text('event_id').notNull(),
    topic: text('topic').notNull(),
    webhookId: text('webhook_id'),
    triggeredAt: timestamp('triggered_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    payload: typedJsonb('payload', z.json()),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    outcome: text('outcome'),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.eventId] })],
);

export const liveOrderVersions = pgTable('live_order_versions', {
  workspaceId: uuid('workspace_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
});
