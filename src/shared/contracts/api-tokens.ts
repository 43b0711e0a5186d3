import { z } from 'zod';

/**
 * Workspace API tokens (issue 18.3): read-only bearer tokens for scripts and BI tools, created on
 * the profile page. The token is returned once, by POST /api/tokens; lists show its prefix only.
 */

export const CreateApiTokenBodySchema = z.object({
  name: z.string().trim().min(1, 'name is required').max(100, 'name is at most 100 characters'),
  /** Optional expiry (ISO 8601 instant, in the future); without it the token lives until revoked. */
  expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type CreateApiTokenBody = z.infer<typeof CreateApiTokenBodySchema>;

export const CreatedApiTokenSchema = z.object({
  id: z.uuid(),
  /** Shown once: send it as `Authorization: Bearer <token>`. */
  token: z.string(),
});
export type CreatedApiToken = z.infer<typeof CreatedApiTokenSchema>;

export const ApiTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The token's first characters, e.g. "upside_Xy3k". */
  prefix: z.string(),
  /** Null = every store of the workspace (stores arrive in a later issue). */
  storeId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime().nullable(),
  lastUsedAt: z.iso.datetime().nullable(),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

export const ApiTokenListSchema = z.object({ tokens: z.array(ApiTokenSchema) });
export type ApiTokenList = z.infer<typeof ApiTokenListSchema>;

export const ApiTokenParamsSchema = z.object({ id: z.uuid('id must be a token id') });
