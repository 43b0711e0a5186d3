import { sql } from 'drizzle-orm';
import { bigint, bigserial, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { typedJsonb } from '../typed-jsonb.ts';

/**
 * Account security and compliance beside auth.ts: invitations, password and TOTP recovery, sign-in failures, the audit logs, and customer data requests and redactions.
 *
 * Declared from the migrated database (decision 132): columns, types, nullability and primary keys
 * as the SQL migrations create them, checked by test/platform/schema-declared-once.test.ts.
 * Indexes, constraints and foreign keys live in the migrations only.
 */

export const teamInvitations = pgTable('team_invitations', {
  id: uuid('id').primaryKey().defaultRandom(),
  teamId: uuid('team_id').notNull(),
  email: text('email').notNull(),
  role: text('role').notNull(),
  tokenHash: text('token_hash').notNull(),
  invitedBy: uuid('invited_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  acceptedBy: uuid('accepted_by'),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

export const passwordTokens = pgTable('password_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id').notNull(),
  purpose: text('purpose').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const totpRecoveryCodes = pgTable(
  'totp_recovery_codes',
  {
    userId: uuid('user_id').notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.codeHash] })],
);

export const signInFailures = pgTable('sign_in_failures', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  account: text('account').notNull(),
  ip: text('ip').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});

export const auditLog = pgTable('audit_log', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  teamId: uuid('team_id').notNull(),
  storeId: uuid('store_id'),
  actorUserId: uuid('actor_user_id'),
  actorEmail: text('actor_email'),
  action: text('action').notNull(),
  target: text('target'),
  details: typedJsonb('details', z.json()).notNull().default(sql`'{}'::jsonb`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const complianceAuditLog = pgTable('compliance_audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  workspaceId: uuid('workspace_id').notNull(),
  topic: text('topic').notNull(),
  eventId: text('event_id'),
  customerId: bigint('customer_id', { mode: 'number' }),
  action: text('action').notNull(),
  rowsAffected: integer('rows_affected').notNull().default(sql`0`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const customerDataExports = pgTable('customer_data_exports', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  content: typedJsonb('content', z.json()).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const redactedCustomers = pgTable(
  'redacted_customers',
  {
    workspaceId: uuid('workspace_id').notNull(),
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    redactedAt: timestamp('redacted_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.customerId] })],
);
