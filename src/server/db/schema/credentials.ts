import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { typedJsonb } from '../typed-jsonb.ts';
import { workspaces } from './auth.ts';

/**
 * One encrypted credential record per (workspace, provider). The secret JSON is AES-256-GCM
 * ciphertext (src/server/vault); `public_info` holds only non-secret display values (shop
 * domain, masked key, property id, service-account e-mail, ad account id) so status and masked
 * views never need to decrypt. `status` records the last connection test, so a failed test keeps
 * the credentials and flags them instead of dropping them.
 */
/** Non-secret display values of a credential, by name. */
const PublicInfoSchema = z.record(z.string(), z.union([z.string(), z.boolean(), z.number(), z.null()]));

export const credentials = pgTable(
  'credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    keyId: text('key_id').notNull(),
    iv: text('iv').notNull(),
    authTag: text('auth_tag').notNull(),
    ciphertext: text('ciphertext').notNull(),
    publicInfo: typedJsonb('public_info', PublicInfoSchema).notNull().default({}),
    status: text('status').notNull().default('unverified'),
    lastError: text('last_error'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('credentials_workspace_provider_key').on(table.workspaceId, table.provider)],
);
