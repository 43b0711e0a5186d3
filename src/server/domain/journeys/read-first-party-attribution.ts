import type { AttributionModel } from '../../../core/attribution/types.ts';
import type { FirstPartyAttribution } from '../../../shared/contracts/first-party.ts';
import { currencyDigitsOf, minorToDecimal } from '../../../shared/money.ts';
import type { CachedReads } from '../../http/deps.ts';
import { ga4CurrencyNote, readGa4Revenue } from '../metrics/ga4-revenue.ts';
import { readMetricWindow } from '../metrics/metric-window.ts';
import { queryAttribution } from '../metrics/query-attribution.ts';
import { keptFirstPartyCredit } from './kept-first-party-credit.ts';

/** Shown on the page beside the figures. */
const FIRST_PARTY_ATTRIBUTION_RULE =
  "First-party: each order joined to a session of your own tracker is credited over that visitor's sessions of the 30 days before it (channel from click ids, UTM tags, then the referrer) by the chosen model. Store: last non-direct click over Shopify's first and last visits, in order value before refunds (net of refunds it is the store-verified revenue of the channel table and the campaigns). GA4 reports revenue by source/medium, so its figure is per channel; Meta reports its own campaigns.";

/**
 * GET /api/attribution/first-party?period&model (issue 16 item 3): the chosen model's credit over
 * the period's first-party journeys, per channel beside the store's own credit, GA4's and Meta's
 * reported revenue, and per UTM campaign. Same window as /api/campaigns and the attribution table.
 */
export async function readFirstPartyAttribution(
  reads: CachedReads,
  workspaceId: string,
  query: { period: number; model: AttributionModel },
  now: Date,
): Promise<FirstPartyAttribution> {
  const window = await readMetricWindow(reads.db, workspaceId, query.period, now);
  const base = { model: query.model, period: query.period, rule: FIRST_PARTY_ATTRIBUTION_RULE };
  if (!window)
    return {
      ...base,
      startDate: null,
      endDate: null,
      currency: null,
      joinedOrders: 0,
      joinedRevenue: '0',
      orders: 0,
      channels: [],
      campaigns: [],
      ga4CurrencyNote: null,
    };
  const [figures, credit, ga4] = await Promise.all([
    queryAttribution(reads, workspaceId, window.start, window.end, window.version),
    keptFirstPartyCredit(reads, workspaceId, window, query.model),
    readGa4Revenue(reads.db, workspaceId, window.currency, window.start, window.end, 'channel'),
  ]);
  const ga4Shown = ga4 !== null && ga4.missingRate === null;
  const firstParty = new Map(credit.channels.map((c) => [c.channel, c]));
  const metaComparable = figures.hasMeta && figures.metaCurrency === window.currency;
  const names = new Set([...firstParty.keys(), ...figures.channels.keys()]);
  const digits = currencyDigitsOf(window.currency);
  const money = (minor: number) => minorToDecimal(minor, digits);
  // Summed and sorted in minor units, written once.
  const credited = [...names].map((channel) => {
    const own = firstParty.get(channel);
    const store = figures.channels.get(channel);
    return {
      channel,
      conversions: own?.conversions ?? 0,
      revenueMinor: Math.round(own?.value ?? 0),
      storeRevenueMinor: store ? store.verifiedRevenueMinor : 0,
      ga4ReportedRevenueMinor: ga4Shown ? Math.round(ga4.byKey.get(channel) ?? 0) : null,
      metaReportedRevenueMinor:
        channel === 'meta_ads' && metaComparable ? (store?.reportedPurchaseValueMinor ?? 0) : null,
    };
  });
  credited.sort((a, b) => b.revenueMinor - a.revenueMinor || a.channel.localeCompare(b.channel));
  const channels = credited.map((c) => ({
    channel: c.channel,
    conversions: c.conversions,
    revenue: money(c.revenueMinor),
    storeRevenue: money(c.storeRevenueMinor),
    ga4ReportedRevenue: c.ga4ReportedRevenueMinor === null ? null : money(c.ga4ReportedRevenueMinor),
    metaReportedRevenue: c.metaReportedRevenueMinor === null ? null : money(c.metaReportedRevenueMinor),
  }));
  let orders = 0;
  for (const f of figures.channels.values()) orders += f.verifiedOrders;
  return {
    ...base,
    startDate: window.start,
    endDate: window.end,
    currency: window.currency,
    joinedOrders: credit.joinedOrders,
    joinedRevenue: money(credit.joinedRevenueMinor),
    orders,
    channels,
    campaigns: credit.campaigns
      .map((c) => ({ ...c, revenueMinor: Math.round(c.value) }))
      .sort((a, b) => b.revenueMinor - a.revenueMinor || a.campaign.localeCompare(b.campaign))
      .map((c) => ({
        channel: c.channel,
        campaign: c.campaign,
        conversions: c.conversions,
        revenue: money(c.revenueMinor),
      })),
    ga4CurrencyNote: ga4CurrencyNote(ga4, window.currency),
  };
}
