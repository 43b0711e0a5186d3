/**
 * Meta Graph / Marketing API emulator (contract doc §3): one Fastify instance, not listening.
 * Base URL `http://HOST:PORT`, paths `/{version}/…` (any `vNN.N`). `access_token` in the query
 * (or body), `appsecret_proof` = hex HMAC-SHA256(app secret, token) required. Errors use the Graph
 * error body (`{ error: { message, type, code, error_subcode?, fbtrace_id } }`, HTTP 400).
 * "Today" for date presets is the store's end date in the account time zone.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { DAY_MS } from '../../../shared/calendar.ts';
import {
  dayToIso,
  formatZoned,
  localToUtcMs,
  monthOf,
  parseIsoDay,
  weekdayOf,
  yearOf,
} from '../../calendar.ts';
import { DEMO_SECRETS } from '../../credentials.ts';
import type { DemoStore, MetaCampaign, MetaDailyRow } from '../../model.ts';
import { formatFixed } from '../../money.ts';
import { FaultController, type FaultSettings, installFaults } from '../faults.ts';

export interface MetaEmulatorOptions {
  store: DemoStore;
  faults?: Partial<FaultSettings>;
  /** "Require App Secret" app setting (default true): calls without appsecret_proof fail. */
  requireAppSecretProof?: boolean;
  /** Calls per hour per token before the usage headers reach 100 % (default 2000). */
  callsPerHour?: number;
  now?: () => number;
  faultSeed?: number;
}

export interface MetaEmulatorExtras {
  faults: FaultController;
}

export type MetaEmulator = FastifyInstance & MetaEmulatorExtras;

class GraphError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly type: string,
    readonly subcode?: number,
    readonly transient?: boolean,
    readonly httpStatus = 400,
  ) {
    super(message);
  }
}

const INSIGHT_FIELDS = [
  'account_currency',
  'account_id',
  'account_name',
  'action_values',
  'actions',
  'ad_id',
  'ad_name',
  'adset_id',
  'adset_name',
  'campaign_id',
  'campaign_name',
  'clicks',
  'cost_per_action_type',
  'cpc',
  'cpm',
  'ctr',
  'date_start',
  'date_stop',
  'frequency',
  'impressions',
  'inline_link_clicks',
  'objective',
  'purchase_roas',
  'reach',
  'spend',
];
const CAMPAIGN_FIELDS = [
  'account_id',
  'bid_strategy',
  'budget_remaining',
  'buying_type',
  'configured_status',
  'created_time',
  'daily_budget',
  'effective_status',
  'id',
  'lifetime_budget',
  'name',
  'objective',
  'special_ad_categories',
  'start_time',
  'status',
  'stop_time',
  'updated_time',
];
const ACCOUNT_FIELDS = [
  'account_id',
  'account_status',
  'amount_spent',
  'business_name',
  'currency',
  'id',
  'name',
  'timezone_name',
  'timezone_offset_hours_utc',
];
const DATE_PRESETS = [
  'today',
  'yesterday',
  'this_month',
  'last_month',
  'this_quarter',
  'last_quarter',
  'this_year',
  'last_year',
  'last_3d',
  'last_7d',
  'last_14d',
  'last_28d',
  'last_30d',
  'last_90d',
  'last_week_mon_sun',
  'last_week_sun_sat',
  'this_week_mon_today',
  'this_week_sun_today',
  'maximum',
  'data_maximum',
];
const PAGE_METRICS = [
  'page_impressions',
  'page_impressions_unique',
  'page_post_engagements',
  'page_follows',
  'page_views_total',
  'page_daily_follows',
];

/** First day of the month of `day`, `monthsBack` months earlier. */
function monthStart(day: number, monthsBack = 0): number {
  const y = yearOf(day);
  const m = monthOf(day) - 1 - monthsBack;
  return Date.UTC(y, m, 1) / DAY_MS;
}

