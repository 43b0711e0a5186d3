import { createHmac } from 'node:crypto';
import type { z } from 'zod';
import {
  parseJsonBody,
  type RetryDecision,
  type RetryPolicy,
  requestUpstream,
  type UpstreamResponse,
} from '../http/request.ts';
import { describeUpstreamFailure, UpstreamError } from '../http/upstream-error.ts';
import {
  AdAccountSchema,
  AdsPageSchema,
  CampaignsPageSchema,
  GraphErrorSchema,
  InsightsPageSchema,
  MeSchema,
  type MetaAd,
  type MetaAdAccount,
  type MetaCampaign,
  type MetaGraphError,
  type MetaInsightRow,
  type MetaMe,
  type MetaPage,
  type MetaUsage,
  PagesSchema,
} from './payload.schema.ts';

/**
 * Thin Meta Graph / Marketing API client (contracts/external-apis.md §3): `access_token` plus
 * `appsecret_proof` = hex HMAC-SHA256(app secret, token) on every call, usage headers read on
 * every response, throttling codes (4, 17, 613, 80000–80014) retried after the time Meta asks
 * for, and error codes mapped to what they mean for a store owner (190 invalid token; 200–299
 * token valid but permission missing).
 */

export const DEFAULT_META_BASE_URL = 'https://graph.facebook.com';
export const DEFAULT_META_API_VERSION = 'v26.0';

export interface MetaClientOptions {
  baseUrl: string;
  accessToken: string;
  appSecret: string;
  apiVersion?: string;
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  fetchImpl?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  onUsage?: (usage: MetaUsage) => void;
}

export interface MetaInsightsArgs {
  adAccountId: string;
  level?: 'account' | 'campaign' | 'adset' | 'ad';
  datePreset?: string;
  timeRange?: { since: string; until: string };
  timeIncrement?: number | 'monthly' | 'all_days';
  fields?: string[];
  limit?: number;
  after?: string;
}

export interface MetaPageResult<T> {
  data: T[];
  /** cursor for the next page, absent on the last page */
  after?: string | undefined;
}

export const DEFAULT_INSIGHT_FIELDS = [
  'account_currency',
  'campaign_id',
  'campaign_name',
  'spend',
  'impressions',
  'clicks',
  'actions',
  'action_values',
  'purchase_roas',
  'date_start',
  'date_stop',
];

const THROTTLE_CODES = new Set([4, 17, 32, 613]);
const TRANSIENT_CODES = new Set([1, 2]);

export function computeAppSecretProof(accessToken: string, appSecret: string): string {
  return createHmac('sha256', appSecret).update(accessToken).digest('hex');
}

function isThrottleCode(code: number): boolean {
  return THROTTLE_CODES.has(code) || (code >= 80000 && code <= 80014);
}

