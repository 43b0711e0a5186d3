import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';

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
 * warehouse, daily, in the shop currency. Today that is Meta's daily insights (the day is the ad
 * account's, which the connection sets to the shop's time zone; the amounts are taken as the shop
 * currency, as /profit's marketing line takes them). A new ad platform adds one `UNION ALL` branch
 * with its channel name here and nothing else changes.
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
          SELECT 'Meta' AS channel, d.date::text AS day, d.spend_minor AS spend,
            d.reported_purchase_value_minor AS attributed
          FROM wh_meta_daily_insights d
          WHERE d.workspace_id = ${workspaceId} AND d.date BETWEEN ${from}::date AND ${to}::date
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
