import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { addDays, localDayOf, startOfMonth } from '../../../shared/calendar.ts';
import type { MetaSpending } from '../../../shared/contracts/meta.ts';
import { currencyDigitsOf } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';

const ShopRow = z.object({ iana_timezone: z.string() });
const CampaignRow = z.object({
  name: z.string(),
  spend: z.string(),
  currency: z.string(),
  status: z.string().nullable(),
});

/**
 * GET /api/meta/spending/last-month (/profile's Meta spend, issue #36): the previous calendar
 * month in the shop's days, summed from the warehouse's Meta daily insights — the figure every
 * other page shows for those days (Campaign Performance, /profit's marketing, the dashboard), not
 * Meta's own "last_month" preset in the ad account's calendar.
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
    sql`SELECT max(d.campaign_name) AS name, sum(d.spend_minor)::text AS spend,
          max(d.currency_code) AS currency, max(coalesce(c.effective_status, c.status, d.campaign_status)) AS status
        FROM wh_meta_daily_insights d
        LEFT JOIN wh_meta_campaigns c ON c.workspace_id = d.workspace_id AND c.campaign_id = d.campaign_id
        WHERE d.workspace_id = ${workspaceId} AND d.date BETWEEN ${from}::date AND ${to}::date
        GROUP BY d.campaign_id
        ORDER BY sum(d.spend_minor) DESC, d.campaign_id`,
  );
  const currency = rows[0]?.currency ?? 'USD';
  const scale = 10 ** currencyDigitsOf(currency);
  const totalMinor = rows.reduce((sum, row) => sum + Number(row.spend), 0);
  const period = new Date(`${from}T00:00:00Z`).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return {
    totalSpending: totalMinor / scale,
    currency,
    period: `${period} (${from} to ${to}, shop days)`,
    campaignCount: rows.length,
    campaigns: rows.map((row) => ({
      name: row.name,
      spend: Number(row.spend) / scale,
      status: row.status ?? 'UNKNOWN',
    })),
  };
}
