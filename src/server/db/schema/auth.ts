import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { TEAM_ROLES } from '../../../shared/contracts/stores.ts';

/** A person who signs in through the identity provider; identified by (issuer, subject). */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    /** The store the person last chose (decision 069): sign-in lands there while they may see it. */
    lastStoreId: uuid('last_store_id').references(() => workspaces.id, { onDelete: 'set null' }),
    /** Password accounts (issuer 'upside:password', decision 094): the argon2id hash (PHC string). */
    passwordHash: text('password_hash'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** The TOTP secret, vault-encrypted; two-factor is on once totpEnabledAt is set. */
    totpSecret: jsonb('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_issuer_subject_key').on(table.issuer, table.subject)],
);

/**
 * A team: what the product calls a "workspace" (issue #17, decision 053): its members and roles,
 * and the reporting currency its All-stores views sum into. It holds one or more stores.
 */
export const teams = pgTable('teams', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  reportingCurrency: text('reporting_currency').notNull().default('USD'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A STORE (decision 053): the data scope of its own connections, sync, analysis and tracked sites.
 * The table keeps its historical name, and every `workspace_id` column in the schema means "store
 * id". Each store belongs to one team.
 */
export const workspaces = pgTable(
  'workspaces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('workspaces_team_id_idx').on(table.teamId)],
);

/** A person's membership of a team: their role and the two visibility switches. */
export const teamMembers = pgTable(
  'team_members',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: TEAM_ROLES }).notNull(),
    canSeeCosts: boolean('can_see_costs').notNull().default(true),
    canSeePersonalData: boolean('can_see_personal_data').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.userId] }),
    index('team_members_user_id_idx').on(table.userId),
  ],
);

/** Server-side sessions; the cookie carries a random token and only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** Names the session on the profile's device list (the token hash never leaves the server). */
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The active store (decision 053); `POST /api/stores/:id/select` changes it. */
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId), uniqueIndex('sessions_id_key').on(table.id)],
);

/** An OpenID Connect sign-in in flight: state, nonce and PKCE verifier, kept until the callback. */
export const loginAttempts = pgTable('login_attempts', {
  state: text('state').primaryKey(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  returnTo: text('return_to').notNull().default('/'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
