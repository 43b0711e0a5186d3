import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { matchFunnelMarks } from '../../../core/funnels/match-funnel-marks.ts';
import { summarizeFunnel } from '../../../core/funnels/summarize-funnel.ts';
import { contributionOf } from '../../../core/profit/contribution-of.ts';
import { addDays, localDayOf } from '../../../shared/calendar.ts';
import type { Funnel, FunnelReport, FunnelReportQuery } from '../../../shared/contracts/funnels.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { readFunnelSessionMarks } from './funnel-session-marks.ts';

const ShopRow = z.object({ time_zone: z.string().nullable(), currency: z.string().nullable() });

/**
 * GET /api/funnels/:id/report (issue 40, decisions 108 and 118). The sessions of the store that
 * started on the shop-local days `from`–`to` (default the 30 days up to the shop's today) and
 * passed step 1, of the filters asked, one compact row each from the database
 * (readFunnelSessionMarks); each session matched through the steps in src/core
 * (matchFunnelMarks), then the per-step figures (summarizeFunnel) with the revenue of the orders
 * joined to the sessions, its share of all revenue orders of the days, and their contribution margin
 * (`contributionOf` over decision 010's parts: COGS at the time of sale, shipping cost, fees, refunds).
 */
export async function readFunnelReport(
  db: Db,
  workspaceId: string,
  funnel: Pick<Funnel, 'name' | 'steps' | 'windowMinutes'>,
  query: FunnelReportQuery,
  now: Date,
): Promise<FunnelReport> {
  const [shop] = await queryRows(
    db,
    ShopRow,
    sql`SELECT iana_timezone AS time_zone, currency_code AS currency FROM wh_shops WHERE workspace_id = ${workspaceId}::uuid`,
  );
  const timeZone = shop?.time_zone ?? 'UTC';
  const { from: askedFrom, to: askedTo, ...filters } = query;
  const to = askedTo ?? localDayOf(now, timeZone);
  const from = askedFrom ?? addDays(to, -29);
  const sessions = await readFunnelSessionMarks(db, {
    workspaceId,
    steps: funnel.steps,
    timeZone,
    from,
    to,
    filters,
  });
  const windowMs = funnel.windowMinutes * 60_000;
  const matched = sessions.map((s) => ({
    passedAt: matchFunnelMarks(
      funnel.steps.length,
      s.times.map((at, i) => ({ at, steps: s.steps[i]! })),
      windowMs,
    ),
    revenue: s.revenue,
    contribution: contributionOf({
      grossSales: s.gross_sales,
      shippingCharges: s.shipping_charges,
      discounts: s.discounts,
      returns: s.returns,
      cogs: s.cogs,
      shipping: s.shipping,
      paymentFees: s.payment_fees,
    }).contributionMargin,
  }));

  const [total] = await queryRows(
    db,
    z.object({ revenue: z.coerce.number() }),
    sql`SELECT COALESCE(sum(total_minor), 0) AS revenue FROM wh_orders
      WHERE workspace_id = ${workspaceId}::uuid AND NOT test AND cancelled_at IS NULL
        AND order_date BETWEEN ${from}::date AND ${to}::date`,
  );
  const summary = summarizeFunnel(funnel.steps.length, matched, total?.revenue ?? 0);
  return {
    name: funnel.name,
    from,
    to,
    currency: shop?.currency ?? 'USD',
    steps: summary.map((step, i) => ({
      name: funnel.steps[i]!.value,
      ...step,
      revenue: Math.round(step.revenue),
      contribution: Math.round(step.contribution),
    })),
  };
}
