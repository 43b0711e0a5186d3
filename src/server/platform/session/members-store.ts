import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { TeamRoleSchema } from '../../../shared/contracts/stores.ts';
import type { Db } from '../../db/client.ts';
import { queryRows, timestampColumn } from '../../db/query-rows.ts';

export const MemberRow = z.object({
  user_id: z.string(),
  email: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  role: TeamRoleSchema,
  can_see_costs: z.boolean(),
  can_see_personal_data: z.boolean(),
  created_at: timestampColumn,
});
export type MemberRow = z.infer<typeof MemberRow>;

/** A team's members with their profile, oldest first; `forUpdate` locks their rows. */
export function readMembers(db: Db, teamId: string, options: { forUpdate?: boolean } = {}) {
  return queryRows(
    db,
    MemberRow,
    sql`SELECT m.user_id, u.email, u.first_name, u.last_name, m.role, m.can_see_costs, m.can_see_personal_data,
          m.created_at
        FROM team_members m JOIN users u ON u.id = m.user_id
        WHERE m.team_id = ${teamId}
        ORDER BY m.created_at, m.user_id
        ${options.forUpdate ? sql`FOR UPDATE OF m` : sql``}`,
  );
}

/** Runs `work` in a transaction (typed as Db, like the rest of the server's transactions). */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (raw) => work(raw as unknown as Db));
}
