/**
 * Google Ads API emulator (contracts/external-apis-2.md §1): one Fastify instance, not listening.
 * `POST /token` (refresh-token grant), `GET /{v}/customers:listAccessibleCustomers`,
 * `POST /{v}/customers/{cid}/googleAds:search|searchStream` (paths with a literal `:` are routed by
 * regex) over the demo ad-platform plan, `ad_group_ad` and `asset` over its ads, and `click_view` over the clicks it is given. Bearer tokens it issued are required; `login-customer-id`
 * must name the manager when sent; errors are google.rpc.Status bodies with a GoogleAdsFailure.
 * Account state knobs (`state`): a revoked refresh token, a Cloud project without production
 * access. `faults.throttlePressure` answers quota errors (1 = the daily quota is used up).
 */
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { PlannedAds } from '../../ad-platforms/plan-ad-platform-ads.ts';
import type { PlannedAdAccount, PlannedDay } from '../../ad-platforms/plan-ad-platforms.ts';
import type { PlannedClick } from '../../ad-platforms/plan-google-clicks.ts';
import { Rng } from '../../prng.ts';
import { FaultController, type FaultSettings, installFaults } from '../faults.ts';
import { indexAdRows } from './ad-rows.ts';
import { type GaqlQuery, parseGaql, projector } from './gaql.ts';

export interface GoogleAdsEmulatorOptions {
  account: PlannedAdAccount;
  oauth: { clientId: string; clientSecret: string; refreshToken: string };
  /** the manager (MCC) account that links the customer; `login-customer-id` may name it */
  managerId: string;
  /** the account's clicks that `click_view` names (the demo store's sessions that carry a gclid) */
  clicks?: readonly PlannedClick[];
  /** the account's ads and their days (`ad_group_ad`, `asset`); none when absent */
  ads?: PlannedAds;
  faults?: Partial<FaultSettings>;
  faultSeed?: number;
}

export interface GoogleAdsEmulatorState {
  refreshTokenRevoked: boolean;
  cloudProjectApproved: boolean;
  /** the signed-in Google account lost its access to the demo customer (USER_PERMISSION_DENIED) */
  customerAccessRevoked: boolean;
}

export type GoogleAdsEmulator = FastifyInstance & {
  faults: FaultController;
  state: GoogleAdsEmulatorState;
  /** searchStream/search calls answered, for tests and benches */
  calls: { reports: number };
  /**
   * Google attributing conversions to a past day late (the sync re-reads 30 days for them): adds
   * them to the campaign's day and to its first ad group's.
   */
  restate(date: string, campaignId: string, conversions: number, valueMinor: number): void;
};

const PAGE_ROWS = 10_000;

/** A google.rpc.Status body carrying one GoogleAdsError (§1.4). */
export function googleAdsErrorBody(
  code: number,
  status: string,
  category: string,
  reason: string,
  message: string,
  details?: Record<string, unknown>,
) {
  return {
    error: {
      code,
      message: code === 400 ? 'Request contains an invalid argument.' : message,
      status,
      details: [
        {
          '@type': 'type.googleapis.com/google.ads.googleads.v26.errors.GoogleAdsFailure',
          errors: [{ errorCode: { [category]: reason }, message, ...(details ? { details } : {}) }],
          requestId: 'emulator',
        },
      ],
    },
  };
}

type FullRow = Record<string, Record<string, unknown>>;

function indexRows(account: PlannedAdAccount, clicks: readonly PlannedClick[]) {
  const campaigns = new Map(account.campaigns.map((c) => [c.id, c]));
  const micros = (minor: number) => String(minor * 10_000);
  const row = (day: PlannedDay, withGroup: boolean, sum: PlannedDay): FullRow => {
    const c = campaigns.get(day.campaignId);
    const group = c?.adGroups.find((g) => g.id === day.adGroupId);
    return {
      segments: { date: day.date },
      campaign: {
        resourceName: `customers/${account.accountId}/campaigns/${day.campaignId}`,
        id: day.campaignId,
        name: c?.name,
        advertisingChannelType: c?.type,
        status: c?.status,
        finalUrlSuffix: c?.finalUrlSuffix,
        trackingUrlTemplate: '{lpurl}',
      },
      ...(withGroup ? { adGroup: { id: day.adGroupId, name: group?.name, status: 'ENABLED' } } : {}),
      metrics: {
        costMicros: micros(sum.spendMinor),
        impressions: String(sum.impressions),
        clicks: String(sum.clicks),
        conversions: sum.conversions,
        conversionsValue: sum.conversionValueMinor / 100,
      },
    };
  };
  const byDate = {
    campaign: new Map<string, FullRow[]>(),
    ad_group: new Map<string, FullRow[]>(),
    click_view: new Map<string, FullRow[]>(),
  };
  for (const click of clicks) {
    const list = byDate.click_view.get(click.date) ?? [];
    list.push({
      segments: { date: click.date },
      clickView: {
        resourceName: `customers/${account.accountId}/clickViews/${click.date}~${click.gclid}`,
        gclid: click.gclid,
      },
      campaign: {
        resourceName: `customers/${account.accountId}/campaigns/${click.campaignId}`,
        id: click.campaignId,
      },
      adGroup: { id: click.adGroupId },
    });
    byDate.click_view.set(click.date, list);
  }
  const totals = new Map<string, PlannedDay>();
  for (const day of account.days) {
    const list = byDate.ad_group.get(day.date) ?? [];
    list.push(row(day, true, day));
    byDate.ad_group.set(day.date, list);
    const key = `${day.date}|${day.campaignId}`;
    const t = totals.get(key);
    if (t) {
      t.spendMinor += day.spendMinor;
      t.impressions += day.impressions;
      t.clicks += day.clicks;
      t.conversions += day.conversions;
      t.conversionValueMinor += day.conversionValueMinor;
    } else totals.set(key, { ...day });
  }
  for (const sum of totals.values()) {
    const list = byDate.campaign.get(sum.date) ?? [];
    list.push(row(sum, false, sum));
    byDate.campaign.set(sum.date, list);
  }
  return byDate;
}

