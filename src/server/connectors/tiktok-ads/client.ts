import type { z } from 'zod';
import {
  parseJsonBody,
  type RetryDecision,
  type RetryPolicy,
  requestUpstream,
  type UpstreamResponse,
} from '../http/request.ts';
import { UpstreamError } from '../http/upstream-error.ts';
import { describeTikTokFailure, isTikTokServerCode, TIKTOK_RATE_LIMIT_CODES } from './errors.ts';
import {
  AdListDataSchema,
  AdvertiserInfoDataSchema,
  EnvelopeSchema,
  ReportDataSchema,
  type TikTokAd,
  type TikTokReportRow,
  VideoInfoDataSchema,
} from './payload.schema.ts';

/**
 * TikTok API for Business v1.3 client (contracts/external-apis-2.md §2): `Access-Token` header,
 * array parameters sent as JSON text, HTTP 200 envelopes whose `code` decides (rate-limit codes
 * and 5xxxx retried with backoff), synchronous BASIC reports paged with `page`/`page_size`.
 */

export const DEFAULT_TIKTOK_BASE_URL = 'https://business-api.tiktok.com';

export interface TikTokClientOptions {
  baseUrl: string;
  accessToken: string;
  advertiserId: string;
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
}

export interface TikTokAdvertiser {
  id: string;
  name: string | null;
  currency: string;
  timeZone: string | null;
}

const PAGE_SIZE = 1000;
const DATA_LEVELS = { campaign: 'AUCTION_CAMPAIGN', adgroup: 'AUCTION_ADGROUP', ad: 'AUCTION_AD' } as const;

function envelopeCode(response: UpstreamResponse): number | undefined {
  try {
    const parsed = EnvelopeSchema.safeParse(JSON.parse(response.text));
    return parsed.success ? parsed.data.code : undefined;
  } catch {
    return undefined;
  }
}

function decideTikTok(response: UpstreamResponse): RetryDecision | undefined {
  const code = envelopeCode(response);
  if (code === undefined) return undefined;
  if (TIKTOK_RATE_LIMIT_CODES.has(code) || isTikTokServerCode(code))
    return { retry: true, reason: `TikTok code ${code}` };
  return { retry: false };
}

export function createTikTokClient(options: TikTokClientOptions) {
  const base = `${options.baseUrl.replace(/\/+$/, '')}/open_api/v1.3`;

  async function get<S extends z.ZodTypeAny>(
    path: string,
    params: Record<string, unknown>,
    schema: S,
  ): Promise<z.infer<S>> {
    const url = new URL(`${base}/${path}`);
    for (const [key, value] of Object.entries(params))
      url.searchParams.set(key, typeof value === 'string' ? value : JSON.stringify(value));
    const response = await requestUpstream({
      provider: 'tiktok-ads',
      url: url.toString(),
      headers: { 'access-token': options.accessToken },
      decide: decideTikTok,
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.retry ? { retry: options.retry } : {}),
    });
    const envelope = EnvelopeSchema.safeParse(parseJsonBody('tiktok-ads', response));
    const invalid = (detail: string | undefined) =>
      new UpstreamError({
        provider: 'tiktok-ads',
        kind: 'invalid_response',
        status: response.status,
        message: 'TikTok sent a response Upside does not understand.',
        detail,
      });
    if (!envelope.success) throw invalid(`HTTP ${response.status}: ${response.text.slice(0, 120)}`);
    if (envelope.data.code !== 0) {
      const info = describeTikTokFailure(envelope.data.code, envelope.data.message);
      throw new UpstreamError({
        provider: 'tiktok-ads',
        kind: info.kind,
        status: response.status,
        upstreamCode: envelope.data.code,
        message: info.message,
        detail: info.reason,
      });
    }
    const data = schema.safeParse(envelope.data.data);
    if (!data.success) throw invalid(data.error.issues[0]?.message);
    return data.data;
  }

  return {
    /** The advertiser's currency and time zone; proves the token reaches it. */
    async getAdvertiser(): Promise<TikTokAdvertiser> {
      const data = await get(
        'advertiser/info/',
        {
          advertiser_ids: [options.advertiserId],
          fields: ['advertiser_id', 'name', 'currency', 'timezone', 'display_timezone'],
        },
        AdvertiserInfoDataSchema,
      );
      const first = data.list[0]!;
      return {
        id: String(first.advertiser_id),
        name: first.name ?? null,
        currency: first.currency,
        timeZone: first.display_timezone ?? first.timezone ?? null,
      };
    },

    /** BASIC daily report per campaign, ad group or ad, every page, between two account days. */
    async dailyReport(
      level: 'campaign' | 'adgroup' | 'ad',
      since: string,
      until: string,
    ): Promise<TikTokReportRow[]> {
      const rows: TikTokReportRow[] = [];
      // an ad-group or ad row names its campaign (and ad group) through attribute metrics
      const names = {
        campaign: ['campaign_name'],
        adgroup: ['campaign_id', 'campaign_name', 'adgroup_name'],
        ad: ['campaign_id', 'adgroup_id', 'ad_name', 'video_watched_2s', 'reach'],
      }[level];
      for (let page = 1; ; page += 1) {
        const data = await get(
          'report/integrated/get/',
          {
            advertiser_id: options.advertiserId,
            report_type: 'BASIC',
            data_level: DATA_LEVELS[level],
            dimensions: [`${level}_id`, 'stat_time_day'],
            metrics: [
              'spend',
              'impressions',
              'clicks',
              'conversion',
              'complete_payment',
              'total_complete_payment_rate',
              ...names,
            ],
            start_date: since,
            end_date: until,
            page: String(page),
            page_size: String(PAGE_SIZE),
          },
          ReportDataSchema,
        );
        rows.push(...data.list);
        if (page >= data.page_info.total_page) return rows;
      }
    },

    /** Every ad with its creative fields (`ad/get/`, every page). */
    async ads(): Promise<TikTokAd[]> {
      const ads: TikTokAd[] = [];
      for (let page = 1; ; page += 1) {
        const data = await get(
          'ad/get/',
          {
            advertiser_id: options.advertiserId,
            fields: [
              'ad_id',
              'ad_name',
              'campaign_id',
              'adgroup_id',
              'ad_text',
              'call_to_action',
              'video_id',
              'image_ids',
              'landing_page_url',
              'utm_params',
              'operation_status',
            ],
            page: String(page),
            page_size: String(PAGE_SIZE),
          },
          AdListDataSchema,
        );
        ads.push(...data.list);
        if (page >= data.page_info.total_page) return ads;
      }
    },

    /** Video id → cover URL of the library's videos among `ids` (60 per call); deleted ones are absent. */
    async videoCovers(ids: readonly string[]): Promise<Map<string, string | null>> {
      const covers = new Map<string, string | null>();
      for (let start = 0; start < ids.length; start += 60) {
        const data = await get(
          'file/video/ad/info/',
          { advertiser_id: options.advertiserId, video_ids: ids.slice(start, start + 60) },
          VideoInfoDataSchema,
        );
        for (const video of data.list) covers.set(video.video_id, video.video_cover_url ?? null);
      }
      return covers;
    },
  };
}

export type TikTokClient = ReturnType<typeof createTikTokClient>;
