import { doublePrecision, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users, workspaces } from './auth.ts';

/** One arm as stored: revenue in integer minor units of the experiment's currency. */
export interface StoredVariant {
  name: string;
  visitors: number;
  conversions: number;
  revenueMinor: number;
}

/** A/B tests the owner records (migration 0066); the first arm is the control. */
export const experiments = pgTable(
  'experiments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    hypothesis: text('hypothesis').notNull().default(''),
    /** ISO 4217: the shop currency when the experiment was created. */
    currencyCode: text('currency_code').notNull(),
    /** Relative lift to detect, in percent (10 = 10 %): sets the planned sample size. */
    minimumDetectableEffect: doublePrecision('minimum_detectable_effect').notNull(),
    variants: jsonb('variants').$type<StoredVariant[]>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('experiments_workspace_idx').on(table.workspaceId, table.createdAt)],
);
