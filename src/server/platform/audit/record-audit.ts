import { sql } from 'drizzle-orm';
import type { AuditAction } from '../../../shared/contracts/members.ts';
import type { Db } from '../../db/client.ts';

export interface AuditEvent {
  teamId: string;
  /** The store it happened in, when it concerns one. */
  storeId: string | null;
  /** The member who did it; null for the system. */
  actorUserId: string | null;
  action: AuditAction;
  target: string | null;
  details?: Record<string, unknown>;
}

/**
 * Appends one entry to the audit log (issue #17 item 4, decision 055). The actor's e-mail is copied
 * in, so the entry still says who once the user is gone. Pass the transaction of the change when
 * there is one, so the change and its entry commit together.
 */
export async function recordAudit(db: Db, event: AuditEvent, now: Date): Promise<void> {
  await db.execute(
    sql`INSERT INTO audit_log (team_id, store_id, actor_user_id, actor_email, action, target, details, created_at)
        VALUES (${event.teamId}, ${event.storeId}, ${event.actorUserId},
          (SELECT email FROM users WHERE id = ${event.actorUserId}), ${event.action}, ${event.target},
          ${JSON.stringify(event.details ?? {})}::jsonb, ${now.toISOString()})`,
  );
}
