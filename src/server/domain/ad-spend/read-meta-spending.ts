import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { addDays, localDayOf, startOfMonth } from '../../../shared/calendar.ts';
import type { MetaSpending } from '../../../shared/contracts/meta.ts';
import { currencyDigitsOf, minorToDecimal } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { adSpendRows } from '../metrics/ad-spend-rows.ts';

const ShopRow = z.object({ iana_timezone: z.string() });
const CampaignRow = z.object({
  platform: z.string(),
  name: z.string(),
  spend: z.string(),
  currency: z.string(),
  status: z.string().nullable(),
});

/**
 * GET /api/meta/spending/last-month (/profile's spending widget, issues #36 and #39): the previous
 * calendar month in the shop's days, summed from the one ad-spend reader (adSpendRows: Meta and
 * every other platform, in the shop currency) — the figure every other page shows for those days
 * (/profit's marketing, the dashboard), not Meta's own "last_month" preset in the ad account's
 * calendar. `totalSpending` is every platform's; `platforms` gives each one's share.
 */
export async function readMetaSpendingLastMonth(
  db: Db,
  workspaceId: string,
  now: Date,
): Promise<MetaSpending> {
  const [shop] = await queryRows(
    db,
    ShopRow,
    sql`SELECT iana_timezone FROM wh_shops WHERE workspace_id = ${workspaceId}`,
  );
  const today = localDayOf(now, shop?.iana_timezone ?? 'UTC');
  const to = addDays(startOfMonth(today), -1);
  const from = startOfMonth(to);
  const rows = await queryRows(
    db,
    CampaignRow,
    sql`SELECT s.platform, max(s.campaign_name) AS name, sum(s.spend_minor)::text AS spend,
          max(s.currency_code) AS currency, max(coalesce(c.effective_status, c.status, s.campaign_status)) AS status
        FROM ${adSpendRows(workspaceId, { from, to })} s
        LEFT JOIN wh_meta_campaigns c ON s.platform = 'meta' AND c.workspace_id = ${workspaceId}
          AND c.campaign_id = s.campaign_id
        GROUP BY s.platform, s.campaign_id
        ORDER BY sum(s.spend_minor) DESC, s.platform, s.campaign_id`,
  );
  const currency = rows[0]?.currency ?? 'USD';
  const digits = currencyDigitsOf(currency);
  const money = (minor: number) => minorToDecimal(minor, digits);
  const totalMinor = rows.reduce((sum, row) => sum + Number(row.spend), 0);
  const platforms = new Map<string, { spendMinor: number; campaignCount: number }>();
  for (const row of rows) {
    const entry = platforms.get(row.platform) ?? { spendMinor: 0, campaignCount: 0 };
    entry.spendMinor += Number(row.spend);
    entry.campaignCount += 1;
    platforms.set(row.platform, entry);
  }
  const period = new Date(`${from}T00:00:00Z`).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return {
    totalSpending: money(totalMinor),
    currency,
    period: `${period} (${from} to ${to}, shop days)`,
    campaignCount: rows.length,
    platforms: [...platforms].map(([platform, p]) => ({
      platform,
      spend: money(p.spendMinor),
      campaignCount: p.campaignCount,
    })),
    campaigns: rows.map((row) => ({
      platform: row.platform,
      name: row.name,
      spend: money(Number(row.spend)),
      status: row.status ?? 'UNKNOWN',
    })),
  };
}
