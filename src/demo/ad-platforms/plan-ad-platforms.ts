/**
 * The demo's Google Ads and TikTok accounts (issue #39): campaigns with daily spend, clicks,
 * conversions and UTMs, a pure function of (seed, endDay, days, sizes). It is its own module, apart
 * from the demo generator, so the demo store's planted figures do not move: these accounts reach
 * the app only when the owner connects them. The TikTok account bills in EUR (a shop in USD sees
 * the currency conversion path); Google bills in the shop's currency.
 */
import { addDays, daysBetween } from '../../shared/calendar.ts';
import { hashString, mixSeeds, Rng } from '../prng.ts';
import { causalFlights } from './plan-causal-flights.ts';

export type AdPlatform = 'google_ads' | 'tiktok_ads';

export interface PlannedAdGroup {
  id: string;
  name: string;
}

export interface PlannedCampaign {
  id: string;
  name: string;
  /** Google `advertising_channel_type` (SEARCH, SHOPPING, PERFORMANCE_MAX, VIDEO) or TikTok objective */
  type: string;
  status: 'ENABLED' | 'PAUSED';
  /** the landing-URL suffix carrying the campaign's UTMs */
  finalUrlSuffix: string;
  startDay: string;
  /** last day with spend, inclusive; null while it runs */
  stopDay: string | null;
  adGroups: PlannedAdGroup[];
}

/** One ad group's day: money in minor units of the account currency. */
export interface PlannedDay {
  date: string;
  campaignId: string;
  adGroupId: string;
  spendMinor: number;
  impressions: number;
  clicks: number;
  conversions: number;
  conversionValueMinor: number;
}

export interface PlannedAdAccount {
  platform: AdPlatform;
  accountId: string;
  name: string;
  currency: string;
  timeZone: string;
  campaigns: PlannedCampaign[];
  /** sorted by date, campaign, ad group; days without spend have no row */
  days: PlannedDay[];
}

export interface AdPlatformPlanOptions {
  seed: number;
  /** the last day with data (the demo store's end date) */
  endDay: string;
  days: number;
  googleCampaigns?: number;
  tiktokCampaigns?: number;
  /**
   * The `causal` preset's budget flights (plan-causal-flights.ts): per platform, a multiplier of
   * each day's spend, day 0 being the first day; a day at 0 has no delivery. None: every day at 1.
   */
  flights?: Readonly<Record<AdPlatform, Float64Array>>;
}

export interface AdPlatformPlan {
  google: PlannedAdAccount;
  tiktok: PlannedAdAccount;
}

const GOOGLE_TYPES = ['SEARCH', 'SHOPPING', 'PERFORMANCE_MAX', 'SEARCH', 'VIDEO'] as const;
const TIKTOK_OBJECTIVES = ['WEB_CONVERSIONS', 'TRAFFIC', 'WEB_CONVERSIONS'] as const;

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

