import { type FunnelStepSession, summarizeFunnelStep } from '../../../core/funnels/summarize-funnel-step.ts';
import type { FunnelReportQuery, FunnelStepSessions } from '../../../shared/contracts/funnels.ts';
import { currencyDigitsOf, minorToDecimal } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import type { FunnelSessionRow } from '../../domain/funnels/funnel-session-filter.ts';
import {
  type MatchedFunnelSession,
  matchFunnelSessions,
  type ReportedFunnel,
} from '../../domain/funnels/match-funnel-sessions.ts';
import { badRequest } from '../../errors.ts';

/** A matched session as summarizeFunnelStep reads it. */
export const stepSessionOf = ({
  row,
  passedAt,
  revenue,
}: Pick<MatchedFunnelSession, 'passedAt' | 'revenue'> & { row: FunnelSessionRow }): FunnelStepSession => ({
  sessionId: row.session_id,
  trackingId: row.tracking_id,
  startedAt: row.started_at.getTime(),
  device: row.device,
  exitPage: row.exit_page,
  passedAt,
  revenue,
});

/**
 * GET /api/funnels/:id/steps/:step/sessions (issue 40): the sessions of the same report
 * (matchFunnelSessions, the same days and filters) that passed step `step` (1-based), and where
 * those that went no further left the site (summarizeFunnelStep). A step past the funnel's last is
 * a 400 naming `step`.
 */
export async function readFunnelStepSessions(
  db: Db,
  workspaceId: string,
  funnel: ReportedFunnel,
  step: number,
  query: FunnelReportQuery,
  now: Date,
): Promise<FunnelStepSessions> {
  if (step > funnel.steps.length)
    throw badRequest(
      `step: this funnel has ${funnel.steps.length} steps; step must be 1 to ${funnel.steps.length}.`,
    );
  const { from, to, currency, sessions } = await matchFunnelSessions(db, workspaceId, funnel, query, now);
  const drillDown = summarizeFunnelStep(step - 1, sessions.map(stepSessionOf));
  return {
    name: funnel.steps[step - 1]!.value,
    step,
    from,
    to,
    currency,
    sessions: drillDown.sessions,
    leftHere: drillDown.leftHere,
    exitPages: drillDown.exitPages,
    latest: drillDown.latest.map((s) => ({
      ...s,
      startedAt: new Date(s.startedAt).toISOString(),
      revenue: minorToDecimal(Math.round(s.revenue), currencyDigitsOf(currency)),
    })),
  };
}
