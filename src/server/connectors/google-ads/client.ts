import type { z } from 'zod';
import {
  parseJsonBody,
  type RetryDecision,
  type RetryPolicy,
  requestUpstream,
  type UpstreamResponse,
} from '../http/request.ts';
import { UpstreamError } from '../http/upstream-error.ts';
import { describeGoogleAdsFailure, describeTokenFailure, type GoogleAdsFailure } from './errors.ts';
import {
  AccessibleCustomersSchema,
  GoogleAdsErrorSchema,
  type GoogleAdsRow,
  SearchStreamBatchSchema,
  TokenErrorSchema,
  TokenResponseSchema,
} from './payload.schema.ts';

/**
 * Google Ads API client over REST (contracts/external-apis-2.md §1; decision 102: no client
 * library can reach an emulator). A stored refresh token buys an access token at the token URL
 * (cached until a minute before it expires); every call sends `Authorization: Bearer`, and
 * `login-customer-id` when the account is reached through a manager. Reports are GAQL over
 * `googleAds:searchStream` (one JSON array of batches). No `developer-token` unless configured:
 * Google retired it on 2026-09-09 and ignores it.
 */

export const DEFAULT_GOOGLE_ADS_BASE_URL = 'https://googleads.googleapis.com';
export const DEFAULT_GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
export const DEFAULT_GOOGLE_ADS_API_VERSION = 'v26';

export interface GoogleAdsClientOptions {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  /** without dashes */
  customerId: string;
  loginCustomerId?: string | undefined;
  developerToken?: string | undefined;
  apiVersion?: string;
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  now?: () => number;
}

export interface GoogleAdsCustomer {
  id: string;
  name: string | null;
  currency: string;
  timeZone: string;
  manager: boolean;
}

/** Strips dashes and spaces from a customer id ("123-456-7890" → "1234567890"). */
export function normalizeCustomerId(id: string): string {
  return id.replace(/[\s-]/g, '');
}

function failure(info: GoogleAdsFailure, status: number, detail?: string): UpstreamError {
  return new UpstreamError({
    provider: 'google-ads',
    kind: info.kind,
    status,
    upstreamCode: info.reason,
    message: info.message,
    detail,
  });
}

/** The error object of a body: a google.rpc.Status, or one wrapped in the stream's array. */
function errorBodyOf(body: unknown) {
  const candidate = Array.isArray(body) ? body.find((b) => b && typeof b === 'object' && 'error' in b) : body;
  const parsed = GoogleAdsErrorSchema.safeParse(candidate);
  return parsed.success ? parsed.data : undefined;
}

