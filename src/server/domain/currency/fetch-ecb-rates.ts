import { addDays } from '../../../shared/calendar.ts';
import type { AppDeps } from '../../http/deps.ts';
import { ECB_FEED_URL, type EcbFile, fetchEcbRates } from './ecb-feed.ts';
import { type EcbRate, latestEcbDate, recordFetch, storeEcbRates } from './rate-queries.ts';

/** The feed the app reads: UPSTREAM_ECB_URL, else demo mode's emulator, else the ECB itself. */
export const ecbFeedUrlOf = (deps: Pick<AppDeps, 'env' | 'demo'>): string =>
  deps.env.upstreamUrls.ecb ?? deps.demo?.baseUrls.ecb ?? ECB_FEED_URL;

/**
 * Fetches the ECB's reference rates and stores them (the fetch-exchange-rates job and "Fetch now").
 * The first fetch, or one after more than 80 days without rates, reads the whole history; later
 * ones the last 90 days, which also picks up any day the ECB restated. The outcome (and the error,
 * when the feed is unreachable) is recorded for the page, then a failure is thrown on.
 */
export async function fetchAndStoreEcbRates(
  deps: Pick<AppDeps, 'db' | 'env' | 'demo' | 'clock'>,
): Promise<{ stored: number; latestRateDate: string | null; file: EcbFile }> {
  const now = deps.clock();
  const latest = await latestEcbDate(deps.db);
  const today = now.toISOString().slice(0, 10);
  const file: EcbFile =
    latest !== null && latest >= addDays(today, -80) ? 'eurofxref-hist-90d.xml' : 'eurofxref-hist.xml';
  let rates: EcbRate[];
  try {
    rates = await fetchEcbRates(ecbFeedUrlOf(deps), file);
  } catch (error) {
    await recordFetch(deps.db, now, error instanceof Error ? error.message : String(error));
    throw error;
  }
  const stored = await storeEcbRates(deps.db, rates, now);
  await recordFetch(deps.db, now, null);
  return { stored, latestRateDate: await latestEcbDate(deps.db), file };
}
