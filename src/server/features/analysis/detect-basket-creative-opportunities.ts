import { rankAffinities } from '../../../core/baskets/rank-affinities.ts';
import {
  BUNDLE_RULE,
  type BundlePair,
  detectBundleOpportunities,
} from '../../../core/opportunities/detect-bundle-opportunities.ts';
import { MIN_IMPACT_SHARE } from '../../../core/opportunities/detect-opportunities.ts';
import {
  type CreativeFacts,
  detectRefreshCreativeOpportunities,
} from '../../../core/opportunities/detect-refresh-creative-opportunities.ts';
import type { DetectorContext, OpportunityCandidate } from '../../../core/opportunities/types.ts';
import { addDays } from '../../../shared/calendar.ts';
import { CREATIVE_PLATFORMS } from '../../../shared/contracts/creatives.ts';
import { currencyDigitsOf } from '../../../shared/money.ts';
import { readProductTitles } from '../../domain/contribution/read-product-profit.ts';
import { creditKey, readCreatives, readEveryAdDay } from '../../domain/creatives/read-creatives.ts';
import { readBasketCounts } from '../../domain/product-affinity/read-basket-counts.ts';
import type { CachedReads } from '../../http/deps.ts';

/** The bundle candidates' pairs: the last 90 days' baskets counted in PostgreSQL (decision 123). */
async function readBundlePairs(
  reads: CachedReads,
  workspaceId: string,
  asOf: string,
  digits: number,
): Promise<BundlePair[]> {
  const window = { from: addDays(asOf, -(BUNDLE_RULE.windowDays - 1)), to: asOf };
  const counts = await readBasketCounts(reads.db, workspaceId, window);
  const ranked = rankAffinities({ ...counts.together, directed: false }).filter(
    (p) => p.lift >= BUNDLE_RULE.minLift,
  );
  const titles = await readProductTitles(
    reads.db,
    workspaceId,
    ranked.flatMap((p) => [p.a, p.b]),
  );
  const scale = 10 ** digits;
  const lineOf = (productId: string) => {
    const baskets = counts.together.withA.get(productId) ?? 0;
    const totals = counts.lineTotals.get(productId) ?? { revenue: 0, contribution: 0 };
    const per = (minor: number) => (baskets > 0 ? minor / baskets / scale : 0);
    return { revenue: per(totals.revenue), contribution: per(totals.contribution) };
  };
  return ranked.map((p) => ({
    a: { productId: p.a, title: titles.get(p.a) ?? `Product ${p.a}` },
    b: { productId: p.b, title: titles.get(p.b) ?? `Product ${p.b}` },
    lift: p.lift,
    confidence: p.confidence,
    together: p.orders,
    withA: counts.together.withA.get(p.a) ?? p.orders,
    withB: counts.together.withB.get(p.b) ?? p.orders,
    aLine: lineOf(p.a),
    bLine: lineOf(p.b),
  }));
}

/**
 * Every ad of every platform with its fatigue verdict, daily delivery (spend in the shop currency
 * for Google and TikTok, decision 104; Meta's in its account's) and verified per-order figures
 * (last 30 days). Google's ads come with the "cannot judge" verdict (no reach, decision 130).
 */
async function readCreativeFacts(
  reads: CachedReads,
  workspaceId: string,
  context: DetectorContext,
  now: Date,
): Promise<CreativeFacts[]> {
  const [rows, adDays] = await Promise.all([
    readCreatives(reads, workspaceId, { from: addDays(context.asOf, -29), to: context.asOf }, now),
    readEveryAdDay(reads, workspaceId, context.asOf, CREATIVE_PLATFORMS),
  ]);
  const daysOf = new Map<string, { date: string; spend: number; purchases: number }[]>();
  const scale = 10 ** currencyDigitsOf(context.currency);
  for (const d of adDays) {
    const key = creditKey(d.platform, d.ad_id);
    const days = daysOf.get(key) ?? [];
    days.push({ date: d.date, spend: d.spend / scale, purchases: d.purchases });
    daysOf.set(key, days);
  }
  return rows.flatMap((row): CreativeFacts[] => {
    // Spend in another currency than the shop's has no CPA to compare with its orders.
    if (row.spendCurrency !== context.currency) return [];
    const perOrder = (amount: string | null) =>
      row.verifiedOrders > 0 && amount !== null ? Number(amount) / row.verifiedOrders : null;
    return [
      {
        platform: row.platform,
        adId: row.adId,
        name: row.name,
        campaignId: row.campaignId,
        fatigue: row.fatigue,
        days: daysOf.get(creditKey(row.platform, row.adId)) ?? [],
        revenuePerOrder: perOrder(row.verifiedRevenue),
        contributionPerOrder: perOrder(row.contribution),
      },
    ];
  });
}

/**
 * The opportunities priced from basket and ad-level facts (issue #44, decision 127): bundles of
 * the pairs bought together and refreshes of wearing-out creatives. Their facts are counted by the
 * Products and Creatives features' own reads, so the analysis run adds these candidates beside the
 * core pipeline's, with the same noise floor (`MIN_IMPACT_SHARE` of the last 30 days' revenue).
 */
export async function detectBasketCreativeOpportunities(
  reads: CachedReads,
  workspaceId: string,
  context: DetectorContext,
  now: Date,
): Promise<OpportunityCandidate[]> {
  const [pairs, creatives] = await Promise.all([
    readBundlePairs(reads, workspaceId, context.asOf, currencyDigitsOf(context.currency)),
    readCreativeFacts(reads, workspaceId, context, now),
  ]);
  const floor = MIN_IMPACT_SHARE * context.revenueLast30Days;
  return [
    ...detectBundleOpportunities(pairs, context),
    ...detectRefreshCreativeOpportunities(creatives, context),
  ].filter((candidate) => candidate.revenueImpactMax >= floor);
}
