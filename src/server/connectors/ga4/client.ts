import { createHash } from 'node:crypto';
import type { ServiceAccount } from '../../../shared/contracts/credentials.ts';
import type { UpstreamTokenCache } from '../../caches.ts';
import { parseJsonBody, type RetryPolicy, requestUpstream, type UpstreamResponse } from '../http/request.ts';
import { describeUpstreamFailure, UpstreamError } from '../http/upstream-error.ts';
import { signServiceAccountJwt } from './jwt.ts';
import {
  type Ga4RunReportRequest,
  type Ga4RunReportResponse,
  GoogleErrorBodySchema,
  RunReportResponseSchema,
  TokenErrorSchema,
  TokenResponseSchema,
} from './payload.schema.ts';

/**
 * Thin GA4 Data API client: our own JWT-bearer exchange against the key file's `token_uri`
 * (google-auth-library ignores it, external-apis §2.9), then REST `runReport` with a Bearer token.
 * The Data API base URL is injected (real: https://analyticsdata.googleapis.com).
 */

export const DEFAULT_GA4_BASE_URL = 'https://analyticsdata.googleapis.com';
export const DEFAULT_GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token';

export interface Ga4ClientOptions {
  baseUrl: string;
  propertyId: string;
  serviceAccount: ServiceAccount;
  /** overrides the key file's token_uri (rarely needed) */
  tokenUri?: string;
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  fetchImpl?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Service-account tokens by (token URI, account, key hash): the app's cache (AppCaches.upstreamTokens). */
  tokens: UpstreamTokenCache;
}

export class Ga4Client {
  readonly baseUrl: string;
  readonly propertyId: string;
  private readonly options: Ga4ClientOptions;

