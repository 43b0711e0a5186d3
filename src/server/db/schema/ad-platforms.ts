import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { typedJsonb } from '../typed-jsonb.ts';

/**
 * Ad platforms beyond the campaign rows in warehouse.ts: Meta ads and their daily insights, every platform's daily campaign rows (decision 104), Google Ads and TikTok ads and their days (decision 130), imported spend (decision 105), manual cost lines (decision 106) and click-id matches (decision 120).
 *
 * Declared from the migrated database (decision 132): columns, types, nullability and primary keys
 * as the SQL migrations create them, checked by test/platform/schema-declared-once.test.ts.
 * Indexes, constraints and foreign keys live in the migrations only.
 */

export const whMetaAds = pgTable(
  'wh_meta_ads',
  {
    workspaceId: uuid('workspace_id').notNull(),
    adId: text('ad_id').notNull(),
    campaignId: text('campaign_id'),
    adsetId: text('adset_id'),
    name: text('name').notNull(),
    status: text('status'),
    effectiveStatus: text('effective_status'),
    creativeId: text('creative_id'),
    creativeName: text('creative_name'),
    title: text('title'),
    body: text('body'),
    callToActionType: text('call_to_action_type'),
    format: text('format'),
    thumbnailUrl: text('thumbnail_url'),
    imageUrl: text('image_url'),
    videoId: text('video_id'),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.adId] })],
);

export const whMetaAdDailyInsights = pgTable(
  'wh_meta_ad_daily_insights',
  {
    workspaceId: uuid('workspace_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    adId: text('ad_id').notNull(),
    campaignId: text('campaign_id'),
    adName: text('ad_name').notNull(),
    spendMinor: bigint('spend_minor', { mode: 'number' }).notNull(),
    impressions: bigint('impressions', { mode: 'number' }).notNull(),
    reach: bigint('reach', { mode: 'number' }),
    clicks: bigint('clicks', { mode: 'number' }).notNull(),
    videoPlays3s: bigint('video_plays_3s', { mode: 'number' }).notNull().default(sql`0`),
    thruplays: bigint('thruplays', { mode: 'number' }).notNull().default(sql`0`),
    reportedPurchases: integer('reported_purchases').notNull(),
    reportedPurchaseValueMinor: bigint('reported_purchase_value_minor', { mode: 'number' }).notNull(),
    currencyCode: text('currency_code').notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.date, table.adId] })],
);

export const whAdPlatformDaily = pgTable(
  'wh_ad_platform_daily',
  {
    workspaceId: uuid('workspace_id').notNull(),
    platform: text('platform').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    campaignId: text('campaign_id').notNull(),
    adGroupId: text('ad_group_id').notNull().default(sql`''::text`),
    accountId: text('account_id').notNull(),
    campaignName: text('campaign_name').notNull(),
    campaignType: text('campaign_type'),
    campaignStatus: text('campaign_status'),
    adGroupName: text('ad_group_name'),
    spendMinor: bigint('spend_minor', { mode: 'number' }).notNull(),
    impressions: bigint('impressions', { mode: 'number' }).notNull(),
    clicks: bigint('clicks', { mode: 'number' }).notNull(),
    conversions: numeric('conversions', { precision: 20, scale: 4 }).notNull(),
    conversionValueMinor: bigint('conversion_value_minor', { mode: 'number' }).notNull(),
    currencyCode: text('currency_code').notNull(),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    shopCurrency: text('shop_currency'),
    spendShopMinor: bigint('spend_shop_minor', { mode: 'number' }),
    conversionValueShopMinor: bigint('conversion_value_shop_minor', { mode: 'number' }),
    exchangeRate: numeric('exchange_rate', { precision: 20, scale: 10 }),
    rateDate: date('rate_date', { mode: 'string' }),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
    source: text('source').notNull().default(sql`'api'::text`),
  },
  (table) => [
    primaryKey({
      columns: [table.workspaceId, table.platform, table.date, table.campaignId, table.adGroupId],
    }),
  ],
);

export const whAdPlatformAds = pgTable(
  'wh_ad_platform_ads',
  {
    workspaceId: uuid('workspace_id').notNull(),
    platform: text('platform').notNull(),
    adId: text('ad_id').notNull(),
    accountId: text('account_id').notNull(),
    campaignId: text('campaign_id').notNull(),
    adGroupId: text('ad_group_id'),
    name: text('name').notNull(),
    status: text('status'),
    format: text('format'),
    title: text('title'),
    body: text('body'),
    callToAction: text('call_to_action'),
    finalUrl: text('final_url'),
    thumbnailUrl: text('thumbnail_url'),
    videoId: text('video_id'),
    creativeDeleted: boolean('creative_deleted').notNull().default(false),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.platform, table.adId] })],
);

export const whAdPlatformAdDaily = pgTable(
  'wh_ad_platform_ad_daily',
  {
    workspaceId: uuid('workspace_id').notNull(),
    platform: text('platform').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    adId: text('ad_id').notNull(),
    campaignId: text('campaign_id').notNull(),
    adGroupId: text('ad_group_id'),
    spendMinor: bigint('spend_minor', { mode: 'number' }).notNull(),
    impressions: bigint('impressions', { mode: 'number' }).notNull(),
    clicks: bigint('clicks', { mode: 'number' }).notNull(),
    conversions: numeric('conversions', { precision: 20, scale: 4 }).notNull(),
    conversionValueMinor: bigint('conversion_value_minor', { mode: 'number' }).notNull(),
    videoViews: bigint('video_views', { mode: 'number' }).notNull().default(sql`0`),
    reach: bigint('reach', { mode: 'number' }),
    currencyCode: text('currency_code').notNull(),
    shopCurrency: text('shop_currency'),
    spendShopMinor: bigint('spend_shop_minor', { mode: 'number' }),
    conversionValueShopMinor: bigint('conversion_value_shop_minor', { mode: 'number' }),
    exchangeRate: numeric('exchange_rate', { precision: 20, scale: 10 }),
    rateDate: date('rate_date', { mode: 'string' }),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.platform, table.date, table.adId] })],
);

export const adSpendSheets = pgTable('ad_spend_sheets', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  url: text('url').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }),
  lastStatus: text('last_status'),
  lastMessage: text('last_message'),
  lastResult: typedJsonb('last_result', z.json()),
});

export const adSpendManualLines = pgTable('ad_spend_manual_lines', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  name: text('name').notNull(),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  currencyCode: text('currency_code').notNull(),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const adClickMatches = pgTable(
  'ad_click_matches',
  {
    workspaceId: uuid('workspace_id').notNull(),
    platform: text('platform').notNull(),
    clickId: text('click_id').notNull(),
    clickDate: date('click_date', { mode: 'string' }).notNull(),
    campaignId: text('campaign_id'),
    adGroupId: text('ad_group_id'),
    matchedAt: timestamp('matched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.platform, table.clickId] })],
);
