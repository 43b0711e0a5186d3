import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { summarizeFunnel } from '../../../core/funnels/summarize-funnel.ts';
import type { Funnel, FunnelReport, FunnelReportQuery } from '../../../shared/contracts/funnels.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { matchFunnelSessions } from './match-funnel-sessions.ts';

/**
 * GET /api/funnels/:id/report (issue 40, decisions 108 and 118): the funnel's matched sessions
 * (matchFunnelSessions), then the per-step figures (summarizeFunnel) with the revenue of the orders
 * joined to the sessions, its share of all revenue orders of the days, and their contribution margin.
 */
export async function readFunnelReport(
  db: Db,
  workspaceId: string,
  funnel: Pick<Funnel, 'name' | 'steps' | 'windowMinutes'>,
  query: FunnelReportQuery,
  now: Date,
): Promise<FunnelReport> {
  const { from, to, currency, sessions } = await matchFunnelSessions(db, workspaceId, funnel, query, now);
  const [total] = await queryRows(
    db,
    z.object({ revenue: z.coerce.number() }),
    sql`SELECT COALESCE(sum(total_minor), 0) AS revenue FROM wh_orders
      WHERE workspace_id = ${workspaceId}::uuid AND NOT test AND cancelled_at IS NULL
        AND order_date BETWEEN ${from}::date AND ${to}::date`,
  );
  const summary = summarizeFunnel(funnel.steps.length, sessions, total?.revenue ?? 0);
  return {
    name: funnel.name,
    from,
    to,
    currency,
    steps: summary.map((step, i) => ({
      name: funnel.steps[i]!.value,
      ...step,
      revenue: Math.round(step.revenue),
      contribution: Math.round(step.contribution),
    })),
  };
}