  constructor(options: Ga4ClientOptions) {
    this.options = options;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.propertyId = options.propertyId.replace(/^properties\//, '');
  }

  private get tokenUri(): string {
    return this.options.tokenUri ?? this.options.serviceAccount.token_uri ?? DEFAULT_GOOGLE_TOKEN_URI;
  }

  /** One report (POST /v1beta/properties/{id}:runReport). Rows and rowCount always present. */
  async runReport(report: Ga4RunReportRequest): Promise<Ga4RunReportResponse> {
    let response = await this.post(report, await this.accessToken(false));
    if (response.status === 401) response = await this.post(report, await this.accessToken(true));
    if (response.status !== 200) throw this.apiError(response);
    const parsed = RunReportResponseSchema.safeParse(parseJsonBody('ga4', response));
    if (!parsed.success) {
      throw new UpstreamError({
        provider: 'ga4',
        kind: 'invalid_response',
        status: response.status,
        message: describeUpstreamFailure('ga4', 'invalid_response'),
        detail: parsed.error.message.slice(0, 500),
      });
    }
    return parsed.data;
  }

  /** Verification: a one-row report over the last 30 days. */
  async verify(): Promise<void> {
    await this.runReport({
      dateRanges: [{ startDate: '30daysAgo', endDate: 'today' }],
      metrics: [{ name: 'activeUsers' }],
      limit: 1,
    });
  }

  private post(report: Ga4RunReportRequest, token: string): Promise<UpstreamResponse> {
    return requestUpstream({
      provider: 'ga4',
      url: `${this.baseUrl}/v1beta/properties/${encodeURIComponent(this.propertyId)}:runReport`,
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify(report),
      timeoutMs: this.options.timeoutMs ?? 20_000,
      ...(this.options.retry ? { retry: this.options.retry } : {}),
      ...(this.options.fetchImpl ? { fetchImpl: this.options.fetchImpl } : {}),
      ...(this.options.sleep ? { sleep: this.options.sleep } : {}),
    });
  }

  private apiError(response: UpstreamResponse): UpstreamError {
    let googleMessage = '';
    let googleStatus: string | undefined;
    try {
      const body = GoogleErrorBodySchema.safeParse(JSON.parse(response.text));
      if (body.success) {
        googleMessage = body.data.error.message ?? '';
        googleStatus = body.data.error.status;
      }
    } catch {
      // non-JSON error bodies keep the generic text
    }
    const base = { provider: 'ga4' as const, status: response.status, upstreamCode: googleStatus };
    const detail = `HTTP ${response.status} ${googleStatus ?? ''}: ${googleMessage || response.text.slice(0, 200)}`;
    switch (response.status) {
      case 400:
        return new UpstreamError({
          ...base,
          kind: 'bad_request',
          detail,
          message: `Google Analytics refused the report: ${googleMessage || 'invalid request'}`,
        });
      case 401:
        return new UpstreamError({
          ...base,
          kind: 'auth',
          detail,
          message: 'Google Analytics rejected the service account credentials. Paste a current key file.',
        });
      case 403:
        return new UpstreamError({
          ...base,
          kind: 'permission',
          detail,
          message: `The service account has no access to GA4 property ${this.propertyId}. Add ${this.options.serviceAccount.client_email} as a Viewer in the property's access management.`,
        });
      case 404:
        return new UpstreamError({
          ...base,
          kind: 'not_found',
          detail,
          message: `Google Analytics property ${this.propertyId} was not found. Check the GA4 Property ID.`,
        });
      case 429:
        return new UpstreamError({
          ...base,
          kind: 'rate_limited',
          detail,
          message: 'The Google Analytics quota for this property is used up. Please try again later.',
        });
      default:
        return new UpstreamError({
          ...base,
          kind: response.status >= 500 ? 'unavailable' : 'bad_request',
          detail,
          message: describeUpstreamFailure('ga4', response.status >= 500 ? 'unavailable' : 'bad_request'),
        });
    }
  }

  private async accessToken(forceRefresh: boolean): Promise<string> {
    const account = this.options.serviceAccount;
    const tokenUri = this.tokenUri;
    const key = createHash('sha256')
      .update(`${tokenUri}\n${account.client_email}\n${account.private_key}`)
      .digest('hex');
    const now = this.options.now?.() ?? Date.now();
    const cached = this.options.tokens.get(key);
    if (!forceRefresh && cached && cached.expiresAt > now) return cached.accessToken;

    let assertion: string;
    try {
      assertion = signServiceAccountJwt({
        clientEmail: account.client_email,
        privateKey: account.private_key,
        privateKeyId: account.private_key_id,
        tokenUri,
        nowSeconds: Math.floor(now / 1000),
      });
    } catch {
      throw new UpstreamError({
        provider: 'ga4',
        kind: 'auth',
        message:
          'The service account private_key is not a valid PEM private key. Paste the key file exactly as downloaded.',
      });
    }
    const response = await requestUpstream({
      provider: 'ga4',
      url: tokenUri,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion,
      }).toString(),
      timeoutMs: this.options.timeoutMs ?? 20_000,
      ...(this.options.retry ? { retry: this.options.retry } : {}),
      ...(this.options.fetchImpl ? { fetchImpl: this.options.fetchImpl } : {}),
      ...(this.options.sleep ? { sleep: this.options.sleep } : {}),
    });
    if (response.status !== 200) {
      let description = '';
      try {
        const body = TokenErrorSchema.safeParse(JSON.parse(response.text));
        if (body.success)
          description = `${body.data.error}${body.data.error_description ? `: ${body.data.error_description}` : ''}`;
      } catch {
        // keep generic
      }
      if (response.status >= 500) {
        throw new UpstreamError({
          provider: 'ga4',
          kind: 'unavailable',
          status: response.status,
          detail: description,
          message: describeUpstreamFailure('ga4', 'unavailable'),
        });
      }
      throw new UpstreamError({
        provider: 'ga4',
        kind: 'auth',
        status: response.status,
        upstreamCode: 'invalid_grant',
        detail: description,
        message: `Google rejected the service account key${description ? ` (${description})` : ''}. Check that the key is current and not deleted.`,
      });
    }
    const parsed = TokenResponseSchema.safeParse(parseJsonBody('ga4', response));
    if (!parsed.success) {
      throw new UpstreamError({
        provider: 'ga4',
        kind: 'invalid_response',
        status: response.status,
        message: describeUpstreamFailure('ga4', 'invalid_response'),
        detail: 'token response without access_token',
      });
    }
    const lifetimeMs = (parsed.data.expires_in ?? 3600) * 1000;
    this.options.tokens.set(key, {
      accessToken: parsed.data.access_token,
      expiresAt: now + lifetimeMs - 60_000,
    });
    return parsed.data.access_token;
  }
}

export function createGa4Client(options: Ga4ClientOptions): Ga4Client {
  return new Ga4Client(options);
}
