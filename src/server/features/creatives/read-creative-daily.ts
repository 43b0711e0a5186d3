import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { CreativeDaily } from '../../../shared/contracts/creatives.ts';
import type { DayRangeRequest } from '../../../shared/day-range.ts';
import { currencyDigitsOf, minorToDecimal } from '../../../shared/money.ts';
import { queryRows } from '../../db/query-rows.ts';
import { readMetricWindow } from '../../domain/metrics/metric-window.ts';
import { AppError } from '../../errors.ts';
import type { CachedReads } from '../../http/deps.ts';
import { readAdCredit, readAdDays } from './read-creatives.ts';

const NameRow = z.object({ name: z.string() });

/**
 * One ad's days over the window (issue #44: compare two creatives over time): spend, impressions,
 * clicks, CTR, frequency, the orders credited to it that day and spend ÷ those orders. 404 for an
 * ad the workspace has not synced.
 */
export async function readCreativeDaily(
  reads: CachedReads,
  workspaceId: string,
  adId: string,
  request: DayRangeRequest,
  now: Date,
): Promise<CreativeDaily> {
  const [ad] = await queryRows(
    reads.db,
    NameRow,
    sql`SELECT name FROM wh_meta_ads WHERE workspace_id = ${workspaceId} AND ad_id = ${adId}`,
  );
  if (!ad) throw new AppError(404, 'not_found', `No ad ${adId} is synced for this store.`);
  const window = await readMetricWindow(reads.db, workspaceId, request, now, 'none');
  if (!window) return { adId, name: ad.name, from: null, to: null, spendCurrency: null, days: [] };
  const [days, credit] = await Promise.all([
    readAdDays(reads, workspaceId, window.end, adId),
    readAdCredit(reads, workspaceId, window.start, window.end),
  ]);
  const ordersByDay = credit.get(adId)?.days ?? new Map<string, number>();
  const spendCurrency = days[days.length - 1]?.currency_code ?? window.currency;
  const digits = currencyDigitsOf(spendCurrency);
  return {
    adId,
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
          frequency: d.reach > 0 ? d.impressions / d.reach : null,
          verifiedOrders: orders,
          cpa:
            orders > 0 && spendCurrency === window.currency
              ? minorToDecimal(Math.round(d.spend / orders), digits)
              : null,
        };
      }),
  };
}
