import { sql } from 'drizzle-orm';
import type { Alert, AlertNote } from '../../../shared/contracts/notifications.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { listAlertDeliveries } from './delivery-store.ts';

/** The latest evaluation's notes on built-in rules it could not judge (history too thin). */
export async function listAlertNotes(db: Db, workspaceId: string): Promise<AlertNote[]> {
  const rows = await queryRows<{ rule: string; subject: string; note: string }>(
    db,
    sql`SELECT rule, subject, note FROM alert_notes WHERE workspace_id = ${workspaceId} ORDER BY rule, subject`,
  );
  return rows;
}

/** GET /api/alerts: every alert of the workspace, newest first, with the messages it caused. */
export async function listAlerts(db: Db, workspaceId: string, limit = 200): Promise<Alert[]> {
  const rows = await queryRows<{
    id: string;
    rule: string;
    subject: string;
    title: string;
    detail: string;
    link: string;
    status: Alert['status'];
    opened_at: Date | string;
    resolved_at: Date | string | null;
  }>(
    db,
    sql`SELECT id, rule, subject, title, detail, link, status, opened_at, resolved_at FROM alerts
        WHERE workspace_id = ${workspaceId} ORDER BY opened_at DESC, id LIMIT ${limit}`,
  );
  const deliveries = await listAlertDeliveries(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    rule: row.rule,
    subject: row.subject,
    title: row.title,
    detail: row.detail,
    link: row.link,
    status: row.status,
    openedAt: new Date(row.opened_at).toISOString(),
    resolvedAt: row.resolved_at === null ? null : new Date(row.resolved_at).toISOString(),
    deliveries: deliveries.get(row.id) ?? [],
  }));
}
