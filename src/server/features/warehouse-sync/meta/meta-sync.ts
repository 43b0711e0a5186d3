import { addDays, localDayOf } from '../../../../shared/calendar.ts';
import { currencyDigitsOf, parseDecimalToMinor } from '../../../../shared/money.ts';
import type { MetaInsightRow } from '../../../connectors/meta/payload.schema.ts';
import { createMetaClientFor } from '../../../domain/credentials/upstream-clients.ts';
import type { SyncOutcome, SyncSession } from '../../../domain/sync/sync-run.ts';
import { type UpsertRow, type UpsertSpec, upsertRows } from '../../../domain/warehouse/upsert-rows.ts';
import { PermanentJobError } from '../../../jobs/job-error.ts';
import { loadCredential } from '../../../vault/credential-store.ts';
import { syncTuning } from '../sync-tuning.ts';
import {
  AD_INSIGHT_FIELDS,
  AD_INSIGHT_SPEC,
  AD_SPEC,
  mapAd,
  mapAdInsight,
  pickAction,
} from './meta-ad-rows.ts';

/**
 * Meta → warehouse: the ad account's campaigns (status, budgets) and ads (their creatives), then
 * daily campaign and ad insights (`level=campaign` and `level=ad`, `time_increment=1`) in 90-day
 * windows. The first run reads back
 * BACKFILL_DAYS; every later run re-reads the last 28 days because Meta restates them
 * (late conversions, invalid-click credits), and the upsert replaces the restated values.
 */

const BACKFILL_DAYS = 3 * 366;
const RESTATE_DAYS = 28;
const WINDOW_DAYS = 90;

const col = (name: string, type: string) => ({ name, type });

const CAMPAIGN_SPEC: UpsertSpec = {
  table: 'wh_meta_campaigns',
  key: ['workspace_id', 'campaign_id'],
  touch: ['synced_at'],
  columns: [
    col('workspace_id', 'uuid'),
    col('campaign_id', 'text'),
    col('name', 'text'),
    col('status', 'text'),
    col('effective_status', 'text'),
    col('objective', 'text'),
    col('daily_budget_minor', 'bigint'),
    col('lifetime_budget_minor', 'bigint'),
    col('currency_code', 'text'),
    col('start_time', 'timestamptz'),
    col('stop_time', 'timestamptz'),
    col('synced_at', 'timestamptz'),
  ],
};

const INSIGHT_SPEC: UpsertSpec = {
  table: 'wh_meta_daily_insights',
  key: ['workspace_id', 'date', 'campaign_id'],
  touch: ['synced_at'],
  columns: [
    col('workspace_id', 'uuid'),
    col('date', 'date'),
    col('campaign_id', 'text'),
    col('campaign_name', 'text'),
    col('campaign_status', 'text'),
    col('spend_minor', 'bigint'),
    col('impressions', 'bigint'),
    col('clicks', 'bigint'),
    col('reach', 'bigint'),
    col('reported_purchases', 'integer'),
    col('reported_purchase_value_minor', 'bigint'),
    col('currency_code', 'text'),
    col('synced_at', 'timestamptz'),
  ],
};

/** The earlier of two YYYY-MM-DD days. */
const earlierDay = (a: string, b: string) => (a < b ? a : b);

const iso = (value: string | undefined) => (value ? new Date(value).toISOString() : null);

/** Meta insights row → warehouse row (money from the account-currency decimal strings). */
export function mapInsight(
  workspaceId: string,
  row: MetaInsightRow,
  currency: string,
  statusOf: (campaignId: string) => string | null,
  syncedAt: string,
): UpsertRow | null {
  if (!row.campaign_id || !row.date_start) return null;
  const digits = currencyDigitsOf(currency);
  return {
    workspace_id: workspaceId,
    date: row.date_start,
    campaign_id: row.campaign_id,
    campaign_name: row.campaign_name ?? row.campaign_id,
    campaign_status: statusOf(row.campaign_id),
    spend_minor: parseDecimalToMinor(row.spend ?? '0', digits),
    impressions: Math.round(Number(row.impressions ?? 0)),
    clicks: Math.round(Number(row.clicks ?? 0)),
    reach: row.reach === undefined ? null : Math.round(Number(row.reach)),
    reported_purchases: Math.round(Number(pickAction(row.actions) ?? 0)),
    reported_purchase_value_minor: parseDecimalToMinor(pickAction(row.action_values) ?? '0', digits),
    currency_code: currency,
    synced_at: syncedAt,
  };
}

