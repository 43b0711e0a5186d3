import { createTikTokClientFor } from '../../../domain/credentials/ad-platform-clients.ts';
import type { SyncOutcome, SyncSession } from '../../../domain/sync/sync-run.ts';
import { PermanentJobError } from '../../../jobs/job-error.ts';
import { loadCredential } from '../../../vault/credential-store.ts';
import { syncAdPlatform } from '../ad-platforms/ad-platform-sync.ts';
import { type CampaignUtms, tiktokCampaignUtms } from './campaign-utms.ts';
import { mapTikTokRows } from './map.ts';
import { mapTikTokAdDays, mapTikTokAds } from './map-ads.ts';

/**
 * TikTok → warehouse: BASIC daily reports per campaign and per ad group in 30-day windows (the
 * longest span a daily report accepts), the last 30 days re-read on every run as TikTok settles
 * attributed conversions (contracts/external-apis-2.md §2), and the ads (`ad/get/`, their videos'
 * covers) with their AUCTION_AD days (decision 130). The ads' URL parameters give each campaign
 * its UTMs (decision 143), as Google's final-URL suffix does: the ads are read once, before the days.
 */
export async function syncTikTokAds(session: SyncSession): Promise<SyncOutcome> {
  const integration = session.deps.integration;
  const stored = await loadCredential(integration.db, integration.keyring, session.workspaceId, 'tiktok_ads');
  if (!stored)
    throw new PermanentJobError(
      'TikTok Ads is not connected. Add your advertiser in Profile & Integrations.',
    );
  const client = createTikTokClientFor(integration, stored.secret);
  let campaignUtms = new Map<string, CampaignUtms>();
  return syncAdPlatform(session, {
    platform: 'tiktok_ads',
    windowDays: 30,
    restateDays: 30,
    account: async () => {
      const advertiser = await client.getAdvertiser();
      return { id: advertiser.id, currency: advertiser.currency, timeZone: advertiser.timeZone };
    },
    async readWindow(accountId, currency, since, until) {
      const campaigns = await client.dailyReport('campaign', since, until);
      const groups = await client.dailyReport('adgroup', since, until);
      return mapTikTokRows([...campaigns, ...groups], accountId, currency, campaignUtms);
    },
    ads: {
      async list() {
        const ads = await client.ads();
        campaignUtms = tiktokCampaignUtms(ads);
        const videos = [...new Set(ads.flatMap((ad) => (ad.video_id ? [ad.video_id] : [])))];
        return mapTikTokAds(ads, await client.videoCovers(videos));
      },
      readWindow: async (currency, since, until) =>
        mapTikTokAdDays(await client.dailyReport('ad', since, until), currency),
    },
  });
}
