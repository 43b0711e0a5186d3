import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ExchangeRateStatus, ManualRateBody } from '../../../shared/contracts/exchange-rates.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import type { SessionPrincipal } from '../../platform/session/manage-sessions.ts';

/**
 * A rate an owner or admin enters by hand for their team (POST /api/exchange-rates), when the ECB
 * feed is unreachable or lacks a day: a second entry for the same day and currency replaces the first.
 */
export async function enterManualRate(
  db: Db,
  principal: SessionPrincipal,
  body: ManualRateBody,
  now: Date,
): Promise<void> {
  await db.execute(sql`
    INSERT INTO manual_exchange_rates (team_id, rate_date, currency, rate, entered_by, entered_at)
    VALUES (${principal.teamId}, ${body.date}, ${body.currency}, ${body.rate}::numeric,
      ${principal.userId}, ${now.toISOString()})
    ON CONFLICT (team_id, currency, rate_date) DO UPDATE SET rate = EXCLUDED.rate,
      entered_by = EXCLUDED.entered_by, entered_at = EXCLUDED.entered_at`);
}

const StatusRow = z.object({
  attempted_at: z.string().nullable(),
  succeeded_at: z.string().nullable(),
  error: z.string().nullable(),
  latest: z.string().nullable(),
  manual: z.array(
    z.object({
      date: z.string(),
      currency: z.string(),
      rate: z.string(),
      entered_at: z.string(),
      entered_by: z.string().nullable(),
    }),
  ),
});

const iso = (text: string | null) => (text === null ? null : new Date(text).toISOString());

/** GET /api/exchange-rates: the feed's last attempt and newest day, and the team's hand-entered rates. */
export async function readRateStatus(db: Db, teamId: string, feedUrl: string): Promise<ExchangeRateStatus> {
  const [row] = await queryRows(
    db,
    StatusRow,
    sql`SELECT f.attempted_at::text, f.succeeded_at::text, f.error,
          (SELECT max(rate_date)::text FROM ecb_rates) AS latest,
          (SELECT coalesce(json_agg(json_build_object('date', m.rate_date::text, 'currency', m.currency,
              'rate', trim_scale(m.rate)::text, 'entered_at', m.entered_at::text, 'entered_by', u.email)
              ORDER BY m.rate_date DESC, m.currency), '[]')
            FROM (SELECT * FROM manual_exchange_rates WHERE team_id = ${teamId}
              ORDER BY rate_date DESC, currency LIMIT 100) m
            LEFT JOIN users u ON u.id = m.entered_by) AS manual
        FROM (SELECT 1) one LEFT JOIN exchange_rate_fetches f ON true`,
  );
  return {
    feedUrl,
    lastAttemptAt: iso(row?.attempted_at ?? null),
    lastSuccessAt: iso(row?.succeeded_at ?? null),
    lastError: row?.error ?? null,
    latestEcbDate: row?.latest ?? null,
    manualRates: (row?.manual ?? []).map((m) => ({
      date: m.date,
      currency: m.currency,
      rate: m.rate,
      enteredAt: new Date(m.entered_at).toISOString(),
      enteredBy: m.entered_by,
    })),
  };
}
