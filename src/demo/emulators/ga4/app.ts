/**
 * GA4 Data API v1beta emulator (contract doc §2): one Fastify instance, not listening.
 *
 * - POST `/token`: JWT-bearer grant; the RS256 assertion is verified against the demo service
 *   account's public key, `iss` must be its client_email and `aud` this endpoint's own URL.
 * - POST `/v1beta/properties/{id}:runReport` and `:batchRunReports`; GET `…/{id}/metadata`.
 *   `Authorization: Bearer` takes a token from /token (or a self-signed service-account JWT, the
 *   way @google-analytics/data authenticates). Errors are google.rpc.Status bodies.
 * The literal `:` in the path is matched with a wildcard route and a regular expression.
 */
import { createPublicKey, createVerify, type KeyObject, randomBytes } from 'node:crypto';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { DAY_MS } from '../../../shared/calendar.ts';
import { parseIsoDay } from '../../calendar.ts';
import { DEMO_SECRETS, getDemoServiceAccountKeys } from '../../credentials.ts';
import type { DemoStore } from '../../model.ts';
import { FaultController, type FaultSettings, installFaults } from '../faults.ts';
import { type RunReportRequest, runReport } from './report.ts';
import { ReportError } from './report-error.ts';
import { metadataFor } from './report-schema.ts';

export interface Ga4EmulatorOptions {
  store: DemoStore;
  faults?: Partial<FaultSettings>;
  /** PEM of the service account's public key (default: the demo key pair of this process). */
  publicKeyPem?: string;
  now?: () => number;
  faultSeed?: number;
  /** Tokens per hour for the property quota (GA4 standard: 40,000). */
  tokensPerHour?: number;
  /** The property's currency (report metadata); default the shop's. The figures are not rescaled. */
  currencyCode?: string;
}

export interface Ga4EmulatorExtras {
  faults: FaultController;
}

export type Ga4Emulator = FastifyInstance & Ga4EmulatorExtras;

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const SCOPES = [
  'https://www.googleapis.com/auth/analytics.readonly',
  'https://www.googleapis.com/auth/analytics',
];
const PERMISSION_DENIED =
  'User does not have sufficient permissions for this property. To learn more about Property ID, see https://developers.google.com/analytics/devguides/reporting/data/v1/property-id.';
const UNAUTHENTICATED =
  'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.';

function rpcError(reply: FastifyReply, httpStatus: number, status: string, message: string): FastifyReply {
  return reply
    .code(httpStatus)
    .header('content-type', 'application/json; charset=UTF-8')
    .send(JSON.stringify({ error: { code: httpStatus, message, status } }));
}

function oauthError(reply: FastifyReply, status: number, error: string, description: string): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'application/json; charset=utf-8')
    .send(JSON.stringify({ error, error_description: description }));
}

