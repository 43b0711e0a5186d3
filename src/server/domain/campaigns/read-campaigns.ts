import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { computeMatchRate } from '../../../core/attribution/compute-match-rate.ts';
import { acquisitionCost } from '../../../core/metrics/acquisition-cost.ts';
import { computePoas } from '../../../core/metrics/compute-poas.ts';
import { computeRoas } from '../../../core/metrics/compute-roas.ts';
import { judgeCampaign } from '../../../core/metrics/judge-campaign.ts';
import { adCampaignKey } from '../../../core/pipeline/ad-campaign-key.ts';
import { channelOfPlatform } from '../../../core/pipeline/channel-of-platform.ts';
import { contributionOf } from '../../../core/profit/contribution-of.ts';
import { addDays } from '../../../shared/calendar.ts';
import type {
  CampaignPerformance,
  CampaignRow,
  ChannelProfitRow,
  Currency,
} from '../../../shared/contracts/campaigns.ts';
import type { DayRangeRequest } from '../../../shared/day-range.ts';
import {
  ATTRIBUTION_RULE,
  CAC_RULE,
  CAMPAIGN_VERDICT_RULE,
  CONTRIBUTION_RULE,
  MATCH_RATE_RULE,
  MER_RULE,
  POAS_RULE,
  WINDOW_RULE,
} from '../../../shared/metrics.ts';
import { currencyDigitsOf, minorToDecimal } from '../../../shared/money.ts';
import { queryRows } from '../../db/query-rows.ts';
import type { CachedReads } from '../../http/deps.ts';
import { listCredentialSummaries } from '../../vault/credential-store.ts';
import { keptFirstPartyCredit } from '../journeys/kept-first-party-credit.ts';
import { type Ga4Revenue, ga4CurrencyNote, readGa4Revenue } from '../metrics/ga4-revenue.ts';
import { type CreditFigures, emptyCreditFigures } from '../metrics/load-attribution.ts';
import { readMetricWindow } from '../metrics/metric-window.ts';
import { queryAttribution } from '../metrics/query-attribution.ts';
import { figuresOnTheWire, type MoneyDigits, profitOnTheWire } from './campaign-money.ts';
import { readPlatformCampaigns } from './read-platform-campaigns.ts';

const CAMPAIGN_OPPORTUNITY_TYPES = ['scale_campaign', 'cut_campaign', 'ad_spend_out_of_stock'];

type Figures = CreditFigures;

/**
 * Profit of a set of figures (decision 025): contribution of the credited orders, POAS and CAC
 * against `spendMinor` (null when the spend is in another currency than the shop's or unknown).
 */
function profitOf(f: Figures, spendMinor: number | null) {
  const contributionMinor = contributionOf(f.profit).contributionMargin;
  return {
    contributionMinor,
    poas: spendMinor === null ? null : computePoas(contributionMinor, spendMinor),
    customers: f.customers,
    newCustomers: f.newCustomers,
    cacMinor: spendMinor === null ? null : acquisitionCost(spendMinor, f.customers),
    newCustomerCacMinor: spendMinor === null ? null : acquisitionCost(spendMinor, f.newCustomers),
    unitsSold: f.unitsSold,
    unitsWithCost: f.unitsWithCost,
  };
}

/** The derived ratios of a set of figures; ROAS and match rate only when one currency is involved. */
function present(figures: Figures, account: Currency | null, sameCurrency: boolean) {
  const { profit: _lines, ...f } = figures;
  const netRevenueMinor = f.verifiedRevenueMinor - f.refundsMinor;
  const unit = 10 ** (account?.digits ?? 2);
  return {
    ...f,
    ...profitOf(figures, sameCurrency ? f.spendMinor : null),
    ctr: f.impressions > 0 ? (100 * f.clicks) / f.impressions : null,
    cpc: f.clicks > 0 ? f.spendMinor / unit / f.clicks : null,
    netRevenueMinor,
    roas: sameCurrency ? computeRoas(netRevenueMinor, f.spendMinor) : null,
    matchRate: sameCurrency ? computeMatchRate(f.reportedPurchaseValueMinor, f.verifiedRevenueMinor) : null,
  };
}

const LinkRow = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  status: z.string(),
  subject_key: z.string(),
});

/**
 * Campaign Performance of the caller's workspace over the metrics window of `period` days (the
 * same days as the dashboard and the attribution table): the warehouse's Meta daily insights per
 * campaign beside the store revenue the one attribution rule credits to it (ATTRIBUTION_RULE), a
 * daily spend/revenue series, the verdict label (judgeCampaign, the detectors' rule) and the
 * related open opportunities. Totals are Meta's as a channel: every Meta-credited order counts,
 * also those whose UTM names no known campaign (shown as `unmatched`).
 */
