import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { UpstreamTokenCache } from '../../caches.ts';
import {
  parseJsonBody,
  type RetryDecision,
  type RetryPolicy,
  requestUpstream,
  type UpstreamResponse,
} from '../http/request.ts';
import { describeUpstreamFailure, UpstreamError } from '../http/upstream-error.ts';
import {
  AccessTokenResponseSchema,
  CustomersQueryDataSchema,
  GraphqlEnvelopeSchema,
  OrderLookupQueryDataSchema,
  OrdersQueryDataSchema,
  OrderTotalsQueryDataSchema,
  ProductsQueryDataSchema,
  type ShopifyCost,
  type ShopifyCustomer,
  type ShopifyLookupOrder,
  type ShopifyOrder,
  type ShopifyOrderTotals,
  type ShopifyPageInfo,
  type ShopifyProduct,
  type ShopifyShop,
  ShopQueryDataSchema,
} from './payload.schema.ts';
import {
  CUSTOMERS_QUERY,
  ORDER_LOOKUP_QUERY,
  ORDER_TOTALS_QUERY,
  ORDERS_QUERY,
  PRODUCTS_QUERY,
  SHOP_QUERY,
} from './queries.ts';

/**
 * Thin Shopify Admin GraphQL client (contracts/external-apis.md §1). The base URL is injected
 * (`https://{shop}.myshopify.com` for real stores, the emulator's `/store/{shop}` prefix in demo
 * and tests), so the same code talks to both. Handles cost-based throttling (THROTTLED arrives as
 * HTTP 200: wait until the bucket has restored the requested cost), the client-credentials grant
 * with a token cache and one refresh after a 401, and maps failures to typed UpstreamErrors.
 */

export const DEFAULT_SHOPIFY_API_VERSION = '2026-10';

export type ShopifyAuth =
  | { kind: 'access_token'; accessToken: string }
  | { kind: 'client_credentials'; clientId: string; clientSecret: string };

export interface ShopifyClientOptions {
  baseUrl: string;
  auth: ShopifyAuth;
  apiVersion?: string;
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  fetchImpl?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /**
   * Tokens from the client-credentials grant, per (base URL, client id, secret hash): the app's
   * cache (AppCaches.upstreamTokens). A cache only: another instance simply fetches its own token.
   */
  tokens: UpstreamTokenCache;
  /** observes every response's cost block (e.g. for sync pacing) */
  onCost?: (cost: ShopifyCost) => void;
}

export interface ShopifyPage<T> {
  nodes: T[];
  pageInfo: ShopifyPageInfo;
}

export interface ShopifyListArgs {
  first?: number;
  after?: string | null;
  query?: string;
}

export interface ShopifyOrderListArgs extends ShopifyListArgs {
  /** line items per order (default 10); keep first × lineItemsFirst ≲ 300 to stay under the 1000-point cap */
  lineItemsFirst?: number;
}

const TOKEN_MARGIN_MS = 5 * 60_000;

function tokenCacheKey(baseUrl: string, clientId: string, clientSecret: string): string {
  return createHash('sha256').update(`${baseUrl}\n${clientId}\n${clientSecret}`).digest('hex');
}

/**
 * Wait, in ms, until the bucket can pay `requested` again (external-apis §1.10). The bucket
 * refills continuously, so the wait is the missing points' share of a second, not rounded up to
 * whole seconds (which made a throttled sync wait up to a second more per query than needed).
 */
export function computeThrottleWaitMs(cost: ShopifyCost | undefined): number {
  if (!cost) return 1000;
  const { currentlyAvailable, restoreRate } = cost.throttleStatus;
  const missing = cost.requestedQueryCost - currentlyAvailable;
  if (missing <= 0 || restoreRate <= 0) return 1000;
  return Math.ceil((missing / restoreRate) * 1000);
}

function isThrottled(envelope: z.infer<typeof GraphqlEnvelopeSchema>): boolean {
  return (envelope.errors ?? []).some((e) => e.extensions?.code === 'THROTTLED');
}

