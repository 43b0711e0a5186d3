import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { addDays, localDayOf } from '../../../../shared/calendar.ts';
import { ServiceAccountSchema } from '../../../../shared/contracts/credentials.ts';
import { currencyDigitsOf, parseDecimalToMinor } from '../../../../shared/money.ts';
import type { Ga4Client } from '../../../connectors/ga4/client.ts';
import type { Ga4RunReportResponse } from '../../../connectors/ga4/payload.schema.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { createGa4ClientFor } from '../../../domain/credentials/upstream-clients.ts';
import type { SyncOutcome, SyncSession } from '../../../domain/sync/sync-run.ts';
import {
  parseGa4Date,
  type UpsertRow,
  type UpsertSpec,
  upsertRows,
} from '../../../domain/warehouse/upsert-rows.ts';
import { PermanentJobError } from '../../../jobs/job-error.ts';
import { loadCredential } from '../../../vault/credential-store.ts';
import { syncTuning } from '../sync-tuning.ts';

/**
 * GA4 → warehouse: three daily reports (date × session source/medium with the default channel
 * group; date × page path; date × session source/medium × sessionCampaignName for the GA4-reported
 * revenue per campaign on /campaigns, decision 073), read in 90-day windows with offset paging. The first run reads
 * back to BACKFILL_DAYS; later runs re-read the last RESTATE_DAYS days, because GA4 keeps
 * processing a day's data for up to 48 hours. The cursor (next window start) is committed with
 * each window, so a failed run resumes at the window it was on.
 */

const BACKFILL_DAYS = 3 * 366;
const RESTATE_DAYS = 3;
const WINDOW_DAYS = 90;
const PAGE_LIMIT = 10_000;

const col = (name: string, type: string) => ({ name, type });

const CHANNEL_SPEC: UpsertSpec = {
  table: 'wh_ga4_daily_channels',
  key: ['workspace_id', 'date', 'session_source', 'session_medium'],
  columns: [
    col('workspace_id', 'uuid'),
    col('date', 'date'),
    col('session_source', 'text'),
    col('session_medium', 'text'),
    col('channel_group', 'text'),
    col('sessions', 'bigint'),
    col('engaged_sessions', 'bigint'),
    col('active_users', 'bigint'),
    col('new_users', 'bigint'),
    col('screen_page_views', 'bigint'),
    col('key_events', 'bigint'),
    col('purchase_revenue_minor', 'bigint'),
    col('currency_code', 'text'),
  ],
};

const PAGE_SPEC: UpsertSpec = {
  table: 'wh_ga4_daily_pages',
  key: ['workspace_id', 'date', 'page_path'],
  columns: [
    col('workspace_id', 'uuid'),
    col('date', 'date'),
    col('page_path', 'text'),
    col('page_title', 'text'),
    col('sessions', 'bigint'),
    col('engaged_sessions', 'bigint'),
    col('screen_page_views', 'bigint'),
    col('key_events', 'bigint'),
    col('purchase_revenue_minor', 'bigint'),
    col('currency_code', 'text'),
  ],
};

const CAMPAIGN_SPEC: UpsertSpec = {
  table: 'wh_ga4_daily_campaigns',
  key: ['workspace_id', 'date', 'session_source', 'session_medium', 'campaign_name'],
  columns: [
    col('workspace_id', 'uuid'),
    col('date', 'date'),
    col('session_source', 'text'),
    col('session_medium', 'text'),
    col('campaign_name', 'text'),
    col('sessions', 'bigint'),
    col('transactions', 'bigint'),
    col('purchase_revenue_minor', 'bigint'),
    col('currency_code', 'text'),
  ],
};

const CAMPAIGN_DIMENSIONS = ['date', 'sessionSource', 'sessionMedium', 'sessionCampaignName'];
const CAMPAIGN_METRICS = ['sessions', 'transactions', 'purchaseRevenue'];

const CHANNEL_METRICS = [
  'sessions',
  'engagementRate',
  'activeUsers',
  'newUsers',
  'screenPageViews',
  'keyEvents',
  'purchaseRevenue',
];
const PAGE_METRICS = ['sessions', 'engagementRate', 'screenPageViews', 'keyEvents', 'purchaseRevenue'];

/** Reads a report's cells by header name; all GA4 values arrive as strings. */
function cellReader(report: Ga4RunReportResponse) {
  const dims = new Map(report.dimensionHeaders.map((header, index) => [header.name, index]));
  const metrics = new Map(report.metricHeaders.map((header, index) => [header.name, index]));
  return {
    dim: (row: Ga4RunReportResponse['rows'][number], name: string) =>
      row.dimensionValues[dims.get(name) ?? -1]?.value ?? '',
    metric: (row: Ga4RunReportResponse['rows'][number], name: string) =>
      row.metricValues[metrics.get(name) ?? -1]?.value ?? '0',
  };
}

