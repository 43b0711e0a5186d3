import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users, workspaces } from './auth.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true });

/** Read-only workspace API tokens (migration 0120, decision 019). */
export const apiTokens = pgTable('api_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  /** One store of the workspace once stores exist; null = every store of the workspace. */
  storeId: uuid('store_id'),
  /** Who created it; requests made with the token act as this user, read-only. */
  createdBy: uuid('created_by')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** SHA-256 (hex) of the whole token; the token itself is never stored. */
  tokenHash: text('token_hash').notNull().unique(),
  /** The token's first characters, so the owner can tell tokens apart in the list. */
  tokenPrefix: text('token_prefix').notNull(),
  createdAt: instant('created_at').notNull(),
  expiresAt: instant('expires_at'),
  /** Updated at most once a minute per token (see authenticate-api-token.ts). */
  lastUsedAt: instant('last_used_at'),
  revokedAt: instant('revoked_at'),
});
