import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { CreativeDaily, CreativePlatform } from '../../../shared/contracts/creatives.ts';
import type { DayRangeRequest } from '../../../shared/day-range.ts';
import { currencyDigitsOf, minorToDecimal } from '../../../shared/money.ts';
import { queryRows } from '../../db/query-rows.ts';
import { creditKey, readAdCredit, readAdDays } from '../../domain/creatives/read-creatives.ts';
import { readPlatformAdDays } from '../../domain/creatives/read-platform-ads.ts';
import { readMetricWindow } from '../../domain/metrics/metric-window.ts';
import { AppError } from '../../errors.ts';
import type { CachedReads } from '../../http/deps.ts';

const NameRow = z.object({ name: z.string() });

/**
 * One ad's days over the window (issue #44: compare two creatives over time): spend, impressions,
 * clicks, CTR, frequency, the orders credited to it that day and spend ÷ those orders. The ad is
 * the platform's (Meta unless named: ids of two platforms may collide). 404 for an ad the
 * workspace has not synced.
 */
export async function readCreativeDaily(
  reads: CachedReads,
  workspaceId: string,
  adId: string,
  platform: CreativePlatform,
  request: DayRangeRequest,
  now: Date,
): Promise<CreativeDaily> {
  const [ad] = await queryRows(
    reads.db,
    NameRow,
    platform === 'meta'
      ? sql`SELECT name FROM wh_meta_ads WHERE workspace_id = ${workspaceId} AND ad_id = ${adId}`
      : sql`SELECT name FROM wh_ad_platform_ads
            WHERE workspace_id = ${workspaceId} AND platform = ${platform} AND ad_id = ${adId}`,
  );
  if (!ad) throw new AppError(404, 'not_found', `No ${platform} ad ${adId} is synced for this store.`);
  const window = await readMetricWindow(reads.db, workspaceId, request, now, 'none');
  if (!window) return { adId, platform, name: ad.name, from: null, to: null, spendCurrency: null, days: [] };
  const [days, credit] = await Promise.all([
    platform === 'meta'
      ? readAdDays(reads, workspaceId, window.end, adId)
      : readPlatformAdDays(reads, workspaceId, window.end, [platform], adId),
    readAdCredit(reads, workspaceId, window.start, window.end),
  ]);
  const ordersByDay = credit.get(creditKey(platform, adId))?.days ?? new Map<string, number>();
  const spendCurrency = days[days.length - 1]?.currency_code ?? window.currency;
  const digits = currencyDigitsOf(spendCurrency);
  return {
    adId,
    platform,
    name: ad.name,
    from: window.start,
    to: window.end,
    spendCurrency,
    days: days
      .filter((d) => d.date >= window.start)
      .map((d) => {
        const orders = ordersByDay.get(d.date) ?? 0;
        return {
          date: d.date,
          spend: minorToDecimal(d.spend, digits),
          impressions: d.impressions,
          clicks: d.clicks,
          ctr: d.impressions > 0 ? (100 * d.clicks) / d.impressions : null,
          frequency: d.has_reach && d.reach > 0 ? d.impressions / d.reach : null,
          verifiedOrders: orders,
          cpa:
            orders > 0 && spendCurrency === window.currency
              ? minorToDecimal(Math.round(d.spend / orders), digits)
              : null,
        };
      }),
  };
}
