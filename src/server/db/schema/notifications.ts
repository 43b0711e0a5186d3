import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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

/**
 * Alerts, their rules and notes, and where and how they are delivered (notification channels, settings, deliveries).
 *
 * Declared from the migrated database (decision 132): columns, types, nullability and primary keys
 * as the SQL migrations create them, checked by test/platform/schema-declared-once.test.ts.
 * Indexes, constraints and foreign keys live in the migrations only.
 */

export const alerts = pgTable('alerts', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  rule: text('rule').notNull(),
  subject: text('subject').notNull().default(sql`''::text`),
  status: text('status').notNull(),
  title: text('title').notNull(),
  detail: text('detail').notNull(),
  link: text('link').notNull(),
  openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
});

export const alertRules = pgTable('alert_rules', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  metric: text('metric').notNull(),
  comparator: text('comparator').notNull(),
  threshold: bigint('threshold', { mode: 'number' }).notNull(),
  windowDays: smallint('window_days').notNull(),
  enabled: boolean('enabled').notNull().default(sql`true`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const alertNotes = pgTable(
  'alert_notes',
  {
    workspaceId: uuid('workspace_id').notNull(),
    rule: text('rule').notNull(),
    subject: text('subject').notNull(),
    note: text('note').notNull(),
    notedAt: timestamp('noted_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.rule, table.subject] })],
);

export const notificationChannels = pgTable('notification_channels', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  type: text('type').notNull(),
  name: text('name').notNull(),
  targetMasked: text('target_masked').notNull(),
  targetKeyId: text('target_key_id').notNull(),
  targetIv: text('target_iv').notNull(),
  targetAuthTag: text('target_auth_tag').notNull(),
  targetCiphertext: text('target_ciphertext').notNull(),
  digests: boolean('digests').notNull().default(sql`true`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const notificationSettings = pgTable(
  'notification_settings',
  {
    workspaceId: uuid('workspace_id').notNull(),
    userId: uuid('user_id').notNull(),
    dailyDigest: boolean('daily_digest').notNull().default(sql`true`),
    weeklyDigest: boolean('weekly_digest').notNull().default(sql`false`),
    digestHour: smallint('digest_hour').notNull().default(sql`7`),
    emailAlerts: boolean('email_alerts').notNull().default(sql`true`),
    quietStart: smallint('quiet_start'),
    quietEnd: smallint('quiet_end'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.userId] })],
);

export const notificationDeliveries = pgTable('notification_deliveries', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  source: text('source').notNull(),
  period: text('period').notNull(),
  recipient: text('recipient').notNull(),
  channelId: uuid('channel_id'),
  alertId: uuid('alert_id'),
  kind: text('kind').notNull(),
  subject: text('subject').notNull(),
  message: typedJsonb('message', z.json()).notNull(),
  status: text('status').notNull(),
  attempts: integer('attempts').notNull().default(sql`0`),
  lastError: text('last_error'),
  claimedBy: text('claimed_by'),
  claimedAt: timestamp('claimed_at', { withTimezone: true }),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