const count = (value: string) => Math.round(Number(value) || 0);

async function readAllRows(
  session: SyncSession,
  client: Ga4Client,
  dimensions: string[],
  metrics: string[],
  startDate: string,
  endDate: string,
): Promise<Ga4RunReportResponse[]> {
  const pages: Ga4RunReportResponse[] = [];
  for (let offset = 0; ; offset += PAGE_LIMIT) {
    session.throwIfAborted();
    const report = await client.runReport({
      dateRanges: [{ startDate, endDate }],
      dimensions: dimensions.map((name) => ({ name })),
      metrics: metrics.map((name) => ({ name })),
      limit: PAGE_LIMIT,
      offset,
      returnPropertyQuota: true,
    });
    const quota = report.propertyQuota?.tokensPerDay;
    if (quota) {
      const limit = quota.consumed + quota.remaining;
      session.recordQuota({
        unit: 'tokens per day',
        used: quota.consumed,
        limit,
        usedPercent: limit > 0 ? Math.round((quota.consumed / limit) * 1000) / 10 : null,
      });
    }
    pages.push(report);
    if (report.rows.length < PAGE_LIMIT || offset + report.rows.length >= report.rowCount) break;
  }
  return pages;
}

export async function syncGa4(session: SyncSession): Promise<SyncOutcome> {
  const integration = session.deps.integration;
  const stored = await loadCredential(integration.db, integration.keyring, session.workspaceId, 'ga4');
  if (!stored)
    throw new PermanentJobError(
      'Google Analytics is not connected. Add your GA4 property in Profile & Integrations.',
    );
  let account: ReturnType<typeof ServiceAccountSchema.parse>;
  try {
    account = ServiceAccountSchema.parse(JSON.parse(stored.secret.serviceAccountJson));
  } catch {
    throw new PermanentJobError(
      'The stored Google Analytics key file is not valid. Paste it again in Profile & Integrations.',
    );
  }
  const client = createGa4ClientFor(integration, stored.secret.propertyId, account, syncTuning);
  const shopZone = await shopTimeZone(session);
  const today = localDayOf(session.now(), shopZone);
  const lastComplete = typeof session.cursor.lastDate === 'string' ? session.cursor.lastDate : null;
  const resumeFrom = typeof session.cursor.nextStart === 'string' ? session.cursor.nextStart : null;
  // A property synced before the campaign report existed (migration 0380) is read back once in full.
  const restate = lastComplete && (await hasCampaignDays(session)) ? lastComplete : null;
  let start = resumeFrom ?? (restate ? addDays(restate, -RESTATE_DAYS) : addDays(today, -BACKFILL_DAYS));
  let fallbackCurrency = 'USD';
  while (start <= today) {
    const windowEnd = addDays(start, WINDOW_DAYS - 1);
    const end = [windowEnd, today].sort()[0] ?? today;
    const channelPages = await readAllRows(
      session,
      client,
      ['date', 'sessionSource', 'sessionMedium', 'sessionDefaultChannelGroup'],
      CHANNEL_METRICS,
      start,
      end,
    );
    const pagePages = await readAllRows(
      session,
      client,
      ['date', 'pagePath', 'pageTitle'],
      PAGE_METRICS,
      start,
      end,
    );
    const campaignPages = await readAllRows(
      session,
      client,
      CAMPAIGN_DIMENSIONS,
      CAMPAIGN_METRICS,
      start,
      end,
    );
    const channels: UpsertRow[] = [];
    const pages = new Map<string, UpsertRow>();
    for (const report of channelPages) {
      const currency = report.metadata?.currencyCode ?? fallbackCurrency;
      fallbackCurrency = currency;
      const digits = currencyDigitsOf(currency);
      const read = cellReader(report);
      for (const row of report.rows) {
        const sessions = count(read.metric(row, 'sessions'));
        channels.push({
          workspace_id: session.workspaceId,
          date: parseGa4Date(read.dim(row, 'date')),
          session_source: read.dim(row, 'sessionSource'),
          session_medium: read.dim(row, 'sessionMedium'),
          channel_group: read.dim(row, 'sessionDefaultChannelGroup'),
          sessions,
          engaged_sessions: Math.round(sessions * (Number(read.metric(row, 'engagementRate')) || 0)),
          active_users: count(read.metric(row, 'activeUsers')),
          new_users: count(read.metric(row, 'newUsers')),
          screen_page_views: count(read.metric(row, 'screenPageViews')),
          key_events: count(read.metric(row, 'keyEvents')),
          purchase_revenue_minor: parseDecimalToMinor(read.metric(row, 'purchaseRevenue') || '0', digits),
          currency_code: currency,
        });
      }
    }
    for (const report of pagePages) {
      const currency = report.metadata?.currencyCode ?? fallbackCurrency;
      const digits = currencyDigitsOf(currency);
      const read = cellReader(report);
      for (const row of report.rows) {
        const date = parseGa4Date(read.dim(row, 'date'));
        const path = read.dim(row, 'pagePath');
        const key = `${date}\n${path}`;
        const sessions = count(read.metric(row, 'sessions'));
        const existing = pages.get(key);
        const add = {
          sessions,
          engaged: Math.round(sessions * (Number(read.metric(row, 'engagementRate')) || 0)),
          views: count(read.metric(row, 'screenPageViews')),
          keyEvents: count(read.metric(row, 'keyEvents')),
          revenue: parseDecimalToMinor(read.metric(row, 'purchaseRevenue') || '0', digits),
        };
        // One path may carry several titles over a window: sum them into the path's row.
        if (existing) {
          existing.sessions = Number(existing.sessions) + add.sessions;
          existing.engaged_sessions = Number(existing.engaged_sessions) + add.engaged;
          existing.screen_page_views = Number(existing.screen_page_views) + add.views;
          existing.key_events = Number(existing.key_events) + add.keyEvents;
          existing.purchase_revenue_minor = Number(existing.purchase_revenue_minor) + add.revenue;
        } else {
          pages.set(key, {
            workspace_id: session.workspaceId,
            date,
            page_path: path,
            page_title: read.dim(row, 'pageTitle') || null,
            sessions: add.sessions,
            engaged_sessions: add.engaged,
            screen_page_views: add.views,
            key_events: add.keyEvents,
            purchase_revenue_minor: add.revenue,
            currency_code: currency,
          });
        }
      }
    }
    const campaigns = campaignRows(session.workspaceId, campaignPages, fallbackCurrency);
    const next = addDays(end, 1);
    await session.commitPage(
      async (db) =>
        (await upsertRows(db, CHANNEL_SPEC, channels)) +
        (await upsertRows(db, PAGE_SPEC, [...pages.values()])) +
        (await upsertRows(db, CAMPAIGN_SPEC, campaigns)),
      { nextStart: next > today ? null : next },
    );
    start = next;
  }
  await session.commitPage(async () => 0, { nextStart: null, lastDate: today });
  return { dataThrough: session.now(), backfillCompleted: true };
}