function planAccount(
  rng: Rng,
  shape: Omit<PlannedAdAccount, 'campaigns' | 'days'>,
  count: number,
  opts: AdPlatformPlanOptions,
): PlannedAdAccount {
  const firstDay = addDays(opts.endDay, -(opts.days - 1));
  const google = shape.platform === 'google_ads';
  const campaigns: PlannedCampaign[] = [];
  const days: PlannedDay[] = [];
  const idBase = google ? 20_000_000_000 : 1_800_000_000_000_000;
  for (let i = 0; i < count; i += 1) {
    const type = google
      ? GOOGLE_TYPES[i % GOOGLE_TYPES.length]!
      : TIKTOK_OBJECTIVES[i % TIKTOK_OBJECTIVES.length]!;
    const label = google ? `${type.replace('_', ' ')} ${i + 1}` : `Spark ${i + 1}`;
    const name = google ? `Google – ${label}` : `TikTok – ${label}`;
    const id = String(idBase + 1_000 * (i + 1) + rng.int(0, 999));
    const startDay = addDays(firstDay, i % 4 === 3 ? rng.int(0, Math.max(0, opts.days - 30)) : 0);
    const stopDay = i % 5 === 4 ? addDays(opts.endDay, -rng.int(5, 40)) : null;
    const source = google ? 'google' : 'tiktok';
    const medium = type === 'VIDEO' || !google ? 'paid_social' : 'cpc';
    const campaign: PlannedCampaign = {
      id,
      name,
      type,
      status: stopDay ? 'PAUSED' : 'ENABLED',
      // TikTok's URL parameters name the campaign with its __CAMPAIGN_NAME__ macro (decision 131).
      finalUrlSuffix: `utm_source=${source}&utm_medium=${medium}&utm_campaign=${google ? slug(label) : '__CAMPAIGN_NAME__'}`,
      startDay,
      stopDay: stopDay && stopDay >= startDay ? stopDay : null,
      adGroups: [0, 1].map((g) => ({ id: `${id}${g + 1}`, name: `${label} – group ${g + 1}` })),
    };
    campaigns.push(campaign);
    // Budgets sized to the small demo store (about $1,400 of net sales a day beside Meta's ~$270 of
    // spend): together the two accounts spend ~$125 a day, so marketing stays a believable share of
    // sales and the store keeps a positive contribution margin on a usual day.
    const dailyBudgetMinor = rng.int(300, google ? 4_000 : 2_000);
    const cpcMinor = rng.int(40, 250);
    const conversionRate = rng.uniform(0.01, 0.05);
    const orderValueMinor = rng.int(4_000, 12_000);
    const flight = opts.flights?.[shape.platform];
    for (let day = campaign.startDay; day <= (campaign.stopDay ?? opts.endDay); day = addDays(day, 1)) {
      const level = flight ? flight[daysBetween(firstDay, day)]! : 1;
      if (level === 0) continue;
      for (const group of campaign.adGroups) {
        // ~1 in 12 ad-group days has no delivery (no row, as the APIs return none)
        if (rng.chance(1 / 12)) continue;
        const spendMinor = Math.round((dailyBudgetMinor / 2) * rng.uniform(0.6, 1.1) * level);
        const clicks = Math.max(1, Math.round(spendMinor / cpcMinor));
        // Rounded at random (up with the fraction's chance), so a small ad group's few clicks still
        // convert at the planned rate over the weeks instead of rounding to none every day.
        const expected = clicks * conversionRate * rng.uniform(0.5, 1.5);
        const conversions = Math.floor(expected) + (rng.chance(expected % 1) ? 1 : 0);
        days.push({
          date: day,
          campaignId: campaign.id,
          adGroupId: group.id,
          spendMinor,
          impressions: clicks * rng.int(20, 60),
          clicks,
          conversions,
          conversionValueMinor: conversions * Math.round(orderValueMinor * rng.uniform(0.8, 1.2)),
        });
      }
    }
  }
  days.sort((a, b) =>
    a.date !== b.date
      ? a.date.localeCompare(b.date)
      : a.campaignId !== b.campaignId
        ? a.campaignId.localeCompare(b.campaignId)
        : a.adGroupId.localeCompare(b.adGroupId),
  );
  return { ...shape, campaigns, days };
}

/** Plans both demo ad accounts; the same options give the same accounts on every machine. */
export function planAdPlatforms(opts: AdPlatformPlanOptions): AdPlatformPlan {
  return {
    google: planAccount(
      new Rng(mixSeeds(opts.seed, hashString('google_ads'))),
      {
        platform: 'google_ads',
        accountId: '1234567890',
        name: 'Demo Store – Google Ads',
        currency: 'USD',
        timeZone: 'America/New_York',
      },
      opts.googleCampaigns ?? 5,
      opts,
    ),
    tiktok: planAccount(
      new Rng(mixSeeds(opts.seed, hashString('tiktok_ads'))),
      {
        platform: 'tiktok_ads',
        accountId: '7123456789012345678',
        name: 'Demo Store – TikTok',
        currency: 'EUR',
        timeZone: 'Europe/Berlin',
      },
      opts.tiktokCampaigns ?? 3,
      opts,
    ),
  };
}

/**
 * The demo store's ad accounts: the same days as the store (its seed, last day and length); the
 * `causal` preset's budgets follow its flights (decision 136).
 */
export function demoAdPlatformPlan(config: {
  seed: number;
  endDate: string;
  days: number;
  preset?: string;
}): AdPlatformPlan {
  const flights = config.preset === 'causal' ? causalFlights(config.seed, config.days) : undefined;
  return planAdPlatforms({
    seed: config.seed,
    endDay: config.endDate,
    days: config.days,
    ...(flights ? { flights } : {}),
  });
}
