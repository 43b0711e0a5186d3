import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '../../db/query-rows.ts';
import type { AppDeps } from '../../http/deps.ts';
import type { AlertCondition, ThinHistory } from './alert-condition.ts';
import { creativeFatigueConditions } from './creative-conditions.ts';
import { kpiAnomalyConditions } from './kpi-conditions.ts';
import { campaignAnomalyConditions, ga4ConversionConditions } from './marketing-conditions.ts';
import { notifyAlert } from './notify-alert.ts';
import { sourceConditions, stockConditions } from './other-conditions.ts';
import { adSpendOutOfStockConditions, trackingSilenceConditions } from './spend-and-tracking-conditions.ts';
import { thresholdConditions } from './threshold-rules.ts';

const keyOf = (rule: string, subject: string) => `${rule}\u0000${subject}`;

/** The built-in rules that could not judge their day this time (GET /api/alerts → notes). */
async function replaceNotes(deps: AppDeps, workspaceId: string, notes: ThinHistory[], now: Date) {
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM alert_notes WHERE workspace_id = ${workspaceId}`);
    for (const note of notes) {
      await tx.execute(
        sql`INSERT INTO alert_notes (workspace_id, rule, subject, note, noted_at)
            VALUES (${workspaceId}, ${note.rule}, ${note.subject}, ${note.note}, ${now.toISOString()})
            ON CONFLICT DO NOTHING`,
      );
    }
  });
  if (notes.length > 0)
    deps.log.info({ workspaceId, notes: notes.map((n) => n.note) }, 'alert rules not judged');
}

const EvaluateAlertRow = z.object({ id: z.string() });

const OpenRow = z.object({
  id: z.string(),
  rule: z.string(),
  subject: z.string(),
  title: z.string(),
  detail: z.string(),
  link: z.string(),
});

const EvaluateAlertRow2 = z.object({ id: z.string() });

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
  const db = deps.db;
  const [kpis, marketing, conversion, ...groups] = await Promise.all([
    kpiAnomalyConditions(deps, workspaceId, now),
    campaignAnomalyConditions(deps, workspaceId, now),
    ga4ConversionConditions(db, workspaceId, now),
    stockConditions(deps, workspaceId),
    adSpendOutOfStockConditions(db, workspaceId, now),
    sourceConditions(db, workspaceId, now, deps.env.syncIntervalMinutes),
    trackingSilenceConditions(db, workspaceId, now),
    thresholdConditions(deps, workspaceId, now),
    creativeFatigueConditions(deps, workspaceId, now),
  ]);
  const findings = [kpis, marketing, conversion];
  await replaceNotes(
    deps,
    workspaceId,
    findings.flatMap((f) => f.thin),
    now,
  );
  const holding = new Map<string, AlertCondition>();
  for (const condition of [...findings.flatMap((f) => f.conditions), ...groups.flat()])
    holding.set(keyOf(condition.rule, condition.subject), condition);

  let opened = 0;
  for (const condition of holding.values()) {
    const [row] = await queryRows(
      deps.db,
      EvaluateAlertRow,
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

  const open = await queryRows(
    deps.db,
    OpenRow,
    sql`SELECT id, rule, subject, title, detail, link FROM alerts WHERE workspace_id = ${workspaceId} AND status = 'open'`,
  );
  let resolved = 0;
  for (const alert of open) {
    if (holding.has(keyOf(alert.rule, alert.subject))) continue;
    const [row] = await queryRows(
      deps.db,
      EvaluateAlertRow2,
      sql`UPDATE alerts SET status = 'resolved', resolved_at = ${now.toISOString()}
          WHERE id = ${alert.id} AND status = 'open' RETURNING id`,
    );
    if (!row) continue;
    resolved += 1;
    await notifyAlert(deps, workspaceId, alert.id, alert, 'resolved');
  }
  return { opened, resolved };
}
