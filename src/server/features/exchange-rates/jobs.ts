import type { Db } from '../../db/client.ts';
import { fetchAndStoreEcbRates } from '../../domain/currency/fetch-ecb-rates.ts';
import type { AppDeps } from '../../http/deps.ts';
import { catalogue } from '../../jobs/catalogue.ts';
import { enqueueUnlessQueuedSince } from '../../jobs/enqueue-unless-queued-since.ts';
import { type FeatureJobs, handleJob } from '../../jobs/job-handler.ts';

/** How often the scheduler queues a fetch: the ECB publishes once per business day, around 16:00 CET. */
const FETCH_EVERY_MS = 6 * 3_600_000;

/** Queues a fetch unless one was queued in the last six hours; answers whether one was added. */
export async function enqueueDueRatesFetch(db: Db, now: Date): Promise<boolean> {
  return enqueueUnlessQueuedSince(
    db,
    catalogue.fetchExchangeRates,
    {},
    new Date(now.getTime() - FETCH_EVERY_MS),
    now,
  );
}

/**
 * The exchange rates' job (issue #17 item 1, decisions 067 and 180): `fetch-exchange-rates` stores
 * the ECB's daily reference rates in `ecb_rates`, queued every six hours by the schedule. A failed
 * fetch is recorded (the page shows it and offers manual entry) and retried with the queue's backoff.
 */
export const exchangeRateJobs: FeatureJobs<AppDeps> = {
  handlers: [
    handleJob(catalogue.fetchExchangeRates, async ({ deps }) => {
      const { stored, latestRateDate, file } = await fetchAndStoreEcbRates(deps);
      return { stored, latestRateDate, file };
    }),
  ],
  schedules: [{ name: 'exchange rates', tick: (deps, now) => enqueueDueRatesFetch(deps.db, now) }],
};