/** Resolves a date_preset to [since, until] day numbers. */
export function resolveDatePreset(preset: string, today: number, firstDataDay: number): [number, number] {
  const lastN = /^last_(\d+)d$/.exec(preset);
  if (lastN) return [today - Number(lastN[1]), today - 1];
  const quarterStart = (day: number, back: number) => {
    const q = Math.floor((monthOf(day) - 1) / 3) - back;
    return Date.UTC(yearOf(day), q * 3, 1) / DAY_MS;
  };
  switch (preset) {
    case 'today':
      return [today, today];
    case 'yesterday':
      return [today - 1, today - 1];
    case 'this_month':
      return [monthStart(today), today];
    case 'last_month':
      return [monthStart(today, 1), monthStart(today) - 1];
    case 'this_quarter':
      return [quarterStart(today, 0), today];
    case 'last_quarter':
      return [quarterStart(today, 1), quarterStart(today, 0) - 1];
    case 'this_year':
      return [Date.UTC(yearOf(today), 0, 1) / DAY_MS, today];
    case 'last_year':
      return [Date.UTC(yearOf(today) - 1, 0, 1) / DAY_MS, Date.UTC(yearOf(today), 0, 1) / DAY_MS - 1];
    case 'last_week_mon_sun': {
      const monday = today - ((weekdayOf(today) + 6) % 7);
      return [monday - 7, monday - 1];
    }
    case 'last_week_sun_sat': {
      const sunday = today - weekdayOf(today);
      return [sunday - 7, sunday - 1];
    }
    case 'this_week_mon_today':
      return [today - ((weekdayOf(today) + 6) % 7), today];
    case 'this_week_sun_today':
      return [today - weekdayOf(today), today];
    default:
      return [firstDataDay, today];
  }
}

function param(request: FastifyRequest, name: string): string | undefined {
  const q = (request.query ?? {}) as Record<string, unknown>;
  const b = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
  const v = q[name] ?? b[name];
  return typeof v === 'string' ? v : undefined;
}

function parseFields(
  raw: string | undefined,
  allowed: readonly string[],
  nodeType: string,
  fallback: string[],
): string[] {
  if (raw === undefined || raw.trim() === '') return fallback;
  const fields = raw
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  for (const f of fields) {
    if (!allowed.includes(f)) {
      if (nodeType === 'AdsInsights') {
        throw new GraphError(
          `(#100) ${f} is not valid for fields param. please check https://developers.facebook.com/docs/marketing-api/reference/ads-insights/ for all valid values`,
          100,
          'OAuthException',
        );
      }
      throw new GraphError(
        `(#100) Tried accessing nonexisting field (${f}) on node type (${nodeType})`,
        100,
        'OAuthException',
      );
    }
  }
  return fields;
}

function encodeCursor(offset: number): string {
  return Buffer.from(`offset:${offset}`).toString('base64url');
}

function decodeCursor(cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^offset:(\d+)$/.exec(text);
  if (!match) throw new GraphError('(#100) Invalid cursor', 100, 'OAuthException');
  return Number(match[1]);
}

