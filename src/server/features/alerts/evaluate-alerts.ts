import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/query-rows.ts';
import type { AppDeps } from '../../http/deps.ts';
import type { AlertCondition } from './alert-condition.ts';
import { kpiAnomalyConditions } from './kpi-conditions.ts';
import { notifyAlert } from './notify-alert.ts';
import { sourceConditions, stockConditions } from './other-conditions.ts';
import { thresholdConditions } from './threshold-rules.ts';

const keyOf = (rule: string, subject: string) => `${rule}\u0000${subject}`;

/**
 * Evaluates every alert rule of a workspace (after each analysis run and on the schedule): a
 * condition that holds and has no open alert opens one (a partial unique index keeps it to one
 * even when two evaluations race) and notifies; an open alert whose condition no longer holds is
 * resolved and notifies that. An open alert that still holds sends nothing.
 */
export async function evaluateAlerts(
  deps: AppDeps,
  workspaceId: string,
): Promise<{ opened: number; resolved: number }> {
  const now = deps.clock();
  const groups = await Promise.all([
    kpiAnomalyConditions(deps.db, workspaceId, now),
    stockConditions(deps, workspaceId),
    sourceConditions(deps.db, workspaceId, now, deps.env.syncIntervalMinutes),
    thresholdConditions(deps, workspaceId, now),
  ]);
  const holding = new Map<string, AlertCondition>();
  for (const condition of groups.flat()) holding.set(keyOf(condition.rule, condition.subject), condition);

  let opened = 0;
  for (const condition of holding.values()) {
    const [row] = await queryRows<{ id: string }>(
      deps.db,
      sql`INSERT INTO alerts (workspace_id, rule, subject, status, title, detail, link, opened_at)
          VALUES (${workspaceId}, ${condition.rule}, ${condition.subject}, 'open', ${condition.title}, ${condition.detail},
            ${condition.link}, ${now.toISOString()})
          ON CONFLICT (workspace_id, rule, subject) WHERE status = 'open' DO NOTHING
          RETURNING id`,
    );
    if (!row) continue;
    opened += 1;
    await notifyAlert(deps, workspaceId, row.id, condition, 'opened');
  }

  const open = await queryRows<{
    id: string;
    rule: string;
    subject: string;
    title: string;
    detail: string;
    link: string;
  }>(
    deps.db,
    sql`SELECT id, rule, subject, title, detail, link FROM alerts WHERE workspace_id = ${workspaceId} AND status = 'open'`,
  );
  let resolved = 0;
  for (const alert of open) {
    if (holding.has(keyOf(alert.rule, alert.subject))) continue;
    const [row] = await queryRows<{ id: string }>(
      deps.db,
      sql`UPDATE alerts SET status = 'resolved', resolved_at = ${now.toISOString()}
          WHERE id = ${alert.id} AND status = 'open' RETURNING id`,
    );
    if (!row) continue;
    resolved += 1;
    await notifyAlert(deps, workspaceId, alert.id, alert, 'resolved');
  }
  return { opened, resolved };
}
