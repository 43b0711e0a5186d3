import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { adSpendRows } from '../metrics/ad-spend-rows.ts';

/** One ad channel's daily spend over a range, in minor units of the shop currency. */
export interface ChannelSpend {
  name: string;
  /** Spend per shop day 'YYYY-MM-DD' (days without a row spent nothing). */
  daily: ReadonlyMap<string, number>;
  /** What the platform itself credits to its ads over the range (null: it reports none). */
  attributedRevenueMinor: number | null;
}

const SpendRow = z.object({
  channel: z.string(),
  day: z.string(),
  spend: z.string(),
  attributed: z.string().nullable(),
});

/**
 * The one place the marketing-mix model reads ad spend (issue #41): every ad channel of the
 * warehouse, daily, in the shop currency: one channel per ad platform of the one ad-spend reader
 * (adSpendRows, issue #39: Meta, Google Ads, TikTok Ads and any imported platform under its own
 * name), the day being the ad account's, the amounts what /profit's marketing line sums.
 */
export async function readChannelSpend(
  db: Db,
  workspaceId: string,
  from: string,
  to: string,
): Promise<ChannelSpend[]> {
  const rows = await queryRows(
    db,
    SpendRow,
    sql`SELECT channel, day, sum(spend)::text AS spend, sum(attributed)::text AS attributed
        FROM (
          SELECT CASE s.platform WHEN 'meta' THEN 'Meta' WHEN 'google_ads' THEN 'Google Ads'
              WHEN 'tiktok_ads' THEN 'TikTok Ads' ELSE s.platform END AS channel,
            s.date::text AS day, s.spend_minor AS spend, s.conversion_value_minor AS attributed
          FROM ${adSpendRows(workspaceId, { from, to })} s
        ) spend
        GROUP BY channel, day
        ORDER BY channel, day`,
  );
  const channels = new Map<string, { daily: Map<string, number>; attributed: number | null }>();
  for (const row of rows) {
    const channel = channels.get(row.channel) ?? { daily: new Map(), attributed: null };
    channel.daily.set(row.day, Number(row.spend));
    if (row.attributed !== null) channel.attributed = (channel.attributed ?? 0) + Number(row.attributed);
    channels.set(row.channel, channel);
  }
  return [...channels].map(([name, channel]) => ({
    name,
    daily: channel.daily,
    attributedRevenueMinor: channel.attributed,
  }));
}