function safeEnvelope(text: string): z.infer<typeof GraphqlEnvelopeSchema> | undefined {
  try {
    const parsed = GraphqlEnvelopeSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export class ShopifyClient {
  readonly baseUrl: string;
  readonly apiVersion: string;
  private readonly options: ShopifyClientOptions;

  constructor(options: ShopifyClientOptions) {
    this.options = options;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.apiVersion = options.apiVersion ?? DEFAULT_SHOPIFY_API_VERSION;
  }

  /** `{ shop { name currencyCode ianaTimezone } }` — the verification query. */
  async getShop(): Promise<ShopifyShop> {
    const data = await this.query(SHOP_QUERY, {}, ShopQueryDataSchema);
    return data.shop;
  }

  /** One page of orders, newest first; `query` uses Shopify search syntax. */
  async listOrders(args: ShopifyOrderListArgs = {}): Promise<ShopifyPage<ShopifyOrder>> {
    const data = await this.query(
      ORDERS_QUERY,
      {
        first: args.first ?? 10,
        after: args.after ?? null,
        query: args.query ?? null,
        lineItemsFirst: args.lineItemsFirst ?? 10,
      },
      OrdersQueryDataSchema,
    );
    return data.orders;
  }

  /** Light order rows (totals and statuses only) for summaries; up to 250 per page. */
  async listOrderTotals(args: ShopifyListArgs = {}): Promise<ShopifyPage<ShopifyOrderTotals>> {
    const data = await this.query(
      ORDER_TOTALS_QUERY,
      { first: args.first ?? 200, after: args.after ?? null, query: args.query ?? null },
      OrderTotalsQueryDataSchema,
    );
    return data.orders;
  }

  async listCustomers(args: ShopifyListArgs = {}): Promise<ShopifyPage<ShopifyCustomer>> {
    const data = await this.query(
      CUSTOMERS_QUERY,
      { first: args.first ?? 100, after: args.after ?? null, query: args.query ?? null },
      CustomersQueryDataSchema,
    );
    return data.customers;
  }

  /** Products with variants and inventory; defaults (5 × 10 variants × 2 locations) stay under the cost cap. */
  async listProducts(
    args: Omit<ShopifyListArgs, 'query'> & { variantsFirst?: number; levelsFirst?: number } = {},
  ): Promise<ShopifyPage<ShopifyProduct>> {
    const data = await this.query(
      PRODUCTS_QUERY,
      {
        first: args.first ?? 5,
        after: args.after ?? null,
        variantsFirst: args.variantsFirst ?? 10,
        levelsFirst: args.levelsFirst ?? 2,
      },
      ProductsQueryDataSchema,
    );
    return data.products;
  }

  /**
   * Finds one order by what a store owner types: its name ("#1001", or a custom-prefixed name),
   * "#number" or the bare number. Only exact matches count (Shopify search is fuzzy). Comes with
   * the shop's time zone, which the order's dates are shown in.
   */
  async findOrderByName(input: string): Promise<{ order: ShopifyLookupOrder; shopTimezone: string } | null> {
    const raw = input.trim();
    if (raw === '') return null;
    const digits = /^#?(\d+)$/.exec(raw)?.[1];
    const candidates = digits ? [`#${digits}`, digits] : [raw];
    for (const candidate of candidates) {
      const escaped = candidate.replace(/\\/g, '\\\\').replace(/'/g, "\\'");
      const data = await this.query(
        ORDER_LOOKUP_QUERY,
        { first: 3, lineItemsFirst: 50, query: `name:'${escaped}'` },
        OrderLookupQueryDataSchema,
      );
      const match = data.orders.nodes.find(
        (order) =>
          order.name.toLowerCase() === raw.toLowerCase() ||
          (digits !== undefined && (order.name === `#${digits}` || String(order.number) === digits)),
      );
      if (match) return { order: match, shopTimezone: data.shop.ianaTimezone };
    }
    return null;
  }

  /** Runs one GraphQL document and validates `data` with `schema`. */
  async query<S extends z.ZodType>(
    document: string,
    variables: Record<string, unknown>,
    schema: S,
  ): Promise<z.infer<S>> {
    let response = await this.post(document, variables, await this.accessToken(false));
    if (response.status === 401 && this.options.auth.kind === 'client_credentials') {
      // Client-credential tokens expire (24 h): fetch a fresh one once, then give up.
      response = await this.post(document, variables, await this.accessToken(true));
    }
    const envelope = this.parseEnvelope(response);
    if (envelope.extensions?.cost) this.options.onCost?.(envelope.extensions.cost);
    if (envelope.errors && envelope.errors.length > 0) throw this.graphqlError(envelope, response.status);
    const parsed = schema.safeParse(envelope.data);
    if (!parsed.success) {
      throw new UpstreamError({
        provider: 'shopify',
        kind: 'invalid_response',
        status: response.status,
        message: describeUpstreamFailure('shopify', 'invalid_response'),
        detail: parsed.error.message.slice(0, 500),
      });
    }
    return parsed.data;
  }

  private async post(
    document: string,
    variables: Record<string, unknown>,
    token: string,
  ): Promise<UpstreamResponse> {
    return requestUpstream({
      provider: 'shopify',
      url: `${this.baseUrl}/admin/api/${this.apiVersion}/graphql.json`,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'x-shopify-access-token': token,
      },
      body: JSON.stringify({ query: document, variables }),
      timeoutMs: this.options.timeoutMs ?? 20_000,
      retry: { maxAttempts: 6, ...this.options.retry },
      decide: (response) => this.decideRetry(response),
      ...(this.options.fetchImpl ? { fetchImpl: this.options.fetchImpl } : {}),
      ...(this.options.sleep ? { sleep: this.options.sleep } : {}),
    });
  }

  private decideRetry(response: UpstreamResponse): RetryDecision | undefined {
    if (response.status !== 200) return undefined;
    if (!response.text.includes('THROTTLED')) return { retry: false };
    const envelope = safeEnvelope(response.text);
    if (!envelope || !isThrottled(envelope)) return { retry: false };
    return { retry: true, reason: 'THROTTLED', delayMs: computeThrottleWaitMs(envelope.extensions?.cost) };
  }

  private parseEnvelope(response: UpstreamResponse): z.infer<typeof GraphqlEnvelopeSchema> {
    if (response.status !== 200) throw this.httpError(response);
    const parsed = GraphqlEnvelopeSchema.safeParse(parseJsonBody('shopify', response));
    if (!parsed.success) {
      throw new UpstreamError({
        provider: 'shopify',
        kind: 'invalid_response',
        status: response.status,
        message: describeUpstreamFailure('shopify', 'invalid_response'),
        detail: parsed.error.message.slice(0, 500),
      });
    }
    return parsed.data;
  }

  private httpError(response: UpstreamResponse): UpstreamError {
    const detail = `HTTP ${response.status}: ${response.text.slice(0, 200)}`;
    const status = response.status;
    if (status === 401) {
      return new UpstreamError({
        provider: 'shopify',
        kind: 'auth',
        status,
        detail,
        message:
          this.options.auth.kind === 'access_token'
            ? 'Shopify rejected the access token. Check that it is correct and that the app is still installed on your store.'
            : 'Shopify rejected the token issued for your API key and secret. Check that the app is still installed on your store.',
      });
    }
    if (status === 402 || status === 423) {
      return new UpstreamError({
        provider: 'shopify',
        kind: 'permission',
        status,
        detail,
        message:
          status === 402
            ? 'Your Shopify store is unavailable (frozen or unpaid), so its data cannot be read.'
            : 'Your Shopify store is locked, so its data cannot be read.',
      });
    }
    if (status === 403) {
      return new UpstreamError({
        provider: 'shopify',
        kind: 'permission',
        status,
        detail,
        message:
          'Shopify refused access. Check that the app holds the scopes listed in the Shopify setup steps and is installed on this store.',
      });
    }
    if (status === 404) {
      return new UpstreamError({
        provider: 'shopify',
        kind: 'not_found',
        status,
        detail,
        message:
          'Shopify could not find this store. Check the shop domain (for example my-store.myshopify.com).',
      });
    }
    if (status === 429) {
      return new UpstreamError({
        provider: 'shopify',
        kind: 'rate_limited',
        status,
        detail,
        message: describeUpstreamFailure('shopify', 'rate_limited'),
      });
    }
    if (status >= 500) {
      return new UpstreamError({
        provider: 'shopify',
        kind: 'unavailable',
        status,
        detail,
        message: describeUpstreamFailure('shopify', 'unavailable'),
      });
    }
    return new UpstreamError({
      provider: 'shopify',
      kind: 'bad_request',
      status,
      detail,
      message: describeUpstreamFailure('shopify', 'bad_request'),
    });
  }

  private graphqlError(envelope: z.infer<typeof GraphqlEnvelopeSchema>, status: number): UpstreamError {
    const errors = envelope.errors ?? [];
    const first = errors[0];
    const detail = errors
      .map((e) => e.message)
      .join('; ')
      .slice(0, 500);
    if (isThrottled(envelope)) {
      return new UpstreamError({
        provider: 'shopify',
        kind: 'rate_limited',
        status,
        upstreamCode: 'THROTTLED',
        detail,
        message: 'Shopify kept throttling requests (query cost limit). Please try again in a minute.',
      });
    }
    const denied = errors.find((e) => e.extensions?.code === 'ACCESS_DENIED');
    if (denied) {
      // requiredAccess reads "`read_inventory` access scope."; the message names the handle alone.
      const required = denied.extensions?.requiredAccess;
      const scope = required ? (/`?([a-z_]+)`?/.exec(required)?.[1] ?? required) : null;
      return new UpstreamError({
        provider: 'shopify',
        kind: 'permission',
        status,
        upstreamCode: 'ACCESS_DENIED',
        detail,
        message: scope
          ? `The Shopify app is missing the ${scope} access scope. Add it to the app in the Shopify Dev Dashboard, release a new version and approve it in your store.`
          : 'The Shopify app is missing a required access scope. Add the scopes listed in the Shopify setup steps to the app in the Dev Dashboard.',
      });
    }
    return new UpstreamError({
      provider: 'shopify',
      kind: 'bad_request',
      status,
      upstreamCode: first?.extensions?.code,
      detail,
      message: `Shopify refused the request: ${first?.message ?? 'unknown error'}`,
    });
  }

  /** The token for X-Shopify-Access-Token: as given, or from the client-credentials grant. */
  private async accessToken(forceRefresh: boolean): Promise<string> {
    const auth = this.options.auth;
    if (auth.kind === 'access_token') return auth.accessToken;
    const key = tokenCacheKey(this.baseUrl, auth.clientId, auth.clientSecret);
    const cached = this.options.tokens.get(key);
    if (!forceRefresh && cached && cached.expiresAt > Date.now()) return cached.accessToken;

    const response = await requestUpstream({
      provider: 'shopify',
      url: `${this.baseUrl}/admin/oauth/access_token`,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: auth.clientId,
        client_secret: auth.clientSecret,
      }).toString(),
      timeoutMs: this.options.timeoutMs ?? 20_000,
      retry: { maxAttempts: 3, ...this.options.retry },
      ...(this.options.fetchImpl ? { fetchImpl: this.options.fetchImpl } : {}),
      ...(this.options.sleep ? { sleep: this.options.sleep } : {}),
    });
    if (response.status === 400 || response.status === 401 || response.status === 403) {
      this.options.tokens.delete(key);
      throw new UpstreamError({
        provider: 'shopify',
        kind: 'auth',
        status: response.status,
        detail: `token endpoint HTTP ${response.status}: ${response.text.slice(0, 200)}`,
        message:
          'Shopify rejected the API key and secret. Check them, and that the app is installed on this store (the shop domain must match).',
      });
    }
    if (response.status !== 200) throw this.httpError(response);
    const parsed = AccessTokenResponseSchema.safeParse(parseJsonBody('shopify', response));
    if (!parsed.success) {
      throw new UpstreamError({
        provider: 'shopify',
        kind: 'invalid_response',
        status: response.status,
        message: describeUpstreamFailure('shopify', 'invalid_response'),
        detail: 'token response without access_token',
      });
    }
    const lifetimeMs = (parsed.data.expires_in ?? 86_400) * 1000;
    this.options.tokens.set(key, {
      accessToken: parsed.data.access_token,
      expiresAt: Date.now() + Math.max(lifetimeMs - TOKEN_MARGIN_MS, lifetimeMs / 2),
    });
    return parsed.data.access_token;
  }
}

export function createShopifyClient(options: ShopifyClientOptions): ShopifyClient {
  return new ShopifyClient(options);
}
