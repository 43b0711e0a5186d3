/**
 * Meta Graph / Marketing API emulator (contract doc §3): one Fastify instance, not listening.
 * Base URL `http://HOST:PORT`, paths `/{version}/…` (any `vNN.N`). `access_token` in the query
 * (or body), `appsecret_proof` = hex HMAC-SHA256(app secret, token) required. Errors use the Graph
 * error body (`{ error: { message, type, code, error_subcode?, fbtrace_id } }`, HTTP 400).
 * "Today" for date presets is the store's end date in the account time zone.
 */
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { formatZoned, localToUtcMs, parseIsoDay } from '../../calendar.ts';
import type { MetaCampaign } from '../../meta-model.ts';
import { FaultController, installFaults } from '../faults.ts';
import { listAds } from './ads.ts';
import { createGraphContext, type MetaEmulatorOptions } from './graph-context.ts';
import { GraphError, param, parseFields } from './graph-request.ts';
import { adAccountInsights } from './insights.ts';
import { pageInsights } from './page-insights.ts';

export interface MetaEmulatorExtras {
  faults: FaultController;
}

export type MetaEmulator = FastifyInstance & MetaEmulatorExtras;

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

export function buildMetaEmulator(opts: MetaEmulatorOptions): MetaEmulator {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  const faults = new FaultController(opts.faults, opts.faultSeed ?? 33);
  const ctx = createGraphContext(opts, faults);
  const {
    store,
    account,
    accountNumericId,
    secrets,
    page,
    tokenInfo,
    sendError,
    route,
    pageOf,
    requireAccount,
  } = ctx;

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
    '/:version/act_:account/ads',
    route('ads_management', (request, _reply, auth) => {
      requireAccount(request, auth);
      return listAds(ctx, request);
    }),
  );

  app.get(
    '/:version/act_:account/insights',
    route('ads_insights', (request, _reply, auth) => {
      requireAccount(request, auth);
      return adAccountInsights(ctx, request);
    }),
  );

  app.get(
    '/:version/:node/insights',
    route(null, (request, _reply, auth) => pageInsights(ctx, request, auth)),
  );

  app.decorate('faults', faults);
  return app as unknown as MetaEmulator;
}
