import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { PublishedRate } from '../../../core/currency/rate-on-day.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { type UpsertSpec, upsertRows } from '../warehouse/upsert-rows.ts';

/** One published ECB reference rate: units of `currency` per euro on `day`. */
export interface EcbRate {
  day: string;
  currency: string;
  perEuro: string;
}

const ECB_RATES_SPEC: UpsertSpec = {
  table: 'ecb_rates',
  columns: [
    { name: 'rate_date', type: 'date' },
    { name: 'currency', type: 'text' },
    { name: 'rate', type: 'numeric' },
    { name: 'fetched_at', type: 'timestamptz' },
  ],
  key: ['currency', 'rate_date'],
  touch: ['fetched_at'],
};

/** Stores the feed's rates (a day the ECB restated is overwritten); answers how many rows were sent. */
export async function storeEcbRates(db: Db, rates: readonly EcbRate[], now: Date): Promise<number> {
  const fetchedAt = now.toISOString();
  return upsertRows(
    db,
    ECB_RATES_SPEC,
    rates
      .filter((rate) => rate.currency !== 'EUR')
      .map((rate) => ({
        rate_date: rate.day,
        currency: rate.currency,
        rate: rate.perEuro,
        fetched_at: fetchedAt,
      })),
  );
}

/** Records the outcome of a fetch attempt (one row for the whole feed). */
export async function recordFetch(db: Db, now: Date, error: string | null): Promise<void> {
  await db.execute(sql`
    INSERT INTO exchange_rate_fetches (id, attempted_at, succeeded_at, error, latest_rate_date)
    VALUES (true, ${now.toISOString()}, ${error === null ? now.toISOString() : null}, ${error},
      (SELECT max(rate_date) FROM ecb_rates))
    ON CONFLICT (id) DO UPDATE SET attempted_at = EXCLUDED.attempted_at,
      succeeded_at = coalesce(EXCLUDED.succeeded_at, exchange_rate_fetches.succeeded_at),
      error = EXCLUDED.error, latest_rate_date = EXCLUDED.latest_rate_date`);
}

const LatestRow = z.object({ latest: z.string().nullable() });

/** The newest day the feed's rates are stored for, or null before the first fetch. */
export async function latestEcbDate(db: Db): Promise<string | null> {
  const [row] = await queryRows(db, LatestRow, sql`SELECT max(rate_date)::text AS latest FROM ecb_rates`);
  return row?.latest ?? null;
}

const BookRow = z.object({
  currency: z.string(),
  rate_date: z.string(),
  rate: z.string(),
  source: z.enum(['ecb', 'manual']),
});

/**
 * Every rate a conversion of `from`..`to` may use, per currency, ascending by day: the feed's and
 * the team's hand-entered rates in the range, and the last one of each before `from` (a period
 * starting on a Saturday uses Friday's). Where both exist for one day the feed's is kept.
 */
export async function readRateBook(
  db: Db,
  teamId: string,
  currencies: readonly string[],
  from: string,
  to: string,
): Promise<Map<string, PublishedRate[]>> {
  const book = new Map<string, PublishedRate[]>();
  if (currencies.length === 0) return book;
  // An array literal of checked codes ([A-Z]{3}): one parameter, not one per currency.
  const list = sql`${`{${currencies.filter((code) => /^[A-Z]{3}$/.test(code)).join(',')}}`}::text[]`;
  const rows = await queryRows(
    db,
    BookRow,
    sql`WITH wanted AS (
          SELECT currency, rate_date, rate, 'ecb' AS source FROM ecb_rates
          WHERE currency = ANY(${list}) AND rate_date BETWEEN ${from}::date AND ${to}::date
          UNION ALL
          SELECT currency, rate_date, rate, 'manual' FROM manual_exchange_rates
          WHERE team_id = ${teamId} AND currency = ANY(${list})
            AND rate_date BETWEEN ${from}::date AND ${to}::date
          UNION ALL
          -- The last rate of each source before the range: one index descent per currency.
          SELECT c.code, e.rate_date, e.rate, 'ecb' FROM unnest(${list}) AS c(code)
          CROSS JOIN LATERAL (SELECT rate_date, rate FROM ecb_rates
            WHERE currency = c.code AND rate_date < ${from}::date ORDER BY rate_date DESC LIMIT 1) e
          UNION ALL
          SELECT c.code, m.rate_date, m.rate, 'manual' FROM unnest(${list}) AS c(code)
          CROSS JOIN LATERAL (SELECT rate_date, rate FROM manual_exchange_rates
            WHERE team_id = ${teamId} AND currency = c.code AND rate_date < ${from}::date
            ORDER BY rate_date DESC LIMIT 1) m
        )
        SELECT DISTINCT ON (currency, rate_date) currency, rate_date::text AS rate_date,
          trim_scale(rate)::text AS rate, source
        FROM wanted ORDER BY currency, rate_date, source = 'ecb' DESC`,
  );
  for (const row of rows) {
    const list = book.get(row.currency) ?? [];
    list.push({ rateDate: row.rate_date, perEuro: row.rate, source: row.source });
    book.set(row.currency, list);
  }
  return book;
}