/** Quota errors that ask for a short wait are retried after it; a daily quota is final. */
function decideGoogleAds(response: UpstreamResponse, maxWaitMs: number): RetryDecision | undefined {
  if (response.status !== 429) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(response.text);
  } catch {
    return undefined;
  }
  const info = describeGoogleAdsFailure(response.status, errorBodyOf(body));
  if (info.retryDelayMs === undefined || info.retryDelayMs > maxWaitMs) return { retry: false };
  return { retry: true, reason: info.reason, delayMs: info.retryDelayMs };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function createGoogleAdsClient(options: GoogleAdsClientOptions) {
  const version = options.apiVersion ?? DEFAULT_GOOGLE_ADS_API_VERSION;
  const base = options.baseUrl.replace(/\/+$/, '');
  const customerId = normalizeCustomerId(options.customerId);
  const loginCustomerId = options.loginCustomerId ? normalizeCustomerId(options.loginCustomerId) : undefined;
  const now = options.now ?? Date.now;
  const maxWaitMs = options.retry?.maxRetryAfterMs ?? 30_000;
  let token: { value: string; expiresAt: number } | undefined;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > now()) return token.value;
    const response = await requestUpstream({
      provider: 'google-ads',
      url: options.tokenUrl,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: options.clientId,
        client_secret: options.clientSecret,
        refresh_token: options.refreshToken,
      }).toString(),
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.retry ? { retry: options.retry } : {}),
    });
    const body = parseJsonBody('google-ads', response);
    if (response.status !== 200) {
      const parsed = TokenErrorSchema.safeParse(body);
      const info = parsed.success
        ? describeTokenFailure(parsed.data.error, parsed.data.error_description)
        : describeGoogleAdsFailure(response.status, undefined);
      throw failure(info, response.status, parsed.data?.error_description);
    }
    const parsed = parseWith(TokenResponseSchema, body, response.status);
    const lifetimeMs = (parsed.expires_in ?? 3600) * 1000;
    token = { value: parsed.access_token, expiresAt: now() + lifetimeMs - 60_000 };
    return token.value;
  }

  async function call(path: string, method: 'GET' | 'POST', payload?: unknown): Promise<unknown> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${await accessToken()}`,
      'content-type': 'application/json',
    };
    if (loginCustomerId) headers['login-customer-id'] = loginCustomerId;
    if (options.developerToken) headers['developer-token'] = options.developerToken;
    const response = await requestUpstream({
      provider: 'google-ads',
      url: `${base}/${version}/${path}`,
      method,
      headers,
      ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
      decide: (r) => decideGoogleAds(r, maxWaitMs),
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.retry ? { retry: options.retry } : {}),
    });
    const body = parseJsonBody('google-ads', response);
    const error = errorBodyOf(body);
    if (response.status !== 200 || error) {
      if (response.status === 401) token = undefined;
      throw failure(describeGoogleAdsFailure(response.status, error), response.status, error?.error.message);
    }
    return body;
  }

  function parseWith<S extends z.ZodTypeAny>(schema: S, body: unknown, status: number): z.infer<S> {
    const parsed = schema.safeParse(body);
    if (parsed.success) return parsed.data;
    throw new UpstreamError({
      provider: 'google-ads',
      kind: 'invalid_response',
      status,
      message: 'Google Ads sent a response Upside does not understand.',
      detail: parsed.error.issues[0]?.message,
    });
  }

  /** GAQL over searchStream: every batch's rows, in order. */
  async function searchStream(query: string): Promise<GoogleAdsRow[]> {
    const body = await call(`customers/${customerId}/googleAds:searchStream`, 'POST', { query });
    const batches = parseWith(SearchStreamBatchSchema.array(), body, 200);
    return batches.flatMap((batch) => batch.results ?? []);
  }

  return {
    customerId,
    searchStream,

    /** `customers:listAccessibleCustomers`: the ids this refresh token can reach directly. */
    async listAccessibleCustomers(): Promise<string[]> {
      const body = parseWith(
        AccessibleCustomersSchema,
        await call('customers:listAccessibleCustomers', 'GET'),
        200,
      );
      return body.resourceNames.map((name) => name.replace(/^customers\//, ''));
    },

    /** The account's currency and time zone (fixed at creation); proves access to the customer. */
    async getCustomer(): Promise<GoogleAdsCustomer> {
      const rows = await searchStream(
        'SELECT customer.id, customer.descriptive_name, customer.currency_code, customer.time_zone, customer.manager FROM customer LIMIT 1',
      );
      const customer = rows[0]?.customer;
      if (!customer?.currencyCode || !customer.timeZone) {
        throw new UpstreamError({
          provider: 'google-ads',
          kind: 'invalid_response',
          status: 200,
          message: 'Google Ads did not return the account currency and time zone.',
        });
      }
      return {
        id: String(customer.id ?? customerId),
        name: customer.descriptiveName ?? null,
        currency: customer.currencyCode,
        timeZone: customer.timeZone,
        manager: customer.manager ?? false,
      };
    },

    /** Daily metrics per campaign (or ad group) between two account-time-zone days, inclusive. */
    dailyRows(level: 'campaign' | 'ad_group', since: string, until: string): Promise<GoogleAdsRow[]> {
      if (!DAY.test(since) || !DAY.test(until)) throw new Error(`not a day range: ${since}..${until}`);
      const adGroup = level === 'ad_group' ? ' ad_group.id, ad_group.name, ad_group.status,' : '';
      return searchStream(
        `SELECT segments.date, campaign.id, campaign.name, campaign.advertising_channel_type, campaign.status, campaign.final_url_suffix, campaign.tracking_url_template,${adGroup} metrics.cost_micros, metrics.impressions, metrics.clicks, metrics.conversions, metrics.conversions_value FROM ${level} WHERE segments.date BETWEEN '${since}' AND '${until}'`,
      );
    },

    /** Daily metrics per ad (`ad_group_ad`; Performance Max has none) between two account days. */
    adDailyRows(since: string, until: string): Promise<GoogleAdsRow[]> {
      if (!DAY.test(since) || !DAY.test(until)) throw new Error(`not a day range: ${since}..${until}`);
      return searchStream(
        `SELECT segments.date, campaign.id, ad_group.id, ad_group_ad.ad.id, metrics.cost_micros, metrics.impressions, metrics.clicks, metrics.conversions, metrics.conversions_value, metrics.video_trueview_views FROM ad_group_ad WHERE segments.date BETWEEN '${since}' AND '${until}'`,
      );
    },

    /** Every ad with its creative fields, and the account's YouTube video assets they reference. */
    async adsWithAssets(): Promise<{ ads: GoogleAdsRow[]; assets: GoogleAdsRow[] }> {
      const ad = 'ad_group_ad.ad';
      const ads = await searchStream(
        `SELECT campaign.id, ad_group.id, ad_group_ad.status, ${ad}.id, ${ad}.name, ${ad}.type, ${ad}.final_urls, ${ad}.responsive_search_ad.headlines, ${ad}.responsive_search_ad.descriptions, ${ad}.video_responsive_ad.headlines, ${ad}.video_responsive_ad.descriptions, ${ad}.video_responsive_ad.videos, ${ad}.image_ad.image_url FROM ad_group_ad`,
      );
      const assets = await searchStream(
        'SELECT asset.resource_name, asset.type, asset.youtube_video_asset.youtube_video_id FROM asset',
      );
      return { ads, assets };
    },

    /**
     * `click_view` of one account day (§1.7: one day per query, at most 90 days back): each
     * click's gclid with the campaign and ad group it came from.
     */
    async clickViews(
      day: string,
    ): Promise<Array<{ gclid: string; campaignId: string; adGroupId: string | null }>> {
      if (!DAY.test(day)) throw new Error(`not a day: ${day}`);
      const rows = await searchStream(
        `SELECT click_view.gclid, campaign.id, ad_group.id, segments.date FROM click_view WHERE segments.date = '${day}'`,
      );
      return rows.flatMap((row) =>
        row.clickView && row.campaign
          ? [
              {
                gclid: row.clickView.gclid,
                campaignId: String(row.campaign.id),
                adGroupId: row.adGroup ? String(row.adGroup.id) : null,
              },
            ]
          : [],
      );
    },
  };
}

export type GoogleAdsClient = ReturnType<typeof createGoogleAdsClient>;
