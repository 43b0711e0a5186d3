import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { computeRoas } from '../../../core/metrics/compute-roas.ts';
import { addDays } from '../../../shared/calendar.ts';
import {
  AD_SPEND_PLATFORMS,
  type AdSpendPlatform,
  type AdSpendResponse,
} from '../../../shared/contracts/ad-spend.ts';
import type { DayRangeRequest } from '../../../shared/day-range.ts';
import { currencyDigitsOf, minorToDecimal } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { adSpendRows } from '../metrics/ad-spend-rows.ts';
import { readMetricWindow } from '../metrics/metric-window.ts';
import {
  type CampaignOrdersReader,
  NO_CAMPAIGN_ORDERS,
  readCampaignOrders,
} from '../metrics/read-campaign-orders.ts';

/**
 * GET /api/ad-spend (issue #39, decisions 104, 099 and 105): every platform's spend over the
 * metric window's shop days, from the one ad-spend reader (adSpendRows): Google Ads, TikTok,
 * imported platforms and manual cost lines from their campaign rows (ad_group_id = ''), each day
 * already converted to the shop currency at its rate; Meta from its daily insights, which the
 * profit rollup counts as shop money. A day still without a rate is left out of the shop figure
 * and counted, never added unconverted; a platform with rows in several currencies is shown in the
 * shop currency.
 */

const Platform = z.enum(AD_SPEND_PLATFORMS);

const CampaignDayRow = z.object({
  platform: Platform,
  date: z.string(),
  campaign_id: z.string(),
  name: z.string(),
  type: z.string().nullable(),
  spend: z.coerce.number(),
  spend_shop: z.coerce.number().nullable(),
  impressions: z.coerce.number(),
  clicks: z.coerce.number(),
  conversions: z.coerce.number(),
  value_shop: z.coerce.number().nullable(),
  rate: z.string().nullable(),
  rate_date: z.string().nullable(),
  utm_campaign: z.string().nullable(),
});
type CampaignDay = z.infer<typeof CampaignDayRow>;

/** `currency` null: the platform's rows are in several currencies (imports, manual lines). */
const AccountRow = z.object({ platform: Platform, currency: z.string().nullable() });

interface CampaignSum {
  campaignId: string;
  name: string;
  type: string | null;
  spendShop: number;
  spend: number;
  impressions: number;
  clicks: number;
  conversions: number;
  valueShop: number;
  utmCampaign: string | null;
}

type RateRun = AdSpendPlatform['rates'][number];

/** Consecutive days at one rate, as one run. */
function rateRuns(byDay: Map<string, { rate: string; rateDate: string }>): RateRun[] {
  const runs: RateRun[] = [];
  for (const [day, quote] of [...byDay].sort(([a], [b]) => a.localeCompare(b))) {
    const last = runs[runs.length - 1];
    if (last && last.rate === quote.rate && last.rateDate === quote.rateDate && addDays(last.to, 1) === day) {
      last.to = day;
    } else {
      runs.push({ from: day, to: day, rate: quote.rate, rateDate: quote.rateDate });
    }
  }
  return runs;
}

/**
 * One platform's rows summed per campaign, with its campaigns' store-verified orders; `shopMinor`
 * is its spend in the shop currency.
 */