/**
 * The campaign report's rows, one per day, source / medium and campaign name (an empty name is
 * GA4's "(not set)"; rows that collapse onto one key are summed so one upsert never hits a key twice).
 */
function campaignRows(
  workspaceId: string,
  reports: Ga4RunReportResponse[],
  fallbackCurrency: string,
): UpsertRow[] {
  const rows = new Map<string, UpsertRow>();
  for (const report of reports) {
    const currency = report.metadata?.currencyCode ?? fallbackCurrency;
    const digits = currencyDigitsOf(currency);
    const read = cellReader(report);
    for (const row of report.rows) {
      const date = parseGa4Date(read.dim(row, 'date'));
      const source = read.dim(row, 'sessionSource');
      const medium = read.dim(row, 'sessionMedium');
      const name = read.dim(row, 'sessionCampaignName') || '(not set)';
      const key = [date, source, medium, name].join('\n');
      const add = {
        sessions: count(read.metric(row, 'sessions')),
        transactions: count(read.metric(row, 'transactions')),
        revenue: parseDecimalToMinor(read.metric(row, 'purchaseRevenue') || '0', digits),
      };
      const existing = rows.get(key);
      if (existing) {
        existing.sessions = Number(existing.sessions) + add.sessions;
        existing.transactions = Number(existing.transactions) + add.transactions;
        existing.purchase_revenue_minor = Number(existing.purchase_revenue_minor) + add.revenue;
      } else
        rows.set(key, {
          workspace_id: workspaceId,
          date,
          session_source: source,
          session_medium: medium,
          campaign_name: name,
          sessions: add.sessions,
          transactions: add.transactions,
          purchase_revenue_minor: add.revenue,
          currency_code: currency,
        });
    }
  }
  return [...rows.values()];
}

const PresenceRow = z.object({ synced: z.boolean() });

async function hasCampaignDays(session: SyncSession): Promise<boolean> {
  const [row] = await queryRows(
    session.deps.db,
    PresenceRow,
    sql`SELECT EXISTS (SELECT 1 FROM wh_ga4_daily_campaigns WHERE workspace_id = ${session.workspaceId}) AS synced`,
  );
  return row?.synced ?? false;
}

const ShopTimeZoneRow = z.object({ iana_timezone: z.string() });

/** The shop's time zone when Shopify is synced (GA4 "today" follows the store), else UTC. */
async function shopTimeZone(session: SyncSession): Promise<string> {
  const [row] = await queryRows(
    session.deps.db,
    ShopTimeZoneRow,
    sql`SELECT iana_timezone FROM wh_shops WHERE workspace_id = ${session.workspaceId}`,
  );
  return row?.iana_timezone ?? 'UTC';
}
