import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { arrayLiteral } from '../../db/array-literal.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { DAILY_SPEC } from '../../domain/ad-spend/ad-platform-daily-spec.ts';
import { fillMissingShopFigures, loadShopConversion } from '../../domain/ad-spend/ad-spend-conversion.ts';
import { type UpsertRow, type UpsertSpec, upsertRows } from '../../domain/warehouse/upsert-rows.ts';
import type { AppDeps } from '../../http/deps.ts';

/**
 * Imported and manual spend into the ad-spend warehouse (issue #39 step 4, decision 105): one
 * campaign row (ad_group_id '') per platform, day and campaign, in the row's currency and in the
 * shop currency at the day's rate, converted by the connectors' own converter
 * (domain/ad-spend/ad-spend-conversion.ts). A day already stored with the same figures is left alone
 * (unchanged), a changed one is rewritten (updated); only rows of non-API platforms are ever
 * touched, so a connector's row cannot be overwritten.
 */

export type SpendSource = 'csv' | 'sheet' | 'manual';
type ConversionDeps = Pick<AppDeps, 'db' | 'env' | 'demo' | 'clock' | 'log'>;

export interface SpendDayRow {
  platform: string;
  date: string;
  campaignId: string;
  campaignName: string;
  currency: string;
  spendMinor: number;
  clicks: number;
  impressions: number;
}

export type SpendAction = 'insert' | 'update' | 'unchanged';

/** The sync's columns, plus where the row came from. */
const SPEC: UpsertSpec = {
  ...DAILY_SPEC,
  columns: [...DAILY_SPEC.columns, { name: 'source', type: 'text' }],
};

const StoredRow = z.object({
  platform: z.string(),
  date: z.string(),
  campaign_id: z.string(),
  campaign_name: z.string(),
  currency_code: z.string(),
  spend_minor: z.coerce.number(),
  clicks: z.coerce.number(),
  impressions: z.coerce.number(),
});

const keyOf = (platform: string, date: string, campaignId: string) =>
  JSON.stringify([platform, date, campaignId]);

/** What writing `days` would do to each: insert, update or nothing. */
async function actionsOf(db: Db, workspaceId: string, days: readonly SpendDayRow[]): Promise<SpendAction[]> {
  if (days.length === 0) return [];
  const stored = await queryRows(
    db,
    StoredRow,
    sql`SELECT d.platform, d.date::text AS date, d.campaign_id, d.campaign_name, d.currency_code,
          d.spend_minor, d.clicks, d.impressions
        FROM wh_ad_platform_daily d
        JOIN (SELECT DISTINCT * FROM json_to_recordset(${JSON.stringify(
          days.map((day) => ({ platform: day.platform, date: day.date, campaign_id: day.campaignId })),
        )}::json) AS x(platform text, date date, campaign_id text)) k
          ON d.platform = k.platform AND d.date = k.date AND d.campaign_id = k.campaign_id
        WHERE d.workspace_id = ${workspaceId} AND d.ad_group_id = ''`,
  );
  const byKey = new Map(stored.map((row) => [keyOf(row.platform, row.date, row.campaign_id), row]));
  return days.map((day) => {
    const row = byKey.get(keyOf(day.platform, day.date, day.campaignId));
    if (!row) return 'insert';
    const same =
      row.campaign_name === day.campaignName &&
      row.currency_code === day.currency &&
      row.spend_minor === day.spendMinor &&
      row.clicks === day.clicks &&
      row.impressions === day.impressions;
    return same ? 'unchanged' : 'update';
  });
}

/**
 * Writes (or with `dryRun` only judges) `days` from `source`; answers each day's action in order.
 * Imports of one workspace run one at a time (an advisory lock), so two uploads of one file
 * cannot both insert.
 */
export async function writeSpendDays(
  deps: ConversionDeps,
  workspaceId: string,
  days: readonly SpendDayRow[],
  options: {
    source: SpendSource;
    dryRun: boolean;
    /** Manual lines: first runs `before` in the same transaction, then drops this campaign's other days. */
    replaceCampaign?: { platform: string; campaignId: string; before: (tx: Db) => Promise<void> };
  },
): Promise<SpendAction[]> {
  if (options.dryRun) return actionsOf(deps.db, workspaceId, days);
  const dates = days.map((day) => day.date).sort();
  const toShop =
    days.length > 0
      ? await loadShopConversion(
          deps,
          workspaceId,
          days.map((day) => day.currency),
          dates[0]!,
          dates[dates.length - 1]!,
        )
      : null;
  const syncedAt = deps.clock().toISOString();
  const actions = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`ad-spend-import:${workspaceId}`}))`);
    const replace = options.replaceCampaign;
    if (replace) await replace.before(tx);
    if (replace)
      await tx.execute(sql`DELETE FROM wh_ad_platform_daily WHERE workspace_id = ${workspaceId}
          AND platform = ${replace.platform} AND campaign_id = ${replace.campaignId}
          AND NOT (date::text = ANY(${arrayLiteral(days.map((day) => day.date))}::text[]))`);
    const judged = await actionsOf(tx, workspaceId, days);
    const rows = days
      .filter((_, index) => judged[index] !== 'unchanged')
      .map(
        (day): UpsertRow => ({
          workspace_id: workspaceId,
          platform: day.platform,
          date: day.date,
          campaign_id: day.campaignId,
          ad_group_id: '',
          account_id: options.source,
          campaign_name: day.campaignName,
          campaign_type: null,
          campaign_status: null,
          ad_group_name: null,
          spend_minor: day.spendMinor,
          impressions: day.impressions,
          clicks: day.clicks,
          conversions: 0,
          conversion_value_minor: 0,
          currency_code: day.currency,
          utm_source: null,
          utm_medium: null,
          utm_campaign: null,
          ...toShop!(day.currency, day.date, day.spendMinor, 0),
          synced_at: syncedAt,
          source: options.source,
        }),
      );
    if (rows.length > 0) await upsertRows(tx, SPEC, rows);
    return judged;
  });
  // Days stored before their rate existed get it now (the next import or sheet fetch retries).
  for (const platform of new Set(days.map((day) => day.platform)))
    await fillMissingShopFigures(deps, workspaceId, platform);
  return actions;
}

/** Every imported or manual day of the workspace still without a shop figure, converted if a rate now exists. */
export async function fillImportedShopFigures(deps: ConversionDeps, workspaceId: string): Promise<number> {
  const platforms = await queryRows(
    deps.db,
    z.object({ platform: z.string() }),
    sql`SELECT DISTINCT platform FROM wh_ad_platform_daily
        WHERE workspace_id = ${workspaceId} AND source <> 'api' AND spend_shop_minor IS NULL`,
  );
  let filled = 0;
  for (const { platform } of platforms) filled += await fillMissingShopFigures(deps, workspaceId, platform);
  return filled;
}
