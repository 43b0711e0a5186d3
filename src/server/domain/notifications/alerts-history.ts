import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  type Alert,
  type AlertList,
  type AlertNote,
  AlertSchema,
} from '../../../shared/contracts/notifications.ts';
import { mentionsCostMetric } from '../../../shared/permissions.ts';
import type { Db } from '../../db/client.ts';
import { queryRows, timestampColumn } from '../../db/query-rows.ts';
import { listAlertDeliveries } from '../../platform/notifications/delivery-store.ts';

const AlertNoteRow = z.object({ rule: z.string(), subject: z.string(), note: z.string() });

/** The latest evaluation's notes on built-in rules it could not judge (history too thin). */
export async function listAlertNotes(db: Db, workspaceId: string): Promise<AlertNote[]> {
  const rows = await queryRows(
    db,
    AlertNoteRow,
    sql`SELECT rule, subject, note FROM alert_notes WHERE workspace_id = ${workspaceId} ORDER BY rule, subject`,
  );
  return rows;
}

const AlertRow = z.object({
  id: z.string(),
  rule: z.string(),
  subject: z.string(),
  title: z.string(),
  detail: z.string(),
  link: z.string(),
  status: AlertSchema.shape.status,
  opened_at: timestampColumn,
  resolved_at: timestampColumn.nullable(),
});

/** GET /api/alerts: every alert of the workspace, newest first, with the messages it caused. */
export async function listAlerts(db: Db, workspaceId: string, limit = 200): Promise<Alert[]> {
  const rows = await queryRows(
    db,
    AlertRow,
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

/**
 * GET /api/alerts: the store's alerts and the rules not judged at the latest evaluation. A member
 * without cost access sees no alert about a cost or profit figure (issue #17).
 */
export async function readAlertList(
  db: Db,
  { workspaceId, canSeeCosts }: { workspaceId: string; canSeeCosts: boolean },
): Promise<AlertList> {
  const [alerts, notes] = await Promise.all([listAlerts(db, workspaceId), listAlertNotes(db, workspaceId)]);
  return {
    alerts: canSeeCosts ? alerts : alerts.filter((alert) => !mentionsCostMetric(alert.title)),
    notes,
  };
}
