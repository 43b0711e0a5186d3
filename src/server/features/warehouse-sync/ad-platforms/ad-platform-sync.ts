import { addDays, localDayOf } from '../../../../shared/calendar.ts';
import { DAILY_SPEC } from '../../../domain/ad-spend/ad-platform-daily-spec.ts';
import { fillMissingShopFigures, loadShopConversion } from '../../../domain/ad-spend/ad-spend-conversion.ts';
import type { SyncOutcome, SyncSession } from '../../../domain/sync/sync-run.ts';
import { type UpsertRow, upsertRows } from '../../../domain/warehouse/upsert-rows.ts';
import type { AdPlatformAd, AdPlatformAdDay } from './ad-platform-ad-row.ts';
import { AD_DAILY_SPEC, ADS_SPEC, adDayRowsOf, adRowsOf } from './ad-platform-ad-rows.ts';
import type { AdPlatformDayRow } from './ad-platform-row.ts';

/**
 * Google Ads / TikTok → warehouse (issue #39, decision 104): the account's currency and time zone,
 * then daily rows per campaign (the spend every total reads) and per ad group, window by window,
 * each page committed with the cursor that follows it. The first run reads back BACKFILL_DAYS;
 * every later run re-reads the last `restateDays` (Google restates late conversions for 30 days),
 * and the upsert replaces restated values and leaves identical ones alone. Each row carries its
 * spend in the shop currency at the day's rate (ad-spend-conversion.ts). The ads and their days
 * (decision 130) are read beside them, each window's ad days committed with its campaign days.
 */

const BACKFILL_DAYS = 3 * 366;

export interface AdPlatformReader {
  platform: 'google_ads' | 'tiktok_ads';
  /** Days per report request (TikTok's daily reports span at most 30). */
  windowDays: number;
  restateDays: number;
  account(): Promise<{ id: string; currency: string; timeZone: string | null }>;
  /** Campaign rows (adGroupId null) and ad-group rows between two account days, inclusive. */
  readWindow(accountId: string, currency: string, since: string, until: string): Promise<AdPlatformDayRow[]>;
  /** Ads with their creative (read once per sync) and each ad's days (decision 130). */
  ads: {
    list(): Promise<AdPlatformAd[]>;
    readWindow(currency: string, since: string, until: string): Promise<AdPlatformAdDay[]>;
  };
}

const earlierDay = (a: string, b: string) => (a < b ? a : b);

export async function syncAdPlatform(session: SyncSession, reader: AdPlatformReader): Promise<SyncOutcome> {
  const account = await reader.account();
  const today = localDayOf(session.now(), account.timeZone ?? 'UTC');
  const lastDate = typeof session.cursor.lastDate === 'string' ? session.cursor.lastDate : null;
  const resumeFrom = typeof session.cursor.nextSince === 'string' ? session.cursor.nextSince : null;
  let since = resumeFrom ?? (lastDate ? addDays(today, -reader.restateDays) : addDays(today, -BACKFILL_DAYS));
  if (lastDate && !resumeFrom && addDays(lastDate, 1) < since) since = addDays(lastDate, 1);
  const syncedAt = session.now().toISOString();
  const toShop = await loadShopConversion(
    session.deps,
    session.workspaceId,
    [account.currency],
    since,
    today,
  );
  const context = {
    workspaceId: session.workspaceId,
    platform: reader.platform,
    accountId: account.id,
    currency: account.currency,
    syncedAt,
  };
  const ads = adRowsOf(await reader.ads.list(), context);
  await session.commitPage((db) => upsertRows(db, ADS_SPEC, ads), {});
  while (since <= today) {
    session.throwIfAborted();
    const until = earlierDay(addDays(since, reader.windowDays - 1), today);
    const rows = (await reader.readWindow(account.id, account.currency, since, until)).map(
      (row): UpsertRow => ({
        workspace_id: session.workspaceId,
        platform: reader.platform,
        date: row.date,
        campaign_id: row.campaignId,
        ad_group_id: row.adGroupId ?? '',
        account_id: row.accountId,
        campaign_name: row.campaignName,
        campaign_type: row.campaignType,
        campaign_status: row.campaignStatus,
        ad_group_name: row.adGroupName,
        spend_minor: row.spendMinor,
        impressions: row.impressions,
        clicks: row.clicks,
        conversions: row.conversions,
        conversion_value_minor: row.conversionValueMinor,
        currency_code: row.currency,
        utm_source: row.utmSource,
        utm_medium: row.utmMedium,
        utm_campaign: row.utmCampaign,
        ...toShop(row.currency, row.date, row.spendMinor, row.conversionValueMinor),
        synced_at: syncedAt,
      }),
    );
    const campaignDays = rows
      .filter((row) => row.ad_group_id === '')
      .map((row) => ({
        date: String(row.date),
        campaignId: String(row.campaign_id),
        spendMinor: Number(row.spend_minor),
        spendShopMinor: row.spend_shop_minor === null ? null : Number(row.spend_shop_minor),
      }));
    const adDays = adDayRowsOf(
      await reader.ads.readWindow(account.currency, since, until),
      campaignDays,
      toShop,
      context,
    );
    const next = addDays(until, 1);
    await session.commitPage(
      async (db) => (await upsertRows(db, DAILY_SPEC, rows)) + (await upsertRows(db, AD_DAILY_SPEC, adDays)),
      { nextSince: next > today ? null : next },
    );
    since = next;
  }
  await fillMissingShopFigures(session.deps, session.workspaceId, reader.platform);
  await session.commitPage(async () => 0, { nextSince: null, lastDate: today });
  return { dataThrough: session.now(), backfillCompleted: true };
}
