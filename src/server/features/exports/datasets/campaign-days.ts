import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { whMetaDailyInsights } from '../../../db/schema/warehouse.ts';
import { defineExportDataset, moneyCell as money } from '../export-dataset.ts';
import { withinWindow } from '../export-window.ts';

const t = whMetaDailyInsights;

/** Meta campaign insights per day (the ad account's days), keyed by (day, campaign). */
export const dataset = defineExportDataset<typeof t.$inferSelect>({
  description:
    "One row per Meta campaign and day in the window: spend, impressions, clicks and Meta's reported purchases.",
  columns: [
    'day',
    'campaign_id',
    'campaign_name',
    'campaign_status',
    'currency',
    'spend',
    'impressions',
    'clicks',
    'reach',
    'reported_purchases',
    'reported_purchase_value',
  ],
  page: (db, context, after, limit) =>
    db
      .select()
      .from(t)
      .where(
        and(
          eq(t.workspaceId, context.workspaceId),
          withinWindow(t.date, context),
          after
            ? (sql`(${t.date}, ${t.campaignId}) > (${after.date}, ${after.campaignId})` as SQL)
            : undefined,
        ),
      )
      .orderBy(asc(t.date), asc(t.campaignId))
      .limit(limit),
  record: (row) => [
    row.date,
    row.campaignId,
    row.campaignName,
    row.campaignStatus,
    row.currencyCode,
    money(row.spendMinor, row.currencyCode),
    row.impressions,
    row.clicks,
    row.reach,
    row.reportedPurchases,
    money(row.reportedPurchaseValueMinor, row.currencyCode),
  ],
});
