/**
 * Ground truth and export files of the demo ad accounts (plan-ad-platforms.ts): what a connector
 * must read back. Daily spend per campaign in the account currency's minor units, and the
 * `google_ads_daily.jsonl` / `tiktok_ads_daily.jsonl` lines a demo export carries.
 */
import type { AdPlatformPlan, PlannedAdAccount } from './plan-ad-platforms.ts';

export interface AdAccountTruth {
  accountId: string;
  currency: string;
  /** date → campaign id → spend in minor units of the account currency */
  dailySpendMinor: Record<string, Record<string, number>>;
  totalSpendMinor: number;
  totalClicks: number;
  totalConversions: number;
}

function accountTruth(account: PlannedAdAccount): AdAccountTruth {
  const dailySpendMinor: Record<string, Record<string, number>> = {};
  let totalSpendMinor = 0;
  let totalClicks = 0;
  let totalConversions = 0;
  for (const day of account.days) {
    const byCampaign = dailySpendMinor[day.date] ?? {};
    dailySpendMinor[day.date] = byCampaign;
    byCampaign[day.campaignId] = (byCampaign[day.campaignId] ?? 0) + day.spendMinor;
    totalSpendMinor += day.spendMinor;
    totalClicks += day.clicks;
    totalConversions += day.conversions;
  }
  return {
    accountId: account.accountId,
    currency: account.currency,
    dailySpendMinor,
    totalSpendMinor,
    totalClicks,
    totalConversions,
  };
}

export function adPlatformTruth(plan: AdPlatformPlan): Record<'google_ads' | 'tiktok_ads', AdAccountTruth> {
  return { google_ads: accountTruth(plan.google), tiktok_ads: accountTruth(plan.tiktok) };
}

/** One JSON line per ad-group day, with its campaign's name, type and UTM suffix. */
function exportLines(account: PlannedAdAccount): string {
  const campaigns = new Map(account.campaigns.map((c) => [c.id, c]));
  return account.days
    .map((day) => {
      const campaign = campaigns.get(day.campaignId);
      return JSON.stringify({
        platform: account.platform,
        account_id: account.accountId,
        currency: account.currency,
        date: day.date,
        campaign_id: day.campaignId,
        campaign_name: campaign?.name,
        campaign_type: campaign?.type,
        final_url_suffix: campaign?.finalUrlSuffix,
        ad_group_id: day.adGroupId,
        spend_minor: day.spendMinor,
        impressions: day.impressions,
        clicks: day.clicks,
        conversions: day.conversions,
        conversion_value_minor: day.conversionValueMinor,
      });
    })
    .join('\n');
}

/** File name → content of the ad-platform part of a demo export (ground truth included). */
export function adPlatformExportFiles(plan: AdPlatformPlan): Record<string, string> {
  return {
    'google_ads_daily.jsonl': exportLines(plan.google),
    'tiktok_ads_daily.jsonl': exportLines(plan.tiktok),
    'ad-platforms-ground-truth.json': JSON.stringify(adPlatformTruth(plan), null, 2),
  };
}
