import { sql } from 'drizzle-orm';
import type { TeamRole } from '../../../shared/contracts/stores.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';

export interface MemberRow {
  user_id: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  role: TeamRole;
  can_see_costs: boolean;
  can_see_personal_data: boolean;
  created_at: Date | string;
}

/** A team's members with their profile, oldest first; `forUpdate` locks their rows. */
export function readMembers(db: Db, teamId: string, options: { forUpdate?: boolean } = {}) {
  return queryRows<MemberRow>(
    db,
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
