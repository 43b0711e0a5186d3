/**
 * Ground truth and export files of the demo ad accounts (plan-ad-platforms.ts): what a connector
 * must read back. Daily spend per campaign in the account currency's minor units, each day's
 * spend in the shop currency at the ECB emulator's rate of that day (the last business day's on
 * a weekend or holiday; converted per campaign day, as the warehouse does), and the
 * `google_ads_daily.jsonl` / `tiktok_ads_daily.jsonl` lines a demo export carries.
 */
import { convertMinor } from '../../core/currency/convert-minor.ts';
import { currencyDigitsOf } from '../../shared/money.ts';
import { ecbReferenceRate } from '../emulators/ecb/app.ts';
import type { AdPlatform, AdPlatformPlan, PlannedAdAccount } from './plan-ad-platforms.ts';

export interface AdAccountTruth {
  accountId: string;
  currency: string;
  /** date → campaign id → spend in minor units of the account currency */
  dailySpendMinor: Record<string, Record<string, number>>;
  totalSpendMinor: number;
  totalClicks: number;
  totalConversions: number;
  shopCurrency: string;
  /** date → the day's spend in minor units of the shop currency (each campaign day converted, then summed) */
  dailyShopSpendMinor: Record<string, number>;
  totalShopSpendMinor: number;
  /** date → shop-currency units per account-currency unit that day ('1' when they are the same) */
  dailyRate: Record<string, string>;
}

function accountTruth(account: PlannedAdAccount, shopCurrency: string): AdAccountTruth {
  const dailySpendMinor: Record<string, Record<string, number>> = {};
  let totalClicks = 0;
  let totalConversions = 0;
  for (const day of account.days) {
    const byCampaign = dailySpendMinor[day.date] ?? {};
    dailySpendMinor[day.date] = byCampaign;
    byCampaign[day.campaignId] = (byCampaign[day.campaignId] ?? 0) + day.spendMinor;
    totalClicks += day.clicks;
    totalConversions += day.conversions;
  }
  const dailyShopSpendMinor: Record<string, number> = {};
  const dailyRate: Record<string, string> = {};
  let totalSpendMinor = 0;
  let totalShopSpendMinor = 0;
  for (const [date, byCampaign] of Object.entries(dailySpendMinor)) {
    const same = account.currency === shopCurrency;
    const from = same ? null : ecbReferenceRate(account.currency, date);
    const to = same ? null : ecbReferenceRate(shopCurrency, date);
    let shop = 0;
    for (const spend of Object.values(byCampaign)) {
      totalSpendMinor += spend;
      shop +=
        from && to
          ? convertMinor(
              spend,
              { perEuro: from.perEuro, digits: currencyDigitsOf(account.currency) },
              { perEuro: to.perEuro, digits: currencyDigitsOf(shopCurrency) },
            )
          : spend;
    }
    dailyShopSpendMinor[date] = shop;
    dailyRate[date] = from && to ? (Number(to.perEuro) / Number(from.perEuro)).toFixed(10) : '1';
    totalShopSpendMinor += shop;
  }
  return {
    accountId: account.accountId,
    currency: account.currency,
    dailySpendMinor,
    totalSpendMinor,
    totalClicks,
    totalConversions,
    shopCurrency,
    dailyShopSpendMinor,
    totalShopSpendMinor,
    dailyRate,
  };
}

export function adPlatformTruth(
  plan: AdPlatformPlan,
  shopCurrency: string,
): Record<AdPlatform, AdAccountTruth> {
  return {
    google_ads: accountTruth(plan.google, shopCurrency),
    tiktok_ads: accountTruth(plan.tiktok, shopCurrency),
  };
}

/** One JSON line per ad-group day, with its campaign's name, type and UTM suffix. */
function exportLines(account: PlannedAdAccount): string[] {
  const campaigns = new Map(account.campaigns.map((c) => [c.id, c]));
  return account.days.map((day) => {
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
  });
}

/** The ad-platform lines of a demo export, per file (their truth goes into ground-truth.json). */
export function adPlatformExportLines(
  plan: AdPlatformPlan,
): Record<'google_ads_daily.jsonl' | 'tiktok_ads_daily.jsonl', string[]> {
  return {
    'google_ads_daily.jsonl': exportLines(plan.google),
    'tiktok_ads_daily.jsonl': exportLines(plan.tiktok),
  };
}

/**
 * The ECB rates (per euro, on the rate's publication day) that convert the accounts' spend into
 * the shop currency: one line per spend day and currency of an account billing in another
 * currency than the shop's, and the shop's own (`exchange-rates.jsonl` of a demo export).
 */
export function adPlatformRates(
  plan: AdPlatformPlan,
  shopCurrency: string,
): Array<{ date: string; currency: string; perEuro: string }> {
  const lines = new Map<string, { date: string; currency: string; perEuro: string }>();
  for (const account of [plan.google, plan.tiktok]) {
    if (account.currency === shopCurrency) continue;
    for (const { date } of account.days)
      for (const currency of [account.currency, shopCurrency]) {
        const rate = ecbReferenceRate(currency, date);
        if (rate) lines.set(`${date}|${currency}`, { date, currency, perEuro: rate.perEuro });
      }
  }
  return [...lines.values()].sort(
    (a, b) => a.date.localeCompare(b.date) || a.currency.localeCompare(b.currency),
  );
}
