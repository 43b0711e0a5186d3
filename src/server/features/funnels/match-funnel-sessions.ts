import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { matchFunnelMarks } from '../../../core/funnels/match-funnel-marks.ts';
import { contributionOf } from '../../../core/profit/contribution-of.ts';
import { addDays, localDayOf } from '../../../shared/calendar.ts';
import type { Funnel, FunnelReportQuery } from '../../../shared/contracts/funnels.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { readFunnelSessionMarks, type SessionMarks } from './funnel-session-marks.ts';

const ShopRow = z.object({ time_zone: z.string().nullable(), currency: z.string().nullable() });

/** A session that passed a funnel's first step: its row, the times it passed each step, its orders' contribution. */
export interface MatchedFunnelSession {
  row: SessionMarks;
  passedAt: number[];
  revenue: number;
  contribution: number;
}

/** The shop days, currency and matched sessions of one funnel read. */
export interface MatchedFunnel {
  from: string;
  to: string;
  currency: string;
  sessions: MatchedFunnelSession[];
}

/**
 * The sessions a funnel report and its step drill-down read (issue 40, decisions 108 and 118):
 * those started on the shop-local days `from`–`to` (default the 30 days up to the shop's today)
 * that passed step 1, of the filters asked, one compact row each from the database
 * (readFunnelSessionMarks), each matched through the steps in src/core (matchFunnelMarks), with
 * the revenue of the orders joined to it and their contribution margin (`contributionOf` over
 * decision 010's parts: COGS at the time of sale, shipping cost, payment fees, refunds).
 */
export async function matchFunnelSessions(
  db: Db,
  workspaceId: string,
  funnel: Pick<Funnel, 'steps' | 'windowMinutes'>,
  query: FunnelReportQuery,
  now: Date,
): Promise<MatchedFunnel> {
  const [shop] = await queryRows(
    db,
    ShopRow,
    sql`SELECT iana_timezone AS time_zone, currency_code AS currency FROM wh_shops WHERE workspace_id = ${workspaceId}::uuid`,
  );
  const timeZone = shop?.time_zone ?? 'UTC';
  const { from: askedFrom, to: askedTo, ...filters } = query;
  const to = askedTo ?? localDayOf(now, timeZone);
  const from = askedFrom ?? addDays(to, -29);
  const rows = await readFunnelSessionMarks(db, {
    workspaceId,
    steps: funnel.steps,
    timeZone,
    from,
    to,
    filters,
  });
  const windowMs = funnel.windowMinutes * 60_000;
  const sessions = rows.map((row) => ({
    row,
    passedAt: matchFunnelMarks(
      funnel.steps.length,
      row.times.map((at, i) => ({ at, steps: row.steps[i]! })),
      windowMs,
    ),
    revenue: row.revenue,
    contribution: contributionOf({
      grossSales: row.gross_sales,
      shippingCharges: row.shipping_charges,
      discounts: row.discounts,
      returns: row.returns,
      cogs: row.cogs,
      shipping: row.shipping,
      paymentFees: row.payment_fees,
    }).contributionMargin,
  }));
  return { from, to, currency: shop?.currency ?? 'USD', sessions };
}
