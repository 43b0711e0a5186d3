/**
 * A 2-year Google Ads backfill of 200 campaigns against the emulator over real HTTP (issue #39
 * target: < 60 s): token, account, then daily campaign and ad-group rows read with
 * `googleAds:searchStream` in 90-day windows (as the sync reads them) and mapped to day rows.
 * Prints figures only.
 */

import { planAdPlatforms } from '../src/demo/ad-platforms/plan-ad-platforms.ts';
import { buildGoogleAdsEmulator } from '../src/demo/emulators/google-ads/app.ts';
import { createGoogleAdsClient } from '../src/server/connectors/google-ads/client.ts';
import { mapGoogleAdsRows } from '../src/server/features/warehouse-sync/google-ads/map.ts';
import { addDays } from '../src/shared/calendar.ts';
import { load } from './support/load-average.ts';

const END = '2026-11-30';
const DAYS = 730;
const oauth = { clientId: 'bench', clientSecret: 'bench-secret', refreshToken: 'bench-refresh' };
const planStarted = performance.now();
const plan = planAdPlatforms({ seed: 1, endDay: END, days: DAYS, googleCampaigns: 200, tiktokCampaigns: 1 });
const planMs = performance.now() - planStarted;
const emulator = buildGoogleAdsEmulator({ account: plan.google, oauth, managerId: '1' });
const baseUrl = (await emulator.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');

const started = performance.now();
const client = createGoogleAdsClient({
  baseUrl,
  tokenUrl: `${baseUrl}/token`,
  ...oauth,
  customerId: plan.google.accountId,
  timeoutMs: 60_000,
});
const customer = await client.getCustomer();
let campaignRows = 0;
let adGroupRows = 0;
let spendMinor = 0;
for (let since = addDays(END, -(DAYS - 1)); since <= END; since = addDays(since, 90)) {
  const until = addDays(since, 89) < END ? addDays(since, 89) : END;
  const campaigns = mapGoogleAdsRows(
    await client.dailyRows('campaign', since, until),
    customer.id,
    customer.currency,
  );
  const groups = mapGoogleAdsRows(
    await client.dailyRows('ad_group', since, until),
    customer.id,
    customer.currency,
  );
  campaignRows += campaigns.length;
  adGroupRows += groups.length;
  for (const row of campaigns) spendMinor += row.spendMinor;
}
const elapsedS = (performance.now() - started) / 1000;
await emulator.close();

const planted = plan.google.days.reduce((sum, day) => sum + day.spendMinor, 0);
console.log(
  `google ads backfill: 200 campaigns × ${DAYS} days (plan built in ${(planMs / 1000).toFixed(1)} s)`,
);
console.log(
  `  ${campaignRows} campaign-day rows, ${adGroupRows} ad-group-day rows, ${emulator.calls.reports} reports`,
);
console.log(
  `  ${elapsedS.toFixed(1)} s (target < 60 s); spend read ${spendMinor} = planted ${planted}: ${spendMinor === planted}`,
);
console.log(`  load average ${load()}`);