export async function readCampaignPerformance(
  reads: CachedReads,
  workspaceId: string,
  request: DayRangeRequest,
  now: Date,
): Promise<CampaignPerformance> {
  const { db } = reads;
  const [credentials, window] = await Promise.all([
    listCredentialSummaries(db, workspaceId),
    readMetricWindow(db, workspaceId, request, now, 'none'),
  ]);
  const connected = credentials.some((c) => c.provider === 'meta');
  const figures = window
    ? await queryAttribution(reads, workspaceId, window.start, window.end, window.version)
    : null;
  const shopCurrency = window ? { code: window.currency, digits: window.currencyDigits } : null;
  const accountCode = figures?.metaCurrency ?? null;
  const accountCurrency = accountCode ? { code: accountCode, digits: currencyDigitsOf(accountCode) } : null;
  const sameCurrency = shopCurrency !== null && accountCode === shopCurrency.code;
  const base = {
    connected,
    hasData: figures?.hasMeta ?? false,
    period: window?.periodDays ?? request.period ?? 30,
    from: window?.start ?? null,
    to: window?.end ?? null,
    comparison: window?.comparison ?? null,
    shopCurrency,
    accountCurrency,
    currencyNote:
      accountCurrency && shopCurrency && !sameCurrency
        ? `The ad account bills in ${accountCurrency.code} and the shop sells in ${shopCurrency.code}: spend is shown in ${accountCurrency.code}, and ROAS and match rate are not computed across currencies.`
        : null,
    attributionRule: `${ATTRIBUTION_RULE} ${MATCH_RATE_RULE} ${CAMPAIGN_VERDICT_RULE} ${WINDOW_RULE}`,
    profitRule: `${CONTRIBUTION_RULE} ${POAS_RULE} ${MER_RULE} ${CAC_RULE}`,
    ga4CurrencyNote: null,
  };
  const digits: MoneyDigits = {
    shop: shopCurrency?.digits ?? 2,
    account: accountCurrency?.digits ?? shopCurrency?.digits ?? 2,
  };
  const noFirstParty = { firstPartyOrders: 0, firstPartyRevenueMinor: 0, ga4ReportedRevenueMinor: null };
  // First-party credit (issue 16): last non-direct click over the tracker's journeys, by UTM campaign.
  const firstParty = window
    ? await keptFirstPartyCredit(reads, workspaceId, window, 'last-non-direct')
    : null;
  // Every platform's campaigns (issue #39), also without any Meta data.
  const adPlatforms = firstParty
    ? await readPlatformCampaigns(reads, workspaceId, request, now, firstParty)
    : { platforms: [], total: '0', totalMinor: 0, spendMinor: new Map<string, number>() };
  if (!window || !figures || !firstParty || !base.hasData) {
    return {
      ...base,
      adPlatforms: adPlatforms.platforms,
      adSpendTotal: adPlatforms.total,
      startDate: null,
      endDate: null,
      unmatched: { orders: 0, revenue: minorToDecimal(0, digits.shop) },
      totals: figuresOnTheWire(
        { ...present(emptyCreditFigures(), accountCurrency, sameCurrency), ...noFirstParty },
        digits,
      ),
      campaigns: [],
      channels: [],
      mer: null,
      storeNetRevenue: minorToDecimal(0, digits.shop),
    };
  }
  const { start: startDate, end: endDate } = window;
  const days: string[] = [];
  for (let d = startDate; d <= endDate; d = addDays(d, 1)) days.push(d);

  const links = await queryRows(
    db,
    LinkRow,
    sql`SELECT o.id, o.type, o.title, o.status, o.subject_key FROM opportunities o
        WHERE o.workspace_id = ${workspaceId} AND o.status <> 'dismissed'
          AND o.type IN (${sql.join(
            CAMPAIGN_OPPORTUNITY_TYPES.map((t) => sql`${t}`),
            sql`, `,
          )})
          AND (o.status = 'implemented' OR o.last_run_id = (
            SELECT id FROM analysis_runs WHERE workspace_id = ${workspaceId} AND status = 'succeeded'
            ORDER BY finished_at DESC LIMIT 1))
        ORDER BY o.revenue_impact_max DESC`,
  );

  // Every platform's campaign rows link their campaign's opportunities too (decision 128), by the
  // key the analysis gives them (adCampaignKey: a Meta campaign's id, another's `platform:id`).
  for (const p of adPlatforms.platforms)
    for (const c of p.campaigns)
      c.opportunities = links
        .filter((l) => l.subject_key === adCampaignKey(p.platform, c.campaignId))
        .map(({ id, type, title, status }) => ({ id, type, title, status }));

  const metaFirstParty = firstParty.channels.find((c) => c.channel === 'meta_ads');
  // GA4-reported revenue per campaign (decision 073): GA4's sessionCampaignName is the utm_campaign.
  // In the shop currency (decision 077); withheld (null) when a day of the period has no rate.
  const [ga4Channels, ga4Campaigns] = await Promise.all([
    readGa4Revenue(db, workspaceId, window.currency, startDate, endDate, 'channel'),
    readGa4Revenue(db, workspaceId, window.currency, startDate, endDate, 'campaign'),
  ]);
  const shownGa4 = (revenue: Ga4Revenue | null) => (revenue && !revenue.missingRate ? revenue.byKey : null);
  const ga4ByName = ga4Channels ? shownGa4(ga4Campaigns) : null;
  const ga4Totals = shownGa4(ga4Channels);
  const firstPartyOf = (entry: { campaignId: string; name: string }) => {
    let orders = 0;
    let revenue = 0;
    for (const c of firstParty.campaigns)
      if (c.channel === 'meta_ads' && (c.campaign === entry.name || c.campaign === entry.campaignId)) {
        orders += c.conversions;
        revenue += c.value;
      }
    const ga4 =
      ga4ByName === null
        ? null
        : Math.round(
            (ga4ByName.get(entry.name) ?? 0) +
              (entry.campaignId !== entry.name ? (ga4ByName.get(entry.campaignId) ?? 0) : 0),
          );
    return {
      firstPartyOrders: orders,
      firstPartyRevenueMinor: Math.round(revenue),
      ga4ReportedRevenueMinor: ga4,
    };
  };

  const campaigns: (CampaignRow & { spendMinor: number })[] = [];
  for (const entry of figures.campaigns.values()) {
    if (!entry.active && entry.status !== 'ACTIVE') continue;
    const shown = present(entry.figures, accountCurrency, sameCurrency);
    campaigns.push({
      campaignId: entry.campaignId,
      name: entry.name,
      status: entry.status,
      objective: entry.objective,
      ...figuresOnTheWire({ ...shown, ...firstPartyOf(entry) }, digits),
      spendMinor: entry.figures.spendMinor,
      label:
        shown.matchRate === null
          ? null
          : judgeCampaign({
              status: entry.status,
              spend: entry.figures.spendMinor,
              netRevenue: shown.netRevenueMinor,
              verifiedOrders: entry.figures.verifiedOrders,
              matchRate: shown.matchRate,
            }),
      daily: days.map((date) => ({
        date,
        spend: minorToDecimal(entry.byDay.get(date)?.spendMinor ?? 0, digits.account),
        revenue: minorToDecimal(entry.byDay.get(date)?.revenueMinor ?? 0, digits.shop),
      })),
      opportunities: links
        .filter((l) => l.subject_key === entry.campaignId)
        .map(({ id, type, title, status }) => ({ id, type, title, status })),
    });
  }
  campaigns.sort((a, b) => b.spendMinor - a.spendMinor || a.name.localeCompare(b.name));
  const channels: (ChannelProfitRow & { netRevenueMinor: number })[] = [];
  let storeNetRevenueMinor = 0;
  for (const [channel, f] of figures.channels) {
    const netRevenueMinor = f.verifiedRevenueMinor - f.refundsMinor;
    storeNetRevenueMinor += netRevenueMinor;
    if (f.verifiedOrders === 0 && f.refundsMinor === 0) continue;
    // A channel's own platform spend: Meta's (same currency only); Google Ads' and TikTok's (shop
    // currency, decision 104).
    const platform = adPlatforms.platforms.find(
      (p) => p.platform !== 'meta' && channelOfPlatform(p.platform) === channel,
    )?.platform;
    const platformSpend = platform === undefined ? undefined : adPlatforms.spendMinor.get(platform);
    const spendMinor =
      channel === 'meta_ads' ? (sameCurrency ? f.spendMinor : null) : (platformSpend ?? null);
    channels.push({
      channel,
      spend: spendMinor === null ? null : minorToDecimal(spendMinor, digits.shop),
      netRevenue: minorToDecimal(netRevenueMinor, digits.shop),
      netRevenueMinor,
      verifiedOrders: f.verifiedOrders,
      ...profitOnTheWire(profitOf(f, spendMinor), digits),
    });
  }
  channels.sort((a, b) => b.netRevenueMinor - a.netRevenueMinor || a.channel.localeCompare(b.channel));
  return {
    ...base,
    startDate,
    endDate,
    unmatched: {
      orders: figures.unmatched.orders,
      revenue: minorToDecimal(figures.unmatched.revenueMinor, digits.shop),
    },
    totals: figuresOnTheWire(
      {
        ...present(figures.channels.get('meta_ads') ?? emptyCreditFigures(), accountCurrency, sameCurrency),
        firstPartyOrders: metaFirstParty?.conversions ?? 0,
        firstPartyRevenueMinor: Math.round(metaFirstParty?.value ?? 0),
        ga4ReportedRevenueMinor: ga4Totals ? Math.round(ga4Totals.get('meta_ads') ?? 0) : null,
      },
      digits,
    ),
    // The sort keys stay on the server: only the wire fields leave.
    campaigns: campaigns.map(({ spendMinor: _spend, ...row }) => row),
    channels: channels.map(({ netRevenueMinor: _net, ...row }) => row),
    adPlatforms: adPlatforms.platforms,
    adSpendTotal: adPlatforms.total,
    // Every platform's spend (issue #39); not computed when Meta bills in another currency.
    mer: sameCurrency ? computeRoas(storeNetRevenueMinor, adPlatforms.totalMinor) : null,
    storeNetRevenue: minorToDecimal(storeNetRevenueMinor, digits.shop),
    ga4CurrencyNote: ga4CurrencyNote(ga4Channels ?? ga4Campaigns, window.currency),
  };
}