export async function syncMeta(session: SyncSession): Promise<SyncOutcome> {
  const integration = session.deps.integration;
  const stored = await loadCredential(integration.db, integration.keyring, session.workspaceId, 'meta');
  if (!stored)
    throw new PermanentJobError('Meta is not connected. Add your ad account in Profile & Integrations.');
  const { secret } = stored;
  const client = createMetaClientFor(integration, secret, syncTuning);
  const adAccountId = secret.adAccountId.startsWith('act_')
    ? secret.adAccountId
    : `act_${secret.adAccountId}`;
  const recordUsage = () => {
    const usage = client.lastUsage;
    if (usage) {
      session.recordQuota({
        unit: 'API usage',
        used: usage.maxPercent,
        limit: 100,
        usedPercent: usage.maxPercent,
      });
    }
  };
  const account = await client.getAdAccount(adAccountId);
  recordUsage();
  const currency = account.currency ?? 'USD';
  const syncedAt = session.now().toISOString();

  const campaigns = await client.listAllCampaigns(adAccountId);
  recordUsage();
  const statuses = new Map(
    campaigns.map((campaign) => [campaign.id, campaign.effective_status ?? campaign.status ?? null]),
  );
  const campaignRows: UpsertRow[] = campaigns.map((campaign) => ({
    workspace_id: session.workspaceId,
    campaign_id: campaign.id,
    name: campaign.name,
    status: campaign.status ?? null,
    effective_status: campaign.effective_status ?? null,
    objective: campaign.objective ?? null,
    // Meta writes budgets as strings already in minor units (cents).
    daily_budget_minor: campaign.daily_budget ? Math.round(Number(campaign.daily_budget)) : null,
    lifetime_budget_minor: campaign.lifetime_budget ? Math.round(Number(campaign.lifetime_budget)) : null,
    currency_code: currency,
    start_time: iso(campaign.start_time),
    stop_time: iso(campaign.stop_time),
    synced_at: syncedAt,
  }));
  await session.commitPage((db) => upsertRows(db, CAMPAIGN_SPEC, campaignRows), {});

  // Ads and their creatives (issue #44): an ad whose creative was deleted upstream keeps its row.
  const ads = await client.listAllAds(adAccountId);
  recordUsage();
  const adRows = ads.map((ad) => mapAd(session.workspaceId, ad, syncedAt));
  await session.commitPage((db) => upsertRows(db, AD_SPEC, adRows), {});

  const today = localDayOf(session.now(), account.timezone_name ?? 'UTC');
  const lastDate = typeof session.cursor.lastDate === 'string' ? session.cursor.lastDate : null;
  const resumeFrom = typeof session.cursor.nextSince === 'string' ? session.cursor.nextSince : null;
  let since = resumeFrom ?? (lastDate ? addDays(today, -RESTATE_DAYS) : addDays(today, -BACKFILL_DAYS));
  if (lastDate && !resumeFrom && addDays(lastDate, 1) < since) since = addDays(lastDate, 1);
  while (since <= today) {
    session.throwIfAborted();
    const until = earlierDay(addDays(since, WINDOW_DAYS - 1), today);
    const rows = await client.getAllInsights(
      {
        adAccountId,
        level: 'campaign',
        timeRange: { since, until },
        timeIncrement: 1,
        fields: [
          'campaign_id',
          'campaign_name',
          'spend',
          'impressions',
          'clicks',
          'reach',
          'actions',
          'action_values',
          'date_start',
          'date_stop',
        ],
        limit: 500,
      },
      1_000,
    );
    recordUsage();
    const mapped = rows
      .map((row) =>
        mapInsight(session.workspaceId, row, currency, (id) => statuses.get(id) ?? null, syncedAt),
      )
      .filter((row): row is UpsertRow => row !== null);
    const adDays = (
      await client.getAllInsights(
        {
          adAccountId,
          level: 'ad',
          timeRange: { since, until },
          timeIncrement: 1,
          fields: AD_INSIGHT_FIELDS,
          limit: 500,
        },
        2_000,
      )
    )
      .map((row) => mapAdInsight(session.workspaceId, row, currency, syncedAt))
      .filter((row): row is UpsertRow => row !== null);
    recordUsage();
    const next = addDays(until, 1);
    await session.commitPage(
      async (db) => {
        const written = await upsertRows(db, INSIGHT_SPEC, mapped);
        return written + (await upsertRows(db, AD_INSIGHT_SPEC, adDays));
      },
      {
        nextSince: next > today ? null : next,
      },
    );
    since = next;
  }
  await session.commitPage(async () => 0, { nextSince: null, lastDate: today });
  return { dataThrough: session.now(), backfillCompleted: true };
}
