import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { fetchAndStoreEcbRates } from '../../domain/currency/fetch-ecb-rates.ts';
import { enqueue } from '../enqueue.ts';
import { defineJob } from '../job-definition.ts';

/** How often the scheduler queues a fetch: the ECB publishes once per business day, around 16:00 CET. */
const FETCH_EVERY_MS = 6 * 3_600_000;

/**
 * The ECB's daily reference rates into `ecb_rates` (issue #17 item 1, decision 067). A failed fetch
 * is recorded (the page shows it and offers manual entry) and retried with the queue's backoff.
 */
export const fetchExchangeRatesJob = defineJob({
  type: 'fetch-exchange-rates',
  payloadSchema: z.object({}),
  maxAttempts: 4,
  priority: 140,
  concurrencyKey: () => 'fetch-exchange-rates',
  async run({ deps }) {
    const { stored, latestRateDate, file } = await fetchAndStoreEcbRates(deps);
    return { stored, latestRateDate, file };
  },
});

const RecentRow = z.object({ queued: z.boolean() });

/** Queues a fetch unless one was queued in the last six hours; answers whether one was added. */
export async function enqueueDueRatesFetch(db: Db, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - FETCH_EVERY_MS).toISOString();
  const [recent] = await queryRows(
    db,
    RecentRow,
    sql`SELECT EXISTS (SELECT 1 FROM jobs WHERE type = ${fetchExchangeRatesJob.type}
        AND created_at >= ${since}) AS queued`,
  );
  if (recent?.queued) return false;
  return (await enqueue(db, fetchExchangeRatesJob, {}, { now })).created;
}
