import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { spreadOverDays } from '../../../core/costs/spread-over-days.ts';
import { addDays, daysBetween, localDayOf } from '../../../shared/calendar.ts';
import {
  MANUAL_SPEND_PLATFORM,
  type ManualSpendLine,
  type ManualSpendLineInput,
} from '../../../shared/contracts/ad-spend-import.ts';
import { currencyDigitsOf, minorToDecimal, parseDecimalToMinor } from '../../../shared/money.ts';
import { queryRows } from '../../db/query-rows.ts';
import { requireShop } from '../../domain/shop/read-shop.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { AppDeps } from '../../http/deps.ts';
import { writeSpendDays } from './write-spend-days.ts';

/**
 * Manual cost lines (issue #39 step 4, decision 106): agency fees, influencers — an amount in a
 * currency over a date range, spread evenly per day (core/costs/spread-over-days.ts: the first
 * days carry the remainder's minor units, so the days sum to the amount exactly) and stored as
 * 'manual' campaign days whose campaign is the line, so every spend total counts them. Editing a
 * line rewrites its days; deleting it removes them.
 */

type Deps = Pick<AppDeps, 'db' | 'env' | 'demo' | 'clock' | 'log'>;

const FIRST_DAY = '2000-01-01';
const MAX_DAYS = 3660;
/** A line may reach a year ahead (a retainer booked for the months to come). */
const MAX_DAYS_AHEAD = 366;

const LineRow = z.object({
  id: z.string(),
  name: z.string(),
  amount_minor: z.coerce.number(),
  currency_code: z.string(),
  start_date: z.string(),
  end_date: z.string(),
});

const toLine = (row: z.infer<typeof LineRow>): ManualSpendLine => ({
  id: row.id,
  name: row.name,
  amount: minorToDecimal(row.amount_minor, currencyDigitsOf(row.currency_code)),
  currency: row.currency_code,
  from: row.start_date,
  to: row.end_date,
  days: daysBetween(row.start_date, row.end_date) + 1,
});

export async function listManualSpendLines(deps: Deps, workspaceId: string): Promise<ManualSpendLine[]> {
  const rows = await queryRows(
    deps.db,
    LineRow,
    sql`SELECT id::text, name, amount_minor, currency_code, start_date::text, end_date::text
        FROM ad_spend_manual_lines WHERE workspace_id = ${workspaceId} ORDER BY start_date DESC, name`,
  );
  return rows.map(toLine);
}

/** The amount in minor units of its currency, or a 400 naming `amount`. */
function amountMinorOf(input: ManualSpendLineInput): number {
  const digits = currencyDigitsOf(input.currency);
  const [, fraction = ''] = input.amount.split('.');
  if (fraction.length > digits)
    throw badRequest(
      `amount: ${input.currency} has ${digits} decimal ${digits === 1 ? 'place' : 'places'}; "${input.amount}" has more`,
      'validation_failed',
    );
  const minor = parseDecimalToMinor(input.amount, digits);
  if (!Number.isSafeInteger(minor))
    throw badRequest(`amount: "${input.amount}" is too large`, 'validation_failed');
  return minor;
}

/** Creates (no `id`) or replaces a line and its days; answers the line. */
export async function saveManualSpendLine(
  deps: Deps,
  workspaceId: string,
  input: ManualSpendLineInput,
  id?: string,
): Promise<ManualSpendLine> {
  const shop = await requireShop(deps.db, workspaceId);
  const lastDay = addDays(localDayOf(deps.clock(), shop.timeZone), MAX_DAYS_AHEAD);
  if (input.from < FIRST_DAY) throw badRequest(`from: must be ${FIRST_DAY} or later`, 'validation_failed');
  if (input.to > lastDay)
    throw badRequest(`to: must be ${lastDay} or earlier (a year ahead at most)`, 'validation_failed');
  const dayCount = daysBetween(input.from, input.to) + 1;
  if (dayCount > MAX_DAYS)
    throw badRequest(
      `to: a line spans at most ${MAX_DAYS} days; this one spans ${dayCount}`,
      'validation_failed',
    );
  const amountMinor = amountMinorOf(input);
  const lineId = id ?? randomUUID();
  const perDay = spreadOverDays(amountMinor, dayCount);
  await writeSpendDays(
    deps,
    workspaceId,
    perDay.map((spendMinor, index) => ({
      platform: MANUAL_SPEND_PLATFORM,
      date: addDays(input.from, index),
      campaignId: lineId,
      campaignName: input.name,
      currency: input.currency,
      spendMinor,
      clicks: 0,
      impressions: 0,
    })),
    {
      source: 'manual',
      dryRun: false,
      replaceCampaign: {
        platform: MANUAL_SPEND_PLATFORM,
        campaignId: lineId,
        before: async (tx) => {
          const written = await queryRows(
            tx,
            z.object({ id: z.string() }),
            id
              ? sql`UPDATE ad_spend_manual_lines SET name = ${input.name}, amount_minor = ${amountMinor},
                      currency_code = ${input.currency}, start_date = ${input.from}::date,
                      end_date = ${input.to}::date, updated_at = ${deps.clock().toISOString()}
                    WHERE workspace_id = ${workspaceId} AND id = ${lineId} RETURNING id::text`
              : sql`INSERT INTO ad_spend_manual_lines
                      (id, workspace_id, name, amount_minor, currency_code, start_date, end_date)
                    VALUES (${lineId}, ${workspaceId}, ${input.name}, ${amountMinor}, ${input.currency},
                      ${input.from}::date, ${input.to}::date) RETURNING id::text`,
          );
          // Rolls the transaction back: nothing of an unknown line is written.
          if (written.length === 0) throw notFound('No such manual cost line');
        },
      },
    },
  );
  return toLine({
    id: lineId,
    name: input.name,
    amount_minor: amountMinor,
    currency_code: input.currency,
    start_date: input.from,
    end_date: input.to,
  });
}

export async function deleteManualSpendLine(deps: Deps, workspaceId: string, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const deleted = await queryRows(
      tx,
      z.object({ id: z.string() }),
      sql`DELETE FROM ad_spend_manual_lines WHERE workspace_id = ${workspaceId} AND id = ${id} RETURNING id::text`,
    );
    if (deleted.length === 0) throw notFound('No such manual cost line');
    await tx.execute(sql`DELETE FROM wh_ad_platform_daily WHERE workspace_id = ${workspaceId}
        AND platform = ${MANUAL_SPEND_PLATFORM} AND campaign_id = ${id}`);
  });
}