function readJsonHeader(headers: Headers, name: string): unknown {
  const value = headers.get(name);
  if (!value) return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

/** Reads X-Business-Use-Case-Usage, X-Ad-Account-Usage, x-fb-ads-insights-throttle, X-App-Usage. */
export function parseMetaUsage(headers: Headers): MetaUsage | undefined {
  const raw: Record<string, unknown> = {};
  let maxPercent = 0;
  let regainAccessMinutes = 0;
  const consider = (value: unknown) => {
    if (typeof value === 'number' && Number.isFinite(value)) maxPercent = Math.max(maxPercent, value);
  };
  const buc = readJsonHeader(headers, 'x-business-use-case-usage');
  if (buc && typeof buc === 'object') {
    raw.businessUseCase = buc;
    for (const entries of Object.values(buc as Record<string, unknown>)) {
      if (!Array.isArray(entries)) continue;
      for (const entry of entries as Array<Record<string, unknown>>) {
        consider(entry.call_count);
        consider(entry.total_cputime);
        consider(entry.total_time);
        const regain = entry.estimated_time_to_regain_access;
        if (typeof regain === 'number') regainAccessMinutes = Math.max(regainAccessMinutes, regain);
      }
    }
  }
  const account = readJsonHeader(headers, 'x-ad-account-usage');
  if (account && typeof account === 'object') {
    raw.adAccount = account;
    consider((account as Record<string, unknown>).acc_id_util_pct);
  }
  const insights = readJsonHeader(headers, 'x-fb-ads-insights-throttle');
  if (insights && typeof insights === 'object') {
    raw.insightsThrottle = insights;
    consider((insights as Record<string, unknown>).app_id_util_pct);
    consider((insights as Record<string, unknown>).acc_id_util_pct);
  }
  const app = readJsonHeader(headers, 'x-app-usage');
  if (app && typeof app === 'object') {
    raw.app = app;
    const record = app as Record<string, unknown>;
    consider(record.call_count);
    consider(record.total_cputime);
    consider(record.total_time);
  }
  if (Object.keys(raw).length === 0) return undefined;
  return { maxPercent, regainAccessMinutes, raw };
}

function parseGraphError(text: string): MetaGraphError | undefined {
  try {
    const parsed = GraphErrorSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.error : undefined;
  } catch {
    return undefined;
  }
}

/** Maps a Graph error to an UpstreamError with an owner-readable message. */
export function mapMetaError(error: MetaGraphError, status: number): UpstreamError {
  const base = {
    provider: 'meta' as const,
    status,
    upstreamCode: error.code,
    detail: `(#${error.code}) ${error.message}`,
  };
  const code = error.code;
  if (code === 190 || code === 102 || code === 463 || code === 467) {
    return new UpstreamError({
      ...base,
      kind: 'auth',
      message: 'Meta rejected the access token (invalid or expired). Generate a new token and update it.',
    });
  }
  if (code >= 200 && code <= 299) {
    return new UpstreamError({
      ...base,
      kind: 'permission',
      message:
        'The token is valid but lacks the ads_read permission for this ad account (Meta error 200). Grant ads_read or ads_management.',
    });
  }
  if (code === 10) {
    return new UpstreamError({
      ...base,
      kind: 'permission',
      message: 'The Meta app does not have permission for this action (Meta error 10).',
    });
  }
  if (code === 100 && error.message.toLowerCase().includes('appsecret_proof')) {
    return new UpstreamError({
      ...base,
      kind: 'auth',
      message: 'Meta rejected the app secret: it does not belong to the app that issued this token.',
    });
  }
  if (code === 100 && error.error_subcode === 33) {
    return new UpstreamError({
      ...base,
      kind: 'not_found',
      message:
        'Meta could not find this ad account, or the token has no access to it. Check the Ad Account ID.',
    });
  }
  if (isThrottleCode(code)) {
    return new UpstreamError({
      ...base,
      kind: 'rate_limited',
      message: `Meta is rate limiting requests for this account (Meta error ${code}). Please try again later.`,
    });
  }
  if (TRANSIENT_CODES.has(code) || status >= 500) {
    return new UpstreamError({
      ...base,
      kind: 'unavailable',
      message: describeUpstreamFailure('meta', 'unavailable'),
    });
  }
  return new UpstreamError({
    ...base,
    kind: 'bad_request',
    message: `Meta refused the request: ${error.message}`,
  });
}

const AD_CREATIVE_FIELDS =
  'id,name,title,body,call_to_action_type,object_type,thumbnail_url,image_url,video_id';

/** Every item of a cursor-paged edge, following `after` (bounded by `maxPages`). */
async function collectPages<T>(
  page: (after: string | undefined) => Promise<MetaPageResult<T>>,
  maxPages: number,
): Promise<T[]> {
  const all: T[] = [];
  let after: string | undefined;
  for (let i = 0; i < maxPages; i++) {
    const result = await page(after);
    all.push(...result.data);
    if (!result.after) break;
    after = result.after;
  }
  return all;
}

export class MetaClient {
  readonly baseUrl: string;
  readonly apiVersion: string;
  /** the usage seen on the latest response (for pacing long syncs) */
  lastUsage: MetaUsage | undefined;
  private readonly options: MetaClientOptions;

  constructor(options: MetaClientOptions) {
    this.options = options;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.apiVersion = options.apiVersion ?? DEFAULT_META_API_VERSION;
  }

  async getMe(): Promise<MetaMe> {
    return this.get('/me', { fields: 'id,name' }, MeSchema);
  }

  async getAdAccount(adAccountId: string): Promise<MetaAdAccount> {
    return this.get(
      `/${adAccountId}`,
      { fields: 'id,name,currency,timezone_name,account_status' },
      AdAccountSchema,
    );
  }

  /** Pages the token can see (`/me/accounts`); page tokens are dropped, never returned. */
  async listPages(): Promise<MetaPage[]> {
    const page = await this.get(
      '/me/accounts',
      { fields: 'id,name,category,tasks', limit: '100' },
      PagesSchema,
    );
    return page.data;
  }

  /** One page of ad-account insights. */
  async getInsights(args: MetaInsightsArgs): Promise<MetaPageResult<MetaInsightRow>> {
    const params: Record<string, string> = {
      fields: (args.fields ?? DEFAULT_INSIGHT_FIELDS).join(','),
      level: args.level ?? 'campaign',
      limit: String(args.limit ?? 100),
    };
    if (args.timeRange) params.time_range = JSON.stringify(args.timeRange);
    else params.date_preset = args.datePreset ?? 'last_30d';
    if (args.timeIncrement !== undefined) params.time_increment = String(args.timeIncrement);
    if (args.after) params.after = args.after;
    const page = await this.get(`/${args.adAccountId}/insights`, params, InsightsPageSchema);
    return { data: page.data, after: page.paging?.next ? page.paging.cursors?.after : undefined };
  }

  /** Every insight row of a query, following cursors (bounded by `maxPages`). */
  async getAllInsights(args: Omit<MetaInsightsArgs, 'after'>, maxPages = 100): Promise<MetaInsightRow[]> {
    const rows: MetaInsightRow[] = [];
    let after: string | undefined;
    for (let i = 0; i < maxPages; i++) {
      const page = await this.getInsights({ ...args, ...(after ? { after } : {}) });
      rows.push(...page.data);
      if (!page.after) break;
      after = page.after;
    }
    return rows;
  }

  async listCampaigns(adAccountId: string, after?: string): Promise<MetaPageResult<MetaCampaign>> {
    const params: Record<string, string> = {
      fields: 'id,name,status,effective_status,daily_budget,lifetime_budget,objective,start_time,stop_time',
      limit: '100',
    };
    if (after) params.after = after;
    const page = await this.get(`/${adAccountId}/campaigns`, params, CampaignsPageSchema);
    return { data: page.data, after: page.paging?.next ? page.paging.cursors?.after : undefined };
  }

  async listAllCampaigns(adAccountId: string, maxPages = 50): Promise<MetaCampaign[]> {
    return collectPages((after) => this.listCampaigns(adAccountId, after), maxPages);
  }

  /** One page of the account's ads with their creatives expanded (issue #44). */
  async listAds(adAccountId: string, after?: string): Promise<MetaPageResult<MetaAd>> {
    const params: Record<string, string> = {
      fields: `id,name,campaign_id,adset_id,status,effective_status,creative{${AD_CREATIVE_FIELDS}}`,
      limit: '100',
    };
    if (after) params.after = after;
    const page = await this.get(`/${adAccountId}/ads`, params, AdsPageSchema);
    return { data: page.data, after: page.paging?.next ? page.paging.cursors?.after : undefined };
  }

  async listAllAds(adAccountId: string, maxPages = 100): Promise<MetaAd[]> {
    return collectPages((after) => this.listAds(adAccountId, after), maxPages);
  }

  /** GET a Graph path with token + proof, validate with `schema`, map errors. */
  async get<S extends z.ZodType>(
    path: string,
    params: Record<string, string>,
    schema: S,
  ): Promise<z.infer<S>> {
    const search = new URLSearchParams(params);
    search.set('access_token', this.options.accessToken);
    search.set('appsecret_proof', computeAppSecretProof(this.options.accessToken, this.options.appSecret));
    const response = await requestUpstream({
      provider: 'meta',
      url: `${this.baseUrl}/${this.apiVersion}${path}?${search.toString()}`,
      method: 'GET',
      headers: { accept: 'application/json' },
      timeoutMs: this.options.timeoutMs ?? 20_000,
      ...(this.options.retry ? { retry: this.options.retry } : {}),
      decide: (res) => this.decideRetry(res),
      ...(this.options.fetchImpl ? { fetchImpl: this.options.fetchImpl } : {}),
      ...(this.options.sleep ? { sleep: this.options.sleep } : {}),
    });
    this.recordUsage(response.headers);
    if (response.status !== 200) {
      const graphError = parseGraphError(response.text);
      if (graphError) throw mapMetaError(graphError, response.status);
      const kind =
        response.status >= 500 ? 'unavailable' : response.status === 404 ? 'not_found' : 'bad_request';
      throw new UpstreamError({
        provider: 'meta',
        kind,
        status: response.status,
        message: describeUpstreamFailure('meta', kind),
        detail: `HTTP ${response.status}: ${response.text.slice(0, 200)}`,
      });
    }
    const parsed = schema.safeParse(parseJsonBody('meta', response));
    if (!parsed.success) {
      throw new UpstreamError({
        provider: 'meta',
        kind: 'invalid_response',
        status: response.status,
        message: describeUpstreamFailure('meta', 'invalid_response'),
        detail: parsed.error.message.slice(0, 500),
      });
    }
    return parsed.data;
  }

  private recordUsage(headers: Headers): void {
    const usage = parseMetaUsage(headers);
    if (!usage) return;
    this.lastUsage = usage;
    this.options.onUsage?.(usage);
  }

  /** Meta throttles with error bodies (HTTP 400/403), not 429: retry those codes and 1/2 transients. */
  private decideRetry(response: UpstreamResponse): RetryDecision | undefined {
    if (response.status === 200) return { retry: false };
    const graphError = parseGraphError(response.text);
    if (!graphError) return undefined;
    if (isThrottleCode(graphError.code)) {
      const usage = parseMetaUsage(response.headers);
      const regainMs =
        usage && usage.regainAccessMinutes > 0 ? usage.regainAccessMinutes * 60_000 : undefined;
      return { retry: true, reason: `Meta error ${graphError.code}`, delayMs: regainMs };
    }
    if (TRANSIENT_CODES.has(graphError.code) || graphError.is_transient) {
      return { retry: true, reason: `Meta error ${graphError.code}` };
    }
    return { retry: false };
  }
}

export function createMetaClient(options: MetaClientOptions): MetaClient {
  return new MetaClient(options);
}
