import type { Db } from '../../db/client.ts';

/**
 * A port (decisions 155, 215): revokes, at `now`, every API token a member made in the stores of a
 * team, in the caller's transaction `db`, so a removed member's tokens stop working with the
 * membership. The api-tokens feature provides it (it owns `api_tokens`); the composition root
 * (`main.ts`) passes it to the members feature, so members does not write api-tokens' table.
 */
export type RevokeMemberTokens = (
  db: Db,
  member: { teamId: string; userId: string },
  now: Date,
) => Promise<void>;
