import { createGoogleAdsClientFor } from '../../../domain/credentials/ad-platform-clients.ts';
import type { SyncOutcome, SyncSession } from '../../../domain/sync/sync-run.ts';
import { PermanentJobError } from '../../../jobs/job-error.ts';
import { loadCredential } from '../../../vault/credential-store.ts';
import { syncAdPlatform } from '../ad-platforms/ad-platform-sync.ts';
import { matchGoogleClicks } from './google-click-matches.ts';
import { mapGoogleAdsRows } from './map.ts';
import { mapGoogleAdDays, mapGoogleAds } from './map-ads.ts';

/**
 * Google Ads → warehouse: GAQL daily rows per campaign (Performance Max has no ad groups, so the
 * campaign rows carry the spend) and per ad group, in 90-day windows; the last 30 days are re-read
 * on every run for the conversions Google attributes late (contracts/external-apis-2.md §1), with
 * each ad's days beside them (decision 130). Then
 * the tracker's new gclids are matched to their campaigns through click_view.
 */
export async function syncGoogleAds(session: SyncSession): Promise<SyncOutcome> {
  const integration = session.deps.integration;
  const stored = await loadCredential(integration.db, integration.keyring, session.workspaceId, 'google_ads');
  if (!stored)
    throw new PermanentJobError('Google Ads is not connected. Add your account in Profile & Integrations.');
  const client = createGoogleAdsClientFor(integration, stored.secret);
  let timeZone = 'UTC';
  const outcome = await syncAdPlatform(session, {
    platform: 'google_ads',
    windowDays: 90,
    restateDays: 30,
    async account() {
      const customer = await client.getCustomer();
      timeZone = customer.timeZone;
      return customer;
    },
    async readWindow(accountId, currency, since, until) {
      const campaigns = await client.dailyRows('campaign', since, until);
      const groups = await client.dailyRows('ad_group', since, until);
      return mapGoogleAdsRows([...campaigns, ...groups], accountId, currency);
    },
    ads: {
      async list() {
        const { ads, assets } = await client.adsWithAssets();
        return mapGoogleAds(ads, assets);
      },
      readWindow: async (currency, since, until) =>
        mapGoogleAdDays(await client.adDailyRows(since, until), currency),
    },
  });
  // The spend of the clicks' days is in: name the campaigns of the sessions' gclids (decision 120).
  await matchGoogleClicks(session, client, timeZone);
  return outcome;
}