function decodeSegment(segment: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Verifies an RS256 JWT; returns its claims or an error description. */
function verifyJwt(token: string, key: KeyObject): { claims: Record<string, unknown> } | { error: string } {
  const parts = token.split('.');
  if (parts.length !== 3) return { error: 'Invalid JWT: the assertion is not a JWT.' };
  const header = decodeSegment(parts[0]!);
  const claims = decodeSegment(parts[1]!);
  if (!header || !claims) return { error: 'Invalid JWT: the assertion could not be decoded.' };
  if (header.alg !== 'RS256') return { error: 'Invalid JWT: only RS256 signatures are accepted.' };
  const verifier = createVerify('RSA-SHA256');
  verifier.update(`${parts[0]}.${parts[1]}`);
  if (!verifier.verify(key, Buffer.from(parts[2]!, 'base64url'))) return { error: 'Invalid JWT Signature.' };
  return { claims };
}

export function buildGa4Emulator(opts: Ga4EmulatorOptions): Ga4Emulator {
  const now = opts.now ?? Date.now;
  const app = Fastify({ logger: false, bodyLimit: 1_048_576, forceCloseConnections: true });
  const faults = new FaultController(opts.faults, opts.faultSeed ?? 22);
  const publicKey = createPublicKey(opts.publicKeyPem ?? getDemoServiceAccountKeys().publicKeyPem);
  const secrets = DEMO_SECRETS.ga4;
  const tokens = new Map<string, number>();
  const tokensPerHour = opts.tokensPerHour ?? 40_000;
  const tokensPerDay = tokensPerHour * 5;
  const quota = { hourStart: now(), hourUsed: 0, dayStart: now(), dayUsed: 0 };
  const context = {
    facts: opts.store.ga4,
    todayDay: parseIsoDay(opts.store.config.endDate),
    currencyCode: opts.currencyCode ?? opts.store.shop.currencyCode,
    timeZone: opts.store.shop.ianaTimezone,
  };

  app.register(formbody);
  installFaults(app, faults, (reply) =>
    rpcError(reply, 503, 'UNAVAILABLE', 'The service is currently unavailable.'),
  );
  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (request.url.startsWith('/token'))
      return oauthError(reply, 400, 'invalid_request', 'The request body could not be read.');
    if (status === 500) return rpcError(reply, 500, 'INTERNAL', 'Internal error encountered.');
    return rpcError(reply, 400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
  });
  app.setNotFoundHandler((request, reply) =>
    rpcError(
      reply,
      404,
      'NOT_FOUND',
      `The requested URL ${request.url.split('?')[0]} was not found on this server.`,
    ),
  );

  const ownTokenUri = (request: FastifyRequest) =>
    `${request.protocol}://${request.headers.host ?? '127.0.0.1'}/token`;

  app.post('/token', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (body.grant_type !== JWT_BEARER) {
      return oauthError(
        reply,
        400,
        'unsupported_grant_type',
        `Invalid grant_type: ${String(body.grant_type ?? '')}`,
      );
    }
    if (typeof body.assertion !== 'string')
      return oauthError(reply, 400, 'invalid_request', 'Missing required parameter: assertion');
    const verified = verifyJwt(body.assertion, publicKey);
    if ('error' in verified) return oauthError(reply, 400, 'invalid_grant', verified.error);
    const { claims } = verified;
    if (claims.iss !== secrets.clientEmail)
      return oauthError(reply, 400, 'invalid_grant', 'Invalid grant: account not found');
    const expected = ownTokenUri(request);
    if (claims.aud !== expected) {
      return oauthError(
        reply,
        400,
        'invalid_grant',
        `Invalid JWT: Failed audience check. The expected audience is ${expected}.`,
      );
    }
    const nowSec = Math.floor(now() / 1000);
    const iat = Number(claims.iat);
    const exp = Number(claims.exp);
    if (
      !Number.isFinite(iat) ||
      !Number.isFinite(exp) ||
      exp <= nowSec ||
      exp - iat > 3600 ||
      iat > nowSec + 300
    ) {
      return oauthError(
        reply,
        400,
        'invalid_grant',
        'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.',
      );
    }
    const scopes = String(claims.scope ?? '').split(/\s+/);
    if (!scopes.some((s) => SCOPES.includes(s))) {
      return oauthError(reply, 400, 'invalid_scope', 'Invalid OAuth scope or ID token audience provided.');
    }
    const token = `ya29.demo-${randomBytes(24).toString('base64url')}`;
    tokens.set(token, now() + 3_599_000);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .send(JSON.stringify({ access_token: token, expires_in: 3599, token_type: 'Bearer' }));
  });

  /** Accepts tokens from /token and self-signed service-account JWTs. */
  const authenticated = (request: FastifyRequest): boolean => {
    const header = request.headers.authorization;
    if (typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
    const token = header.slice(7).trim();
    const expiry = tokens.get(token);
    if (expiry !== undefined) return expiry > now();
    if (token.split('.').length === 3) {
      const verified = verifyJwt(token, publicKey);
      if ('error' in verified) return false;
      const exp = Number(verified.claims.exp);
      return verified.claims.iss === secrets.clientEmail && Number.isFinite(exp) && exp * 1000 > now();
    }
    return false;
  };

  /** Charges the property quota; returns the quota block or null when exhausted. */
  const charge = (cost: number) => {
    const t = now();
    if (t - quota.hourStart >= 3_600_000) {
      quota.hourStart = t;
      quota.hourUsed = 0;
    }
    if (t - quota.dayStart >= DAY_MS) {
      quota.dayStart = t;
      quota.dayUsed = 0;
    }
    const pressure = faults.get().throttlePressure;
    const pressed = Math.floor(tokensPerHour * pressure);
    if (quota.hourUsed + pressed + cost > tokensPerHour) return null;
    quota.hourUsed += cost;
    quota.dayUsed += cost;
    const hourConsumed = quota.hourUsed + pressed;
    return {
      tokensPerDay: { consumed: cost, remaining: Math.max(0, tokensPerDay - quota.dayUsed - pressed) },
      tokensPerHour: { consumed: cost, remaining: Math.max(0, tokensPerHour - hourConsumed) },
      concurrentRequests: { consumed: 0, remaining: 10 },
      serverErrorsPerProjectPerHour: { consumed: 0, remaining: 10 },
      potentiallyThresholdedRequestsPerHour: { consumed: 0, remaining: 120 },
      tokensPerProjectPerHour: {
        consumed: cost,
        remaining: Math.max(0, Math.floor(tokensPerHour * 0.35) - hourConsumed),
      },
    };
  };

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const rest = (request.params as { '*': string })['*'] ?? '';
    const match = /^(\d+)(?::(runReport|batchRunReports)|\/(metadata))$/.exec(rest);
    if (!match)
      return rpcError(
        reply,
        404,
        'NOT_FOUND',
        `The requested URL ${request.url.split('?')[0]} was not found on this server.`,
      );
    const [, propertyId, method, metadata] = match;
    const isGet = request.method === 'GET';
    if ((metadata && !isGet) || (method && isGet)) {
      return rpcError(
        reply,
        404,
        'NOT_FOUND',
        `The requested URL ${request.url.split('?')[0]} was not found on this server.`,
      );
    }
    if (!authenticated(request)) return rpcError(reply, 401, 'UNAUTHENTICATED', UNAUTHENTICATED);
    if (propertyId !== secrets.propertyId)
      return rpcError(reply, 403, 'PERMISSION_DENIED', PERMISSION_DENIED);
    if (metadata) {
      return reply
        .header('content-type', 'application/json; charset=UTF-8')
        .send(JSON.stringify(metadataFor(propertyId!)));
    }
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      return rpcError(reply, 400, 'INVALID_ARGUMENT', 'Invalid JSON payload received. Expected an object.');
    }
    const requests: RunReportRequest[] =
      method === 'batchRunReports'
        ? Array.isArray((body as { requests?: unknown }).requests)
          ? ((body as { requests: RunReportRequest[] }).requests ?? [])
          : []
        : [body as RunReportRequest];
    if (method === 'batchRunReports') {
      if (requests.length === 0)
        return rpcError(reply, 400, 'INVALID_ARGUMENT', 'requests must contain at least one request.');
      if (requests.length > 5)
        return rpcError(reply, 400, 'INVALID_ARGUMENT', 'Batch requests are limited to 5 requests.');
      for (const r of requests) {
        if (!r || typeof r !== 'object')
          return rpcError(reply, 400, 'INVALID_ARGUMENT', 'Each request must be an object.');
        if (r.property && r.property !== `properties/${propertyId}`) {
          return rpcError(
            reply,
            400,
            'INVALID_ARGUMENT',
            'Each request property must be empty or match the batch property.',
          );
        }
      }
    }
    try {
      const reports = requests.map((r) => runReport(r, context));
      const quotaBlock = charge(5 * requests.length);
      if (!quotaBlock) {
        return rpcError(
          reply,
          429,
          'RESOURCE_EXHAUSTED',
          'Exhausted property tokens per hour for this property. Wait an hour before sending more requests.',
        );
      }
      requests.forEach((r, i) => {
        if (r.returnPropertyQuota) reports[i]!.propertyQuota = quotaBlock;
      });
      const payload =
        method === 'batchRunReports' ? { reports, kind: 'analyticsData#batchRunReports' } : reports[0];
      return reply.header('content-type', 'application/json; charset=UTF-8').send(JSON.stringify(payload));
    } catch (error) {
      if (error instanceof ReportError) return rpcError(reply, error.httpStatus, error.status, error.message);
      return rpcError(reply, 500, 'INTERNAL', 'Internal error encountered.');
    }
  };
  app.post('/v1beta/properties/*', handle);
  app.get('/v1beta/properties/*', handle);

  app.decorate('faults', faults);
  return app as unknown as Ga4Emulator;
}
