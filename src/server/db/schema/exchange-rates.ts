import { sql } from 'drizzle-orm';
import { boolean, date, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Exchange rates: the ECB reference rates, their fetches, and rates the owner entered.
 *
 * Declared from the migrated database (decision 132): columns, types, nullability and primary keys
 * as the SQL migrations create them, checked by test/platform/schema-declared-once.test.ts.
 * Indexes, constraints and foreign keys live in the migrations only.
 */

export const ecbRates = pgTable(
  'ecb_rates',
  {
    rateDate: date('rate_date', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    rate: numeric('rate', { precision: 20, scale: 10 }).notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.currency, table.rateDate] })],
);

export const exchangeRateFetches = pgTable('exchange_rate_fetches', {
  id: boolean('id').primaryKey().default(sql`true`),
  attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
  succeededAt: timestamp('succeeded_at', { withTimezone: true }),
  error: text('error'),
  latestRateDate: date('latest_rate_date', { mode: 'string' }),
});

export const manualExchangeRates = pgTable(
  'manual_exchange_rates',
  {
    teamId: uuid('team_id').notNull(),
    rateDate: date('rate_date', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    rate: numeric('rate', { precision: 20, scale: 10 }).notNull(),
    enteredBy: uuid('entered_by'),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.currency, table.rateDate] })],
);
