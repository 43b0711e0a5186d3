import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { AUDIT_ACTIONS, type AuditLogPage } from '../../../shared/contracts/members.ts';
import type { Db } from '../../db/client.ts';
import { queryRows, timestampColumn } from '../../db/query-rows.ts';

const Row = z.object({
  id: z.string(),
  created_at: timestampColumn,
  actor_email: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  target: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  store_name: z.string().nullable(),
});

/** One page of a team's audit log, newest first, keyset by entry id (`before` excluded). */
export async function readAuditLog(
  db: Db,
  teamId: string,
  page: { before?: number | undefined; limit: number },
): Promise<AuditLogPage> {
  const rows = await queryRows(
    db,
    Row,
    sql`SELECT a.id::text AS id, a.created_at, a.actor_email, a.action, a.target, a.details, w.name AS store_name
        FROM audit_log a LEFT JOIN workspaces w ON w.id = a.store_id
        WHERE a.team_id = ${teamId} ${page.before === undefined ? sql`` : sql`AND a.id < ${page.before}`}
        ORDER BY a.id DESC LIMIT ${page.limit + 1}`,
  );
  const entries = rows.slice(0, page.limit).map((row) => ({
    id: row.id,
    at: new Date(row.created_at).toISOString(),
    actor: row.actor_email,
    action: row.action,
    target: row.target,
    details: row.details,
    storeName: row.store_name,
  }));
  return { entries, nextBefore: rows.length > page.limit ? (entries.at(-1)?.id ?? null) : null };
}