export function buildGoogleAdsEmulator(opts: GoogleAdsEmulatorOptions): GoogleAdsEmulator {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  const faults = new FaultController(opts.faults, opts.faultSeed ?? 61);
  const state: GoogleAdsEmulatorState = {
    refreshTokenRevoked: false,
    cloudProjectApproved: true,
    customerAccessRevoked: false,
  };
  const calls = { reports: 0 };
  const rng = new Rng(opts.faultSeed ?? 61);
  const { account } = opts;
  const rows = indexRows(account, opts.clicks ?? []);
  const adRows = indexAdRows(account.accountId, opts.ads);
  const issued = new Set<string>();
  let tokenCounter = 0;

  const fail = (reply: FastifyReply, body: ReturnType<typeof googleAdsErrorBody>) =>
    reply.code(body.error.code).send(body);

  app.register(formbody);
  installFaults(app, faults, (reply) =>
    fail(
      reply,
      googleAdsErrorBody(500, 'INTERNAL', 'internalError', 'INTERNAL_ERROR', 'Internal error encountered.'),
    ),
  );

  app.post('/token', async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, string | undefined>;
    if (form.client_id !== opts.oauth.clientId || form.client_secret !== opts.oauth.clientSecret)
      return reply
        .code(401)
        .send({ error: 'invalid_client', error_description: 'The OAuth client was not found.' });
    if (form.grant_type !== 'refresh_token')
      return reply
        .code(400)
        .send({ error: 'unsupported_grant_type', error_description: 'Invalid grant_type.' });
    if (form.refresh_token !== opts.oauth.refreshToken || state.refreshTokenRevoked)
      return reply
        .code(400)
        .send({ error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
    tokenCounter += 1;
    const token = `ya29.emulator-${tokenCounter}`;
    issued.add(token);
    return {
      access_token: token,
      expires_in: 3599,
      token_type: 'Bearer',
      scope: 'https://www.googleapis.com/auth/adwords',
    };
  });

  /** Checks token, Cloud project and quota; answers the error and returns false when one fails. */
  const admit = (request: FastifyRequest, reply: FastifyReply): boolean => {
    const token = (request.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
    if (!issued.has(token)) {
      fail(
        reply,
        googleAdsErrorBody(
          401,
          'UNAUTHENTICATED',
          'authenticationError',
          'OAUTH_TOKEN_INVALID',
          'Oauth token is invalid.',
        ),
      );
      return false;
    }
    if (!state.cloudProjectApproved) {
      fail(
        reply,
        googleAdsErrorBody(
          403,
          'PERMISSION_DENIED',
          'authorizationError',
          'CLOUD_PROJECT_NOT_APPROVED_FOR_PRODUCTION',
          'The Google Cloud project is not approved for use with production accounts.',
        ),
      );
      return false;
    }
    const pressure = faults.get().throttlePressure;
    if (pressure >= 1 || (pressure > 0 && rng.next() < pressure)) {
      const daily = pressure >= 1;
      fail(
        reply,
        googleAdsErrorBody(
          429,
          'RESOURCE_EXHAUSTED',
          'quotaError',
          daily ? 'RESOURCE_EXHAUSTED' : 'RESOURCE_TEMPORARILY_EXHAUSTED',
          daily ? 'Too many requests. Retry in 43200 seconds.' : 'Too many requests. Retry in 1 seconds.',
          {
            quotaErrorDetails: {
              rateScope: daily ? 'DEVELOPER' : 'ACCOUNT',
              rateName: daily ? 'Number of operations for basic access' : 'Requests per customer',
              retryDelay: daily ? '43200s' : '1s',
            },
          },
        ),
      );
      return false;
    }
    return true;
  };

  const report = (query: GaqlQuery): FullRow[] => {
    if (query.resource === 'customer') {
      return [
        {
          customer: {
            resourceName: `customers/${account.accountId}`,
            id: account.accountId,
            descriptiveName: account.name,
            currencyCode: account.currency,
            timeZone: account.timeZone,
            manager: false,
          },
        },
      ];
    }
    if (query.resource === 'asset') return adRows.assets;
    if (query.resource === 'ad_group_ad' && !query.since) return adRows.attributes;
    const out: FullRow[] = [];
    const index = query.resource === 'ad_group_ad' ? adRows.byDate : rows[query.resource];
    // the index was filled in date order (the plan's days are sorted)
    for (const [date, list] of index) {
      if (query.since && date < query.since) continue;
      if (query.until && date > query.until) continue;
      out.push(...list);
    }
    return query.limit === null ? out : out.slice(0, query.limit);
  };

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    if (/^\/v\d+\/customers:listAccessibleCustomers$/.test(path) && request.method === 'GET') {
      if (!admit(request, reply)) return reply;
      return { resourceNames: [`customers/${opts.managerId}`] };
    }
    const match = /^\/v\d+\/customers\/(\d+)\/googleAds:(search|searchStream)$/.exec(path);
    if (!match || request.method !== 'POST')
      return fail(
        reply,
        googleAdsErrorBody(
          404,
          'NOT_FOUND',
          'requestError',
          'UNKNOWN_OR_UNSUPPORTED_PATH',
          `Unknown path ${path}`,
        ),
      );
    if (!admit(request, reply)) return reply;
    const login = request.headers['login-customer-id'];
    if (
      match[1] !== account.accountId ||
      state.customerAccessRevoked ||
      (login !== undefined && login !== opts.managerId)
    ) {
      const combination = match[1] === account.accountId && !state.customerAccessRevoked;
      return fail(
        reply,
        googleAdsErrorBody(
          403,
          'PERMISSION_DENIED',
          'authorizationError',
          combination
            ? 'INVALID_LOGIN_CUSTOMER_ID_SERVING_CUSTOMER_ID_COMBINATION'
            : 'USER_PERMISSION_DENIED',
          combination
            ? 'The login customer id is not a manager of the serving customer.'
            : "User doesn't have permission to access customer. Note: If you're accessing a client customer, the manager's customer id must be set in the 'login-customer-id' header.",
        ),
      );
    }
    const body = (request.body ?? {}) as { query?: unknown; pageToken?: unknown; pageSize?: unknown };
    if (body.pageSize !== undefined)
      return fail(
        reply,
        googleAdsErrorBody(
          400,
          'INVALID_ARGUMENT',
          'requestError',
          'PAGE_SIZE_NOT_SUPPORTED',
          'Setting the page size is not supported.',
        ),
      );
    const query = typeof body.query === 'string' ? parseGaql(body.query) : { error: 'Empty query.' };
    if ('error' in query)
      return fail(
        reply,
        googleAdsErrorBody(
          400,
          'INVALID_ARGUMENT',
          'queryError',
          'PROHIBITED_RESOURCE_TYPE_IN_SELECT_CLAUSE',
          query.error,
        ),
      );
    calls.reports += 1;
    const all = report(query).map(projector(query.fields));
    const fieldMask = query.fields.join(',');
    if (match[2] === 'searchStream') {
      const batches = [];
      for (let start = 0; start === 0 || start < all.length; start += PAGE_ROWS)
        batches.push({
          results: all.slice(start, start + PAGE_ROWS),
          fieldMask,
          requestId: `emulator-${calls.reports}`,
        });
      return batches;
    }
    const offset = typeof body.pageToken === 'string' ? Number(body.pageToken) || 0 : 0;
    const next = offset + PAGE_ROWS;
    return {
      results: all.slice(offset, next),
      fieldMask,
      ...(next < all.length ? { nextPageToken: String(next) } : {}),
    };
  };
  app.get('/*', handle);
  app.post('/*', handle);

  const restate = (date: string, campaignId: string, conversions: number, valueMinor: number) => {
    for (const level of ['campaign', 'ad_group'] as const) {
      const found = rows[level].get(date)?.find((r) => r.campaign!.id === campaignId);
      if (!found) throw new Error(`no ${level} row of campaign ${campaignId} on ${date}`);
      found.metrics!.conversions = Number(found.metrics!.conversions) + conversions;
      found.metrics!.conversionsValue = Number(found.metrics!.conversionsValue) + valueMinor / 100;
    }
  };
  return Object.assign(app, { faults, state, calls, restate });
}