export function buildMetaEmulator(opts: MetaEmulatorOptions): MetaEmulator {
  const now = opts.now ?? Date.now;
  const app = Fastify({ logger: false });
  const faults = new FaultController(opts.faults, opts.faultSeed ?? 33);
  const store = opts.store;
  const account = store.meta.account;
  const accountNumericId = account.adAccountId.replace(/^act_/, '');
  const secrets = DEMO_SECRETS.meta;
  const requireProof = opts.requireAppSecretProof ?? true;
  const callsPerHour = opts.callsPerHour ?? 2000;
  const usage = new Map<string, { windowStart: number; calls: number }>();
  const page = account.pages[0]!;
  const today = parseIsoDay(store.config.endDate);
  const firstDataDay = parseIsoDay(store.config.startDate);
  let traceCounter = 0;

  const tokenInfo = (token: string) => {
    if (token === secrets.accessToken) {
      return {
        type: 'USER',
        scopes: [
          'ads_read',
          'ads_management',
          'pages_show_list',
          'pages_read_engagement',
          'read_insights',
          'public_profile',
        ],
      };
    }
    if (token === secrets.accessTokenWithoutAdsRead)
      return { type: 'USER', scopes: ['pages_show_list', 'public_profile'] };
    if (token === page.accessToken)
      return { type: 'PAGE', scopes: ['pages_show_list', 'pages_read_engagement', 'read_insights'] };
    if (token === `${secrets.appId}|${secrets.appSecret}`) return { type: 'APP', scopes: [] as string[] };
    return null;
  };

  const rowsByDay = new Map<string, MetaDailyRow[]>();
  for (const row of store.meta.daily) {
    const list = rowsByDay.get(row.day) ?? [];
    list.push(row);
    rowsByDay.set(row.day, list);
  }

  const sendError = (reply: FastifyReply, error: GraphError) => {
    traceCounter += 1;
    const body: Record<string, unknown> = { message: error.message, type: error.type, code: error.code };
    if (error.subcode !== undefined) body.error_subcode = error.subcode;
    if (error.transient !== undefined) body.is_transient = error.transient;
    body.fbtrace_id = `AdEmU${Buffer.from(String(traceCounter)).toString('base64url')}`;
    return reply
      .code(error.httpStatus)
      .header('content-type', 'application/json; charset=UTF-8')
      .header(
        'www-authenticate',
        error.code === 190 ? `OAuth "Facebook Platform" "invalid_token" "${error.message}"` : undefined,
      )
      .send(JSON.stringify({ error: body }));
  };

  app.register(formbody);
  installFaults(app, faults, (reply) =>
    sendError(
      reply,
      new GraphError(
        'An unexpected error has occurred. Please retry your request later.',
        2,
        'OAuthException',
        undefined,
        true,
        500,
      ),
    ),
  );
  app.setErrorHandler((_error, _request, reply) =>
    sendError(
      reply,
      new GraphError('An unknown error has occurred.', 1, 'OAuthException', undefined, true, 500),
    ),
  );
  app.setNotFoundHandler((request, reply) =>
    sendError(
      reply,
      new GraphError(`Unknown path components: ${request.url.split('?')[0]}`, 2500, 'OAuthException'),
    ),
  );

  /** Usage accounting; returns the percentage used (incl. the throttling-pressure fault). */
  const recordCall = (token: string): number => {
    const t = now();
    let u = usage.get(token);
    if (!u || t - u.windowStart >= 3_600_000) {
      u = { windowStart: t, calls: 0 };
      usage.set(token, u);
    }
    u.calls += 1;
    return Math.min(100, Math.round(faults.get().throttlePressure * 100 + (100 * u.calls) / callsPerHour));
  };

  const usageHeaders = (reply: FastifyReply, pct: number, kind: 'ads_insights' | 'ads_management' | null) => {
    const regain = pct >= 100 ? 5 : 0;
    reply.header(
      'x-app-usage',
      JSON.stringify({
        call_count: pct,
        total_cputime: Math.floor(pct / 2),
        total_time: Math.floor(pct / 2),
      }),
    );
    if (kind) {
      reply.header(
        'x-business-use-case-usage',
        JSON.stringify({
          [accountNumericId]: [
            {
              type: kind,
              call_count: pct,
              total_cputime: Math.floor(pct / 3),
              total_time: Math.floor(pct / 3),
              estimated_time_to_regain_access: regain,
              ads_api_access_tier: 'standard_access',
            },
          ],
        }),
      );
      reply.header(
        'x-ad-account-usage',
        JSON.stringify({
          acc_id_util_pct: pct,
          reset_time_duration: regain * 60,
          ads_api_access_tier: 'standard_access',
        }),
      );
      if (kind === 'ads_insights') {
        reply.header(
          'x-fb-ads-insights-throttle',
          JSON.stringify({
            app_id_util_pct: pct,
            acc_id_util_pct: pct,
            ads_api_access_tier: 'standard_access',
          }),
        );
      }
    }
  };

  /** Token + proof checks shared by every route. */
  const authenticate = (request: FastifyRequest): { token: string; scopes: string[]; type: string } => {
    const token =
      param(request, 'access_token') ??
      /^(?:Bearer|OAuth)\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!token)
      throw new GraphError(
        'An active access token must be used to query information about the current user.',
        2500,
        'OAuthException',
      );
    const info = tokenInfo(token);
    if (!info)
      throw new GraphError('Invalid OAuth access token - Cannot parse access token', 190, 'OAuthException');
    if (info.type !== 'APP') {
      const proof = param(request, 'appsecret_proof');
      if (!proof && requireProof)
        throw new GraphError(
          'API calls from the server require an appsecret_proof argument',
          100,
          'GraphMethodException',
        );
      if (proof) {
        const expected = createHmac('sha256', secrets.appSecret).update(token).digest('hex');
        const ok =
          proof.length === expected.length && timingSafeEqual(Buffer.from(proof), Buffer.from(expected));
        if (!ok)
          throw new GraphError(
            'Invalid appsecret_proof provided in the API argument',
            100,
            'GraphMethodException',
          );
      }
    }
    return { token, scopes: info.scopes, type: info.type };
  };

  const checkVersion = (request: FastifyRequest) => {
    const { version } = request.params as { version: string };
    if (!/^v\d+\.\d+$/.test(version))
      throw new GraphError(`Unknown path components: /${version}`, 2500, 'OAuthException');
  };

  const throttle = (pct: number, kind: 'ads_insights' | 'ads_management' | null) => {
    if (pct < 100) return;
    if (kind === 'ads_insights') {
      throw new GraphError(
        '(#80000) There have been too many calls from this ad-account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting#ads-insights.',
        80000,
        'OAuthException',
        2446079,
        true,
      );
    }
    if (kind === 'ads_management') {
      throw new GraphError(
        '(#80004) There have been too many calls to this ad-account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting#ads-management.',
        80004,
        'OAuthException',
        2446079,
        true,
      );
    }
    throw new GraphError('(#17) User request limit reached', 17, 'OAuthException', 2446079, true);
  };

  const send = (reply: FastifyReply, body: unknown) =>
    reply.header('content-type', 'application/json; charset=UTF-8').send(JSON.stringify(body));

  /** Wraps a handler: version, auth, usage and error mapping. */
  const route =
    (
      kind: 'ads_insights' | 'ads_management' | null,
      handler: (
        request: FastifyRequest,
        reply: FastifyReply,
        auth: { token: string; scopes: string[]; type: string },
      ) => unknown,
    ) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        checkVersion(request);
        const auth = authenticate(request);
        const pct = recordCall(auth.token);
        usageHeaders(reply, pct, kind);
        throttle(pct, kind);
        return send(reply, handler(request, reply, auth));
      } catch (error) {
        if (error instanceof GraphError) return sendError(reply, error);
        return sendError(
          reply,
          new GraphError('An unknown error has occurred.', 1, 'OAuthException', undefined, true, 500),
        );
      }
    };

  const absoluteNext = (request: FastifyRequest, after: string) => {
    const url = new URL(request.url, `${request.protocol}://${request.headers.host ?? '127.0.0.1'}`);
    url.searchParams.set('after', after);
    url.searchParams.delete('before');
    return url.toString();
  };

  const pageOf = <T>(request: FastifyRequest, items: T[], defaultLimit: number) => {
    const limitRaw = param(request, 'limit');
    const limit = limitRaw === undefined ? defaultLimit : Number(limitRaw);
    if (!Number.isInteger(limit) || limit < 1 || limit > 5000)
      throw new GraphError('(#100) param limit must be a positive integer', 100, 'OAuthException');
    const after = param(request, 'after');
    const start = after ? decodeCursor(after) : 0;
    const slice = items.slice(start, start + limit);
    const paging: Record<string, unknown> = {
      cursors: { before: encodeCursor(start), after: encodeCursor(Math.max(start, start + slice.length)) },
    };
    if (start + slice.length < items.length)
      paging.next = absoluteNext(request, encodeCursor(start + slice.length));
    if (start > 0) {
      const prev = new URL(request.url, `${request.protocol}://${request.headers.host ?? '127.0.0.1'}`);
      prev.searchParams.delete('after');
      prev.searchParams.set('before', encodeCursor(start));
      paging.previous = prev.toString();
    }
    return { data: slice, paging };
  };

  const requireAccount = (request: FastifyRequest, auth: { scopes: string[] }) => {
    const { account: id } = request.params as { account: string };
    if (`act_${id}` !== account.adAccountId) {
      throw new GraphError(
        `Unsupported get request. Object with ID 'act_${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
        100,
        'GraphMethodException',
        33,
      );
    }
    if (!auth.scopes.includes('ads_read') && !auth.scopes.includes('ads_management')) {
      throw new GraphError(
        '(#200) Ad account owner has NOT granted ads_management or ads_read permission',
        200,
        'OAuthException',
      );
    }
  };

  const zoned = (day: string, hour: number) =>
    formatZoned(
      account.timezoneName,
      localToUtcMs(account.timezoneName, parseIsoDay(day), hour * 3600),
    ).replace(/:(\d{2})$/, '$1');

  const campaignView = (c: MetaCampaign, fields: string[]) => {
    const all: Record<string, unknown> = {
      id: c.id,
      name: c.name,
      status: c.status,
      configured_status: c.status,
      effective_status: c.status,
      objective: c.objective,
      daily_budget: String(c.dailyBudgetMinor),
      budget_remaining: c.status === 'ACTIVE' ? String(Math.round(c.dailyBudgetMinor * 0.4)) : '0',
      buying_type: 'AUCTION',
      bid_strategy: 'LOWEST_COST_WITHOUT_CAP',
      special_ad_categories: [],
      start_time: zoned(c.startDay, 9),
      created_time: formatZoned(account.timezoneName, c.createdAtMs).replace(/:(\d{2})$/, '$1'),
      updated_time: zoned(c.stopDay ?? c.startDay, 10),
      account_id: accountNumericId,
    };
    if (c.stopDay) all.stop_time = zoned(c.stopDay, 23);
    const out: Record<string, unknown> = {};
    for (const f of fields) if (f === 'id' || all[f] !== undefined) out[f] = all[f];
    if (!('id' in out)) out.id = c.id;
    return out;
  };

  // ---- routes ----
  app.get(
    '/:version/me',
    route(null, (request, _reply, auth) => {
      if (auth.type === 'APP')
        throw new GraphError(
          'An active access token must be used to query information about the current user.',
          2500,
          'OAuthException',
        );
      const fields = parseFields(
        param(request, 'fields'),
        ['id', 'name', 'email', 'first_name', 'last_name'],
        'User',
        ['id', 'name'],
      );
      if (auth.type === 'PAGE')
        return Object.fromEntries(fields.map((f) => [f, f === 'id' ? page.id : page.name]));
      const all: Record<string, string> = {
        id: account.userId,
        name: account.userName,
        email: 'owner@upside-demo.example',
        first_name: 'Demo',
        last_name: 'Owner',
      };
      return Object.fromEntries(fields.map((f) => [f, all[f]]));
    }),
  );

  app.get(
    '/:version/me/accounts',
    route(null, (request, _reply, auth) => {
      if (auth.type !== 'USER')
        throw new GraphError(
          '(#100) Tried accessing nonexisting field (accounts) on node type (Page)',
          100,
          'OAuthException',
        );
      const pages = account.pages.map((p) => ({
        access_token: p.accessToken,
        category: p.category,
        category_list: [{ id: '2250', name: p.category }],
        name: p.name,
        id: p.id,
        tasks: ['ANALYZE', 'ADVERTISE', 'MESSAGING', 'MODERATE', 'CREATE_CONTENT', 'MANAGE'],
      }));
      return pageOf(request, pages, 25);
    }),
  );

  app.get(
    '/:version/me/adaccounts',
    route(null, (request, _reply, auth) => {
      if (!auth.scopes.includes('ads_read')) return { data: [] };
      const fields = parseFields(param(request, 'fields'), ACCOUNT_FIELDS, 'AdAccount', ['id']);
      const all: Record<string, unknown> = {
        id: account.adAccountId,
        account_id: accountNumericId,
        name: account.name,
        currency: account.currency,
      };
      return pageOf(request, [Object.fromEntries(fields.map((f) => [f, all[f]]))], 25);
    }),
  );

  app.get(
    '/:version/debug_token',
    route(null, (request) => {
      const input = param(request, 'input_token');
      if (!input) throw new GraphError('(#100) The parameter input_token is required', 100, 'OAuthException');
      const info = tokenInfo(input);
      if (!info) {
        return {
          data: {
            error: { code: 190, message: 'Invalid OAuth access token - Cannot parse access token' },
            is_valid: false,
            scopes: [],
          },
        };
      }
      const data: Record<string, unknown> = {
        app_id: secrets.appId,
        type: info.type,
        application: 'Upside Demo',
        data_access_expires_at: 0,
        expires_at: 0,
        is_valid: true,
        issued_at: Math.floor(parseIsoDay(store.config.startDate) * 86_400),
        scopes: info.scopes,
        granular_scopes: info.scopes.map((scope) =>
          scope === 'ads_read' || scope === 'ads_management'
            ? { scope, target_ids: [accountNumericId] }
            : { scope },
        ),
      };
      if (info.type === 'USER') data.user_id = account.userId;
      if (info.type === 'PAGE') data.profile_id = page.id;
      return { data };
    }),
  );

  app.get(
    '/:version/act_:account',
    route('ads_management', (request, _reply, auth) => {
      requireAccount(request, auth);
      const fields = parseFields(param(request, 'fields'), ACCOUNT_FIELDS, 'AdAccount', ['id']);
      const spent = store.meta.daily.reduce((s, r) => s + r.spendMinor, 0);
      const all: Record<string, unknown> = {
        id: account.adAccountId,
        account_id: accountNumericId,
        name: account.name,
        currency: account.currency,
        timezone_name: account.timezoneName,
        timezone_offset_hours_utc: -4,
        account_status: 1,
        amount_spent: String(spent),
        business_name: store.shop.name,
      };
      const out = Object.fromEntries(fields.map((f) => [f, all[f]]));
      if (!('id' in out)) out.id = account.adAccountId;
      return out;
    }),
  );

  app.get(
    '/:version/act_:account/campaigns',
    route('ads_management', (request, _reply, auth) => {
      requireAccount(request, auth);
      const fields = parseFields(param(request, 'fields'), CAMPAIGN_FIELDS, 'Campaign', ['id']);
      let campaigns = [...store.meta.campaigns].sort((a, b) => b.createdAtMs - a.createdAtMs);
      const statusFilter = param(request, 'effective_status');
      if (statusFilter) {
        let wanted: unknown;
        try {
          wanted = JSON.parse(statusFilter);
        } catch {
          throw new GraphError('(#100) param effective_status must be an array.', 100, 'OAuthException');
        }
        if (!Array.isArray(wanted))
          throw new GraphError('(#100) param effective_status must be an array.', 100, 'OAuthException');
        campaigns = campaigns.filter((c) => wanted.includes(c.status));
      }
      return pageOf(
        request,
        campaigns.map((c) => campaignView(c, fields)),
        25,
      );
    }),
  );

  app.get(
    '/:version/act_:account/insights',
    route('ads_insights', (request, _reply, auth) => {
      requireAccount(request, auth);
      const fields = parseFields(param(request, 'fields'), INSIGHT_FIELDS, 'AdsInsights', [
        'impressions',
        'spend',
      ]);
      const level = param(request, 'level') ?? 'account';
      if (!['account', 'campaign', 'adset', 'ad'].includes(level)) {
        throw new GraphError(
          '(#100) param level must be one of {ad, adset, campaign, account}',
          100,
          'OAuthException',
        );
      }
      const preset = param(request, 'date_preset');
      const rangeRaw = param(request, 'time_range');
      let since: number;
      let until: number;
      if (rangeRaw !== undefined) {
        let parsed: { since?: unknown; until?: unknown } | null = null;
        try {
          parsed = JSON.parse(rangeRaw) as { since?: unknown; until?: unknown };
        } catch {
          parsed = null;
        }
        try {
          if (!parsed || typeof parsed.since !== 'string' || typeof parsed.until !== 'string')
            throw new Error('shape');
          since = parseIsoDay(parsed.since);
          until = parseIsoDay(parsed.until);
        } catch {
          throw new GraphError(
            '(#100) param time_range must be a JSON object with since and until dates (YYYY-MM-DD)',
            100,
            'OAuthException',
          );
        }
        if (since > until)
          throw new GraphError('(#100) time_range since must be on or before until', 100, 'OAuthException');
      } else if (preset !== undefined) {
        if (!DATE_PRESETS.includes(preset)) {
          throw new GraphError(
            `(#100) date_preset must be one of the following values: ${DATE_PRESETS.join(', ')}`,
            100,
            'OAuthException',
          );
        }
        [since, until] = resolveDatePreset(preset, today, firstDataDay);
      } else {
        [since, until] = resolveDatePreset('last_30d', today, firstDataDay);
      }
      const incRaw = param(request, 'time_increment') ?? 'all_days';
      let bucketOf: (day: number) => number;
      if (incRaw === 'all_days') bucketOf = () => since;
      else if (incRaw === 'monthly') bucketOf = (d) => Math.max(since, monthStart(d));
      else {
        const n = Number(incRaw);
        if (!Number.isInteger(n) || n < 1 || n > 90) {
          throw new GraphError(
            '(#100) param time_increment must be an integer between 1 and 90, "monthly" or "all_days"',
            100,
            'OAuthException',
          );
        }
        bucketOf = (d) => since + Math.floor((d - since) / n) * n;
      }
      const bucketEnd = (start: number) => {
        if (incRaw === 'all_days') return until;
        if (incRaw === 'monthly') return Math.min(until, monthStart(start, -1) - 1);
        return Math.min(until, start + Number(incRaw) - 1);
      };
      type Acc = { campaign: MetaCampaign | null; start: number; rows: MetaDailyRow[] };
      const groups = new Map<string, Acc>();
      for (let d = since; d <= until; d += 1) {
        for (const row of rowsByDay.get(dayToIso(d)) ?? []) {
          const campaign = store.meta.campaigns[row.campaignIndex]!;
          const start = bucketOf(d);
          const key = `${start}|${level === 'account' ? '' : campaign.id}`;
          let acc = groups.get(key);
          if (!acc) {
            acc = { campaign: level === 'account' ? null : campaign, start, rows: [] };
            groups.set(key, acc);
          }
          acc.rows.push(row);
        }
      }
      const ordered = [...groups.values()].sort(
        (a, b) => a.start - b.start || (a.campaign?.index ?? 0) - (b.campaign?.index ?? 0),
      );
      const currency = account.currency;
      const data = ordered.map((g) => {
        const spend = g.rows.reduce((s, r) => s + r.spendMinor, 0);
        const impressions = g.rows.reduce((s, r) => s + r.impressions, 0);
        const clicks = g.rows.reduce((s, r) => s + r.clicks, 0);
        const reach = g.rows.reduce((s, r) => s + r.reach, 0);
        const purchases = g.rows.reduce((s, r) => s + r.reportedPurchases, 0);
        const value = g.rows.reduce((s, r) => s + r.reportedPurchaseValueMinor, 0);
        const c = g.campaign;
        const adset = c ? `1203${c.id.slice(4)}` : null;
        const ad = c ? `1204${c.id.slice(4)}` : null;
        const purchaseTypes = [
          'purchase',
          'omni_purchase',
          'offsite_conversion.fb_pixel_purchase',
          'onsite_web_purchase',
        ];
        const all: Record<string, unknown> = {
          account_currency: currency,
          account_id: accountNumericId,
          account_name: account.name,
          campaign_id: c?.id,
          campaign_name: c?.name,
          adset_id: level === 'adset' || level === 'ad' ? adset : undefined,
          adset_name: level === 'adset' || level === 'ad' ? `${c?.name} – Ad set` : undefined,
          ad_id: level === 'ad' ? ad : undefined,
          ad_name: level === 'ad' ? `${c?.name} – Ad` : undefined,
          objective: c?.objective,
          spend: formatFixed(spend, currency),
          impressions: String(impressions),
          clicks: String(clicks),
          inline_link_clicks: String(Math.round(clicks * 0.82)),
          reach: String(reach),
          frequency: reach > 0 ? String(impressions / reach) : undefined,
          cpc: clicks > 0 ? String(spend / 100 / clicks) : undefined,
          cpm: impressions > 0 ? String((spend / 100 / impressions) * 1000) : undefined,
          ctr: impressions > 0 ? String((clicks / impressions) * 100) : undefined,
          actions:
            clicks + purchases > 0
              ? [
                  ...(clicks > 0
                    ? [{ action_type: 'link_click', value: String(Math.round(clicks * 0.82)) }]
                    : []),
                  ...(purchases > 0
                    ? purchaseTypes.map((action_type) => ({ action_type, value: String(purchases) }))
                    : []),
                ]
              : undefined,
          action_values:
            purchases > 0
              ? purchaseTypes.map((action_type) => ({ action_type, value: formatFixed(value, currency) }))
              : undefined,
          cost_per_action_type:
            purchases > 0
              ? [{ action_type: 'omni_purchase', value: String(spend / 100 / purchases) }]
              : undefined,
          purchase_roas:
            purchases > 0 && spend > 0
              ? [{ action_type: 'omni_purchase', value: String(Math.round((value / spend) * 1e6) / 1e6) }]
              : undefined,
          date_start: dayToIso(g.start),
          date_stop: dayToIso(bucketEnd(g.start)),
        };
        const out: Record<string, unknown> = {};
        for (const f of fields) if (all[f] !== undefined) out[f] = all[f];
        out.date_start = all.date_start;
        out.date_stop = all.date_stop;
        return out;
      });
      return pageOf(request, data, 25);
    }),
  );

  app.get(
    '/:version/:node/insights',
    route(null, (request, _reply, auth) => {
      const { node } = request.params as { node: string };
      if (node !== page.id) {
        throw new GraphError(
          `Unsupported get request. Object with ID '${node}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
          100,
          'GraphMethodException',
          33,
        );
      }
      if (auth.type !== 'PAGE')
        throw new GraphError(
          '(#190) This method must be called with a Page Access Token',
          190,
          'OAuthException',
        );
      const metrics = (param(request, 'metric') ?? '')
        .split(',')
        .map((m) => m.trim())
        .filter(Boolean);
      if (metrics.length === 0)
        throw new GraphError('(#100) The value must be a valid insights metric', 100, 'OAuthException');
      for (const m of metrics)
        if (!PAGE_METRICS.includes(m))
          throw new GraphError('(#100) The value must be a valid insights metric', 100, 'OAuthException');
      const period = param(request, 'period') ?? 'day';
      if (period !== 'day')
        throw new GraphError(
          '(#100) param period must be one of {day, week, days_28}',
          100,
          'OAuthException',
        );
      const toDay = (v: string | undefined, fallback: number) => {
        if (v === undefined) return fallback;
        if (/^\d+$/.test(v)) return Math.floor(Number(v) / 86_400);
        try {
          return parseIsoDay(v);
        } catch {
          throw new GraphError(`(#100) Invalid date: ${v}`, 100, 'OAuthException');
        }
      };
      const until = toDay(param(request, 'until'), today);
      const since = toDay(param(request, 'since'), until - 2);
      if (until - since > 90)
        throw new GraphError(
          '(#100) There cannot be more than 90 days (7776000 s) between since and until',
          100,
          'OAuthException',
        );
      const data = metrics.map((name, k) => {
        const values: { value: number; end_time: string }[] = [];
        for (let d = since; d < until; d += 1) {
          const rows = rowsByDay.get(dayToIso(d)) ?? [];
          const paid = rows.reduce((s, r) => s + r.impressions, 0);
          const base = Math.round(paid * 0.06 + 400 + ((d * 7919 + k * 104_729) % 97));
          const value = name.includes('engagement')
            ? Math.round(base * 0.04)
            : name.includes('follow')
              ? Math.round(base * 0.002)
              : name === 'page_views_total'
                ? Math.round(base * 0.08)
                : base;
          values.push({ value, end_time: `${dayToIso(d + 1)}T07:00:00+0000` });
        }
        return {
          name,
          period,
          values,
          title: `Daily ${name.replace(/^page_/, '').replaceAll('_', ' ')}`,
          description: `Daily: ${name}`,
          id: `${page.id}/insights/${name}/${period}`,
        };
      });
      const windowUrl = (from: number, to: number) => {
        const url = new URL(request.url, `${request.protocol}://${request.headers.host ?? '127.0.0.1'}`);
        url.searchParams.set('since', String(from * 86_400));
        url.searchParams.set('until', String(to * 86_400));
        return url.toString();
      };
      const span = Math.max(1, until - since);
      return {
        data,
        paging: { previous: windowUrl(since - span, since), next: windowUrl(until, until + span) },
      };
    }),
  );

  app.decorate('faults', faults);
  return app as unknown as MetaEmulator;
}
