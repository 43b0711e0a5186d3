import { currencyDigitsOf, parseDecimalToMinor } from '../../../../shared/money.ts';
import type { MetaAd, MetaInsightRow } from '../../../connectors/meta/payload.schema.ts';
import type { UpsertRow, UpsertSpec } from '../../../domain/warehouse/upsert-rows.ts';
import { safeImageUrl } from '../ad-platforms/safe-image-url.ts';

/**
 * Meta ads, their creatives and their daily insights → warehouse rows (issue #44, decision 121).
 * An ad without a creative (deleted upstream) keeps its row with the creative columns null; a
 * thumbnail or image URL that is not https: or a data:image/ URI is dropped (null), never stored.
 */

const col = (name: string, type: string) => ({ name, type });

export const AD_SPEC: UpsertSpec = {
  table: 'wh_meta_ads',
  key: ['workspace_id', 'ad_id'],
  touch: ['synced_at'],
  columns: [
    col('workspace_id', 'uuid'),
    col('ad_id', 'text'),
    col('campaign_id', 'text'),
    col('adset_id', 'text'),
    col('name', 'text'),
    col('status', 'text'),
    col('effective_status', 'text'),
    col('creative_id', 'text'),
    col('creative_name', 'text'),
    col('title', 'text'),
    col('body', 'text'),
    col('call_to_action_type', 'text'),
    col('format', 'text'),
    col('thumbnail_url', 'text'),
    col('image_url', 'text'),
    col('video_id', 'text'),
    col('synced_at', 'timestamptz'),
  ],
};

export const AD_INSIGHT_SPEC: UpsertSpec = {
  table: 'wh_meta_ad_daily_insights',
  key: ['workspace_id', 'date', 'ad_id'],
  touch: ['synced_at'],
  columns: [
    col('workspace_id', 'uuid'),
    col('date', 'date'),
    col('ad_id', 'text'),
    col('campaign_id', 'text'),
    col('ad_name', 'text'),
    col('spend_minor', 'bigint'),
    col('impressions', 'bigint'),
    col('reach', 'bigint'),
    col('clicks', 'bigint'),
    col('video_plays_3s', 'bigint'),
    col('thruplays', 'bigint'),
    col('reported_purchases', 'integer'),
    col('reported_purchase_value_minor', 'bigint'),
    col('currency_code', 'text'),
    col('synced_at', 'timestamptz'),
  ],
};

/** The insight fields of the ad-level read. */
export const AD_INSIGHT_FIELDS = [
  'ad_id',
  'ad_name',
  'campaign_id',
  'spend',
  'impressions',
  'reach',
  'clicks',
  'actions',
  'action_values',
  'video_thruplay_watched_actions',
  'date_start',
  'date_stop',
];

/** One canonical purchase action type, most inclusive first (external-apis §3.3). */
const PURCHASE_ACTION_TYPES = ['omni_purchase', 'purchase', 'offsite_conversion.fb_pixel_purchase'];

export function pickAction(
  actions: MetaInsightRow['actions'],
  types: readonly string[] = PURCHASE_ACTION_TYPES,
): string | null {
  for (const type of types) {
    const found = actions?.find((action) => action.action_type === type);
    if (found) return found.value;
  }
  return null;
}

const count = (value: string | null | undefined) => {
  const n = Math.round(Number(value ?? 0));
  return Number.isFinite(n) ? n : 0;
};

export function mapAd(workspaceId: string, ad: MetaAd, syncedAt: string): UpsertRow {
  const c = ad.creative;
  const format = !c
    ? null
    : c.object_type === 'VIDEO' || (c.object_type === undefined && c.video_id)
      ? 'video'
      : 'image';
  return {
    workspace_id: workspaceId,
    ad_id: ad.id,
    campaign_id: ad.campaign_id ?? null,
    adset_id: ad.adset_id ?? null,
    name: ad.name ?? ad.id,
    status: ad.status ?? null,
    effective_status: ad.effective_status ?? null,
    creative_id: c?.id ?? null,
    creative_name: c?.name ?? null,
    title: c?.title ?? null,
    body: c?.body ?? null,
    call_to_action_type: c?.call_to_action_type ?? null,
    format,
    thumbnail_url: safeImageUrl(c?.thumbnail_url),
    image_url: safeImageUrl(c?.image_url),
    video_id: c?.video_id ?? null,
    synced_at: syncedAt,
  };
}

/** One ad day; null without an ad id or a day. */
export function mapAdInsight(
  workspaceId: string,
  row: MetaInsightRow,
  currency: string,
  syncedAt: string,
): UpsertRow | null {
  if (!row.ad_id || !row.date_start) return null;
  const digits = currencyDigitsOf(currency);
  return {
    workspace_id: workspaceId,
    date: row.date_start,
    ad_id: row.ad_id,
    campaign_id: row.campaign_id ?? null,
    ad_name: row.ad_name ?? row.ad_id,
    spend_minor: parseDecimalToMinor(row.spend ?? '0', digits),
    impressions: count(row.impressions),
    reach: row.reach === undefined ? null : count(row.reach),
    clicks: count(row.clicks),
    video_plays_3s: count(pickAction(row.actions, ['video_view'])),
    thruplays: count(pickAction(row.video_thruplay_watched_actions, ['video_view'])),
    reported_purchases: count(pickAction(row.actions)),
    reported_purchase_value_minor: parseDecimalToMinor(pickAction(row.action_values) ?? '0', digits),
    currency_code: currency,
    synced_at: syncedAt,
  };
}