function platformOf(
  platform: AdSpendPlatform['platform'],
  accountCurrency: string,
  rows: CampaignDay[],
  shopDigits: number,
  orders: CampaignOrdersReader,
): { view: AdSpendPlatform; shopMinor: number } {
  const accountDigits = currencyDigitsOf(accountCurrency);
  const campaigns = new Map<string, CampaignSum>();
  const rateByDay = new Map<string, { rate: string; rateDate: string }>();
  const daysWithoutRate = new Set<string>();
  for (const row of rows) {
    const sum = campaigns.get(row.campaign_id) ?? {
      campaignId: row.campaign_id,
      name: row.name,
      type: row.type,
      spendShop: 0,
      spend: 0,
      impressions: 0,
      clicks: 0,
      conversions: 0,
      valueShop: 0,
      utmCampaign: row.utm_campaign,
    };
    campaigns.set(row.campaign_id, sum);
    sum.spend += row.spend;
    sum.impressions += row.impressions;
    sum.clicks += row.clicks;
    sum.conversions += row.conversions;
    if (row.spend_shop === null) daysWithoutRate.add(row.date);
    else sum.spendShop += row.spend_shop;
    sum.valueShop += row.value_shop ?? 0;
    if (row.rate && row.rate_date && row.rate !== '1')
      rateByDay.set(row.date, { rate: row.rate, rateDate: row.rate_date });
  }
  const list = [...campaigns.values()].sort(
    (a, b) => b.spendShop - a.spendShop || a.campaignId.localeCompare(b.campaignId),
  );
  const shop = (minor: number) => minorToDecimal(minor, shopDigits);
  const shopMinor = list.reduce((total, c) => total + c.spendShop, 0);
  const verified = list.map((c) => orders.utm({ ...c, platform }));
  return {
    shopMinor,
    view: {
      platform,
      spend: shop(shopMinor),
      spendInAccountCurrency: minorToDecimal(
        list.reduce((total, c) => total + c.spend, 0),
        accountDigits,
      ),
      accountCurrency,
      rates: rateRuns(rateByDay),
      daysWithoutRate: daysWithoutRate.size,
      platformConversionValue: shop(list.reduce((total, c) => total + c.valueShop, 0)),
      storeVerifiedOrders: verified.reduce((total, v) => total + v.orders, 0),
      storeVerifiedRevenue: shop(verified.reduce((total, v) => total + v.revenueMinor, 0)),
      campaigns: list.map((c, i) => ({
        campaignId: c.campaignId,
        name: c.name,
        type: c.type,
        spend: shop(c.spendShop),
        spendInAccountCurrency: minorToDecimal(c.spend, accountDigits),
        impressions: c.impressions,
        clicks: c.clicks,
        platformConversions: c.conversions,
        platformConversionValue: shop(c.valueShop),
        utmCampaign: c.utmCampaign,
        storeVerifiedOrders: verified[i]!.orders,
        storeVerifiedRevenue: shop(verified[i]!.revenueMinor),
        storeRoas: computeRoas(verified[i]!.revenueMinor, c.spendShop),
      })),
    },
  };
}

/** GET /api/ad-spend's answer. */
export async function readAdSpend(
  db: Db,
  workspaceId: string,
  request: DayRangeRequest,
  now: Date,
): Promise<AdSpendResponse> {
  return (await readAdSpendWithOrders(db, workspaceId, request, now)).answer;
}

/**
 * The answer and the reader of its campaigns' orders (readCampaignOrders over the answer's range),
 * which /campaigns reads further (click ids, "never matched") without querying them again.
 */
export async function readAdSpendWithOrders(
  db: Db,
  workspaceId: string,
  request: DayRangeRequest,
  now: Date,
): Promise<{ answer: AdSpendResponse; orders: CampaignOrdersReader }> {
  const window = await readMetricWindow(db, workspaceId, request, now, 'none');
  if (!window)
    return {
      answer: { currency: null, from: null, to: null, total: '0', platforms: [] },
      orders: NO_CAMPAIGN_ORDERS,
    };
  const accounts = await queryRows(
    db,
    AccountRow,
    sql`SELECT s.platform,
          CASE WHEN count(DISTINCT s.account_currency) = 1 THEN max(s.account_currency) END AS currency
        FROM ${adSpendRows(workspaceId, { withoutRate: true })} s GROUP BY s.platform`,
  );
  const rows = await queryRows(
    db,
    CampaignDayRow,
    sql`SELECT s.platform, s.date::text AS date, s.campaign_id, s.campaign_name AS name,
          s.campaign_type AS type, s.spend_account_minor AS spend, s.spend_minor AS spend_shop,
          s.impressions, s.clicks, s.conversions, s.conversion_value_minor AS value_shop,
          trim_scale(s.exchange_rate)::text AS rate, s.rate_date::text AS rate_date, s.utm_campaign
        FROM ${adSpendRows(workspaceId, { from: window.start, to: window.end, withoutRate: true })} s
        ORDER BY 1, 2, 3`,
  );
  const orders = await readCampaignOrders(
    db,
    workspaceId,
    { from: window.start, to: window.end },
    rows.map((row) => ({
      platform: row.platform,
      campaignId: row.campaign_id,
      name: row.name,
      utmCampaign: row.utm_campaign,
    })),
  );
  const platforms = accounts
    .sort((a, b) => AD_SPEND_PLATFORMS.indexOf(a.platform) - AD_SPEND_PLATFORMS.indexOf(b.platform))
    .map((account) => {
      const own = rows.filter((row) => row.platform === account.platform);
      // Several currencies (imports, manual lines): the account figures are the shop figures.
      if (account.currency === null)
        return platformOf(
          account.platform,
          window.currency,
          own.map((row) => ({ ...row, spend: row.spend_shop ?? 0 })),
          window.currencyDigits,
          orders,
        );
      return platformOf(account.platform, account.currency, own, window.currencyDigits, orders);
    });
  const answer: AdSpendResponse = {
    currency: window.currency,
    from: window.start,
    to: window.end,
    total: minorToDecimal(
      platforms.reduce((sum, p) => sum + p.shopMinor, 0),
      window.currencyDigits,
    ),
    platforms: platforms.map((p) => p.view),
  };
  return { answer, orders };
}
