import { doublePrecision, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { typedJsonb } from '../typed-jsonb.ts';
import { users, workspaces } from './auth.ts';

/** One arm as stored: revenue in integer minor units of the experiment's currency. */
const StoredVariantSchema = z.object({
  name: z.string(),
  visitors: z.number(),
  conversions: z.number(),
  revenueMinor: z.number(),
});
export type StoredVariant = z.infer<typeof StoredVariantSchema>;

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
    variants: typedJsonb('variants', z.array(StoredVariantSchema)).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('experiments_workspace_idx').on(table.workspaceId, table.createdAt)],
);
