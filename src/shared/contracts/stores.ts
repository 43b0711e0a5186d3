import { z } from 'zod';

/**
 * Stores of a workspace (issue #17, decision 053). A workspace (a team of people) holds one or more
 * stores; each store has its own connections, sync, analysis and tracked sites. The session has an
 * active store, which every page reads.
 */

/** Roles of a workspace's members, from most to least powerful. */
export const TEAM_ROLES = ['owner', 'admin', 'analyst', 'viewer'] as const;
export const TeamRoleSchema = z.enum(TEAM_ROLES);
export type TeamRole = z.infer<typeof TeamRoleSchema>;

export const StoreSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The shop's currency (ISO 4217) once Shopify has synced, else null. */
  currency: z.string().nullable(),
  /** The connected Shopify domain once synced, else null. */
  shopDomain: z.string().nullable(),
  /**
   * The shop's IANA time zone once Shopify has synced, else null: the zone its days are counted
   * in, so the browser's date range presets end on the shop's yesterday, not the viewer's.
   */
  timeZone: z.string().nullable(),
  /** True for the session's active store. */
  active: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type Store = z.infer<typeof StoreSchema>;

/** A workspace the caller is a member of, with its stores (oldest first) and the caller's role in it. */
export const StoreTeamSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The caller's role in this workspace. */
  role: TeamRoleSchema,
  /** The currency this workspace's All-stores views sum into (ISO 4217). */
  reportingCurrency: z.string(),
  /** True for the workspace of the session's active store. */
  active: z.boolean(),
  stores: z.array(StoreSchema),
});
export type StoreTeam = z.infer<typeof StoreTeamSchema>;

/**
 * GET /api/stores — `stores`, `role` and `reportingCurrency` are those of the active store's
 * workspace; `teams` lists every workspace the caller is a member of (the first they joined first),
 * each with its stores, so the switcher reaches them all (decision 069).
 */
export const StoreListSchema = z.object({
  activeStoreId: z.uuid(),
  /** The caller's role in the workspace (the switcher offers "Add store" to owners and admins). */
  role: TeamRoleSchema,
  /** The currency the All-stores views sum into (ISO 4217). */
  reportingCurrency: z.string(),
  stores: z.array(StoreSchema),
  teams: z.array(StoreTeamSchema),
});
export type StoreList = z.infer<typeof StoreListSchema>;

/** POST /api/stores — a new, empty store in the caller's workspace (owners and admins). */
export const CreateStoreBodySchema = z.object({
  name: z.string().trim().min(1, 'name is required').max(100, 'name is at most 100 characters'),
});
export type CreateStoreBody = z.infer<typeof CreateStoreBodySchema>;

/**
 * POST /api/demo/stores (demo mode): the second demo shop, in another currency, added as a store of
 * the caller's workspace (201) or found there (200, `shopify` null: nothing was connected again).
 */
export const DemoStoreAddedSchema = z.object({
  store: StoreSchema,
  /** The shop currency of the demo store (e.g. EUR). */
  currency: z.string(),
  shopify: z.object({ isValid: z.boolean(), message: z.string() }).nullable(),
});
export type DemoStoreAdded = z.infer<typeof DemoStoreAddedSchema>;

export const StoreParamsSchema = z.object({ id: z.uuid('id must be a store id') });
