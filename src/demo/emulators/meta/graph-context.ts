/**
 * What every Meta emulator route shares: the store's account and page, the tokens it knows, the
 * Graph error body, and `route` (version, token and proof checks, usage, error mapping) and
 * `pageOf` (cursor paging).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseIsoDay } from '../../calendar.ts';
import { DEMO_SECRETS } from '../../credentials.ts';
import type { MetaAdDailyRow, MetaDailyRow } from '../../meta-model.ts';
import type { DemoStore } from '../../model.ts';
import type { FaultController, FaultSettings } from '../faults.ts';
import { decodeCursor, encodeCursor, GraphError, param } from './graph-request.ts';
import { createUsageMeter, type UsageKind } from './usage.ts';

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

export interface GraphAuth {
  token: string;
  scopes: string[];
  type: string;
}

export type GraphContext = ReturnType<typeof createGraphContext>;

export function createGraphContext(opts: MetaEmulatorOptions, faults: FaultController) {
  const now = opts.now ?? Date.now;
  const store = opts.store;
  const account = store.meta.account;
  const accountNumericId = account.adAccountId.replace(/^act_/, '');
  const secrets = DEMO_SECRETS.meta;
  const requireProof = opts.requireAppSecretProof ?? true;
  const page = account.pages[0]!;
  const today = parseIsoDay(store.config.endDate);
  const firstDataDay = parseIsoDay(store.config.startDate);
  const meter = createUsageMeter(now, opts.callsPerHour ?? 2000, faults, accountNumericId);
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

  const adRowsByDay = new Map<string, MetaAdDailyRow[]>();
  for (const row of store.meta.adDaily) {
    const list = adRowsByDay.get(row.day) ?? [];
    list.push(row);
    adRowsByDay.set(row.day, list);
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

  /** Token + proof checks shared by every route. */
  const authenticate = (request: FastifyRequest): GraphAuth => {
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

  const send = (reply: FastifyReply, body: unknown) =>
    reply.header('content-type', 'application/json; charset=UTF-8').send(JSON.stringify(body));

  /** Wraps a handler: version, auth, usage and error mapping. */
  const route =
    (kind: UsageKind, handler: (request: FastifyRequest, reply: FastifyReply, auth: GraphAuth) => unknown) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        checkVersion(request);
        const auth = authenticate(request);
        const pct = meter.recordCall(auth.token);
        meter.usageHeaders(reply, pct, kind);
        meter.throttle(pct, kind);
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

  return {
    store,
    account,
    accountNumericId,
    secrets,
    page,
    today,
    firstDataDay,
    rowsByDay,
    adRowsByDay,
    tokenInfo,
    sendError,
    route,
    pageOf,
    requireAccount,
  };
}
