import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { computeMatchRate } from '../../../core/attribution/compute-match-rate.ts';
import { labelChannel } from '../../../core/attribution/label-channel.ts';
import { computeRoas } from '../../../core/metrics/compute-roas.ts';
import type { AttributionRow } from '../../../shared/contracts/analytics.ts';
import { minorToDecimal } from '../../../shared/money.ts';
import { queryRows } from '../../db/query-rows.ts';
import type { CachedReads } from '../../http/deps.ts';
import { adSpendRows } from './ad-spend-rows.ts';
import { readGa4Revenue } from './ga4-revenue.ts';
import { readMetricWindow } from './metric-window.ts';
import { queryAttribution } from './query-attribution.ts';

const PlatformSpendRow = z.object({ platform: z.string(), spend: z.coerce.number() });

/**
 * GET /api/analytics/attribution[?period=7|30|90] (spec §3 rows, last 30 days without a period):
 * each channel's store-verified revenue under the one attribution rule over the metrics window,
 * net of refunds, so the rows add up to the dashboard's revenue and the Meta row equals Campaign
 * Performance's totals. `platformRevenue` is what the platform reports (Meta for meta_ads, GA4 converted to the shop currency by day, decision 077,
 * for the others); `matchRate` compares it with the credited order totals before refunds; `roas`
 * is the channel's attributed ROAS (net credited revenue / its platform's spend: Meta's, and Google
 * Ads' and TikTok's in the shop currency, decision 131); the label is design §6's.
 * Amounts are computed in minor units, sorted by them, and written once as `MoneySchema` strings
 * of the shop currency (decision 170).
 */
export async function readChannelAttribution(
  reads: CachedReads,
  workspaceId: string,
  periodDays: number,
  now: Date,
): Promise<AttributionRow[]> {
  const { db } = reads;
  const window = await readMetricWindow(db, workspaceId, periodDays, now);
  if (!window) return [];
  const [figures, ga4, platformSpend] = await Promise.all([
    queryAttribution(reads, workspaceId, window.start, window.end, window.version),
    readGa4Revenue(db, workspaceId, window.currency, window.start, window.end, 'channel'),
    // Google Ads' and TikTok's spend in the shop currency (decision 104), from the one ad-spend reader.
    queryRows(
      db,
      PlatformSpendRow,
      sql`SELECT s.platform, sum(s.spend_minor)::text AS spend
          FROM ${adSpendRows(workspaceId, { from: window.start, to: window.end })} s
          WHERE s.platform IN ('google_ads', 'tiktok_ads') GROUP BY 1`,
    ),
  ]);
  const spendOf = new Map(platformSpend.map((row) => [row.platform, row.spend]));
  // GA4's figure in the shop currency (decision 077); none when a day of the period has no rate.
  const ga4Shown = ga4 !== null && ga4.missingRate === null ? ga4.byKey : null;
  // GA4's converted figure may hold a fraction of a minor unit: rounded once, here.
  const money = (minor: number) => minorToDecimal(Math.round(minor), window.currencyDigits);
  const metaComparable = figures.hasMeta && figures.metaCurrency === window.currency;
  const rows: { netMinor: number; row: AttributionRow }[] = [];
  for (const [channel, f] of figures.channels) {
    if (f.verifiedOrders === 0 && f.refundsMinor === 0) continue;
    const net = f.verifiedRevenueMinor - f.refundsMinor;
    const isMeta = channel === 'meta_ads';
    const spendMinor = isMeta ? (metaComparable ? f.spendMinor : null) : (spendOf.get(channel) ?? null);
    const platformMinor = isMeta
      ? metaComparable
        ? f.reportedPurchaseValueMinor
        : null
      : ga4Shown
        ? (ga4Shown.get(channel) ?? 0)
        : null;
    const matchRate = platformMinor === null ? 100 : computeMatchRate(platformMinor, f.verifiedRevenueMinor);
    const roas = spendMinor === null ? null : computeRoas(net, spendMinor);
    rows.push({
      netMinor: net,
      row: {
        channel,
        matchRate,
        revenue: money(net),
        roas,
        opportunity: labelChannel(roas, matchRate),
        spend: spendMinor === null ? null : money(spendMinor),
        platformRevenue: platformMinor === null ? null : money(platformMinor),
      },
    });
  }
  return rows
    .sort((a, b) => b.netMinor - a.netMinor || a.row.channel.localeCompare(b.row.channel))
    .map(({ row }) => row);
}
