/**
 * Shopify Admin GraphQL emulator (contract doc §1): one Fastify instance, not listening.
 *
 * Routes (base URL = `http://HOST:PORT/store/{shopDomain}`):
 * - POST `{base}/admin/api/{version}/graphql.json` — graphql-js over the SDL subset, with
 *   `X-Shopify-Access-Token`, cost-based throttling (`extensions.cost`), THROTTLED as HTTP 200;
 * - POST `{base}/admin/oauth/access_token` — client-credentials grant (form or JSON body);
 * - GET  `{base}/bulk/{id}.jsonl` — bulk operation results.
 * Access scopes (access-scopes.ts): the installation's granted scopes are a knob
 * (`emulator.accessScopes.set([...])`); a field needing a missing scope answers ACCESS_DENIED, and
 * without read_all_orders orders older than 60 days do not exist for the app.
 * Webhook subscriptions live in the GraphQL API (webhooks.ts); `liveOrders` places orders and
 * delivers their webhooks (live-orders.ts).
 * Unknown shop → 404 with an HTML body (contract §1.12); bad token → 401; every JSON answer has
 * `Content-Type: application/json`; nothing answers 500 with a stack trace.
 */
import { createReadStream } from 'node:fs';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { type DocumentNode, execute, type GraphQLError, parse, validate } from 'graphql';
import { DEMO_SECRETS } from '../../credentials.ts';
import type { DemoStore } from '../../model.ts';
import { mixSeeds, Rng } from '../../prng.ts';
import { FaultController, type FaultSettings, installFaults } from '../faults.ts';
import { accessDeniedErrors, GrantedScopes } from './access-scopes.ts';
import { BulkOperations } from './bulk.ts';
import { CostBucket, calculateQueryCost, countReturnedObjects, MAX_SINGLE_QUERY_COST } from './cost.ts';
import { LiveOrders } from './live-orders.ts';
import type { ShopifyContext } from './pagination.ts';
import { buildRoot } from './resolvers.ts';
import { getShopifySchema } from './schema.ts';
import { ShopifyData } from './shopify-data.ts';
import { type DeliverySettings, WebhookSender, WebhookSubscriptions } from './webhooks.ts';

export interface ShopifyEmulatorOptions {
  store: DemoStore;
  faults?: Partial<FaultSettings>;
  /** Leaky bucket size and refill per second (contract suggestion: 2000 and 100). */
  maximumAvailable?: number;
  restoreRate?: number;
  /** Clock for token expiry, the cost bucket and bulk timestamps (default Date.now). */
  now?: () => number;
  /** Seed of the fault-injection random stream. */
  faultSeed?: number;
  /** Webhook delivery knobs (duplicates, lateness, retry schedule). */
  webhookDelivery?: Partial<DeliverySettings>;
  /** The app installation's granted scopes (default: every scope Upside asks for). */
  grantedScopes?: readonly string[];
}

export interface ShopifyEmulatorExtras {
  faults: FaultController;
  shopifyStore: DemoStore;
  /** Test knobs: the next bulk query ends FAILED with `errorCode` (e.g. 'TIMEOUT'), or EXPIRED. */
  bulkControl: {
    failNext(errorCode: 'ACCESS_DENIED' | 'INTERNAL_SERVER_ERROR' | 'TIMEOUT'): void;
    expireNext(): void;
  };
  webhookSubscriptions: WebhookSubscriptions;
  webhookSender: WebhookSender;
  liveOrders: LiveOrders;
  /** Test knob: the scopes the app installation holds (`set`, `reset`). */
  accessScopes: GrantedScopes;
}

export type ShopifyEmulator = FastifyInstance & ShopifyEmulatorExtras;

const VERSION_PATTERN = /^(\d{4}-\d{2}|unstable)$/;
const UNKNOWN_SHOP_HTML =
  '<!DOCTYPE html><html><head><title>Shop not found</title></head><body><h1>There’s no store with this address</h1></body></html>';
const INVALID_TOKEN = '[API] Invalid API key or access token (unrecognized login or wrong password)';

interface GraphqlBody {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

function json(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'application/json; charset=utf-8')
    .send(JSON.stringify(body));
}

/** Shopify (graphql-ruby) wording for the most common validation error. */
function shopifyError(error: GraphQLError): Record<string, unknown> {
  const locations = error.locations?.map((l) => ({ line: l.line, column: l.column }));
  const undefinedField = /^Cannot query field "([^"]+)" on type "([^"]+)"\./.exec(error.message);
  if (undefinedField) {
    return {
      message: `Field '${undefinedField[1]}' doesn't exist on type '${undefinedField[2]}'`,
      locations,
      path: error.path,
      extensions: { code: 'undefinedField', typeName: undefinedField[2], fieldName: undefinedField[1] },
    };
  }
  return {
    message: error.message,
    locations,
    ...(error.path ? { path: error.path } : {}),
    extensions: { code: (error.extensions?.code as string | undefined) ?? 'GRAPHQL_VALIDATION_FAILED' },
  };
}

export function buildShopifyEmulator(opts: ShopifyEmulatorOptions): ShopifyEmulator {
  const now = opts.now ?? Date.now;
  const app = Fastify({ logger: false, bodyLimit: 1_048_576, forceCloseConnections: true });
  const faults = new FaultController(opts.faults, opts.faultSeed ?? 11);
  const schema = getShopifySchema();
  const data = new ShopifyData(opts.store, now);
  const rootValue = buildRoot(data);
  const bulk = new BulkOperations(schema, data, rootValue, now);
  const maximumAvailable = opts.maximumAvailable ?? 2000;
  const restoreRate = opts.restoreRate ?? 100;
  const buckets = new Map<string, CostBucket>();
  const secrets = DEMO_SECRETS.shopify;
  const shopDomain = opts.store.shop.myshopifyDomain;
  /** Tokens from the client-credentials grant: token → expiry (ms). */
  const granted = new Map<string, number>();
  const webhookSubscriptions = new WebhookSubscriptions(now);
  const accessScopes = new GrantedScopes(opts.grantedScopes);
  const rng = new Rng(mixSeeds(opts.faultSeed ?? 11, 15));
  const random = () => rng.next();
  const webhookSender = new WebhookSender(
    webhookSubscriptions,
    { shopDomain, secret: secrets.clientSecret, apiVersion: '2026-10', random },
    opts.webhookDelivery,
  );
  const liveOrders = new LiveOrders(opts.store, data.orders, webhookSender, now, random);

  app.register(formbody);
  app.addContentTypeParser(
    ['application/graphql', 'text/plain'],
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, { query: String(body) });
    },
  );

  const deniedInBulk = (query: string): boolean => {
    try {
      return accessDeniedErrors(schema, parse(query), accessScopes).length > 0;
    } catch {
      return false; // bulk.start reports the parse error itself
    }
  };

  const isUnknownShop = (request: FastifyRequest) =>
    (request.params as { shop?: string }).shop !== shopDomain;
  installFaults(
    app,
    faults,
    (reply) => json(reply, 503, { errors: 'Service Unavailable' }).header('retry-after', '1'),
    (request) => request.url.includes('/bulk/'),
  );

  app.setErrorHandler((error: { statusCode?: number; message?: string }, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (request.url.includes('/admin/oauth/')) {
      return json(reply, status === 500 ? 500 : 400, {
        error: 'invalid_request',
        error_description: 'The request body could not be read.',
      });
    }
    if (status === 400 || status === 415)
      return json(reply, 400, { errors: { query: 'Required parameter missing or invalid' } });
    if (status === 413) return json(reply, 413, { errors: 'Request Entity Too Large' });
    return json(reply, status, {
      errors: status === 500 ? 'Internal Server Error' : (error.message ?? 'Bad Request'),
    });
  });
  app.setNotFoundHandler((request, reply) => {
    if (/^\/store\/[^/]+/.test(request.url) && !request.url.startsWith(`/store/${shopDomain}/`)) {
      return reply.code(404).header('content-type', 'text/html; charset=utf-8').send(UNKNOWN_SHOP_HTML);
    }
    return json(reply, 404, { errors: 'Not Found' });
  });

  const tokenValid = (token: string | undefined): boolean => {
    if (!token) return false;
    if (token === secrets.accessToken) return true;
    const expiry = granted.get(token);
    return expiry !== undefined && expiry > now();
  };

  app.post('/store/:shop/admin/oauth/access_token', async (request, reply) => {
    if (isUnknownShop(request))
      return reply.code(404).header('content-type', 'text/html; charset=utf-8').send(UNKNOWN_SHOP_HTML);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const read = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : undefined);
    if (read('grant_type') !== 'client_credentials') {
      return json(reply, 400, {
        error: 'unsupported_grant_type',
        error_description: 'The authorization grant type is not supported by the authorization server.',
      });
    }
    if (read('client_id') !== secrets.clientId || read('client_secret') !== secrets.clientSecret) {
      return json(reply, 401, {
        error: 'invalid_client',
        error_description:
          'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.',
      });
    }
    granted.set(secrets.grantedAccessToken, now() + 86_399_000);
    return json(reply, 200, {
      access_token: secrets.grantedAccessToken,
      scope: accessScopes.list().join(','),
      expires_in: 86399,
    });
  });

  app.get('/store/:shop/bulk/:file', async (request, reply) => {
    if (isUnknownShop(request))
      return reply.code(404).header('content-type', 'text/html; charset=utf-8').send(UNKNOWN_SHOP_HTML);
    const match = /^(\d+)\.jsonl$/.exec((request.params as { file: string }).file);
    const path = match ? bulk.filePath(Number(match[1])) : null;
    if (!path) {
      return reply
        .code(404)
        .header('content-type', 'application/xml; charset=utf-8')
        .send(
          '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>',
        );
    }
    return reply.header('content-type', 'application/jsonl').send(createReadStream(path));
  });

  app.post('/store/:shop/admin/api/:version/graphql.json', async (request, reply) => {
    const { version } = request.params as { version: string };
    if (isUnknownShop(request))
      return reply.code(404).header('content-type', 'text/html; charset=utf-8').send(UNKNOWN_SHOP_HTML);
    if (!VERSION_PATTERN.test(version)) return json(reply, 404, { errors: 'Not Found' });
    const token = request.headers['x-shopify-access-token'];
    if (!tokenValid(typeof token === 'string' ? token : undefined))
      return json(reply, 401, { errors: INVALID_TOKEN });

    const body = (request.body ?? {}) as GraphqlBody;
    if (typeof body !== 'object' || typeof body.query !== 'string' || body.query.trim() === '') {
      return json(reply, 400, { errors: { query: 'Required parameter missing or invalid' } });
    }
    const variables =
      body.variables && typeof body.variables === 'object' && !Array.isArray(body.variables)
        ? (body.variables as Record<string, unknown>)
        : {};
    const operationName = typeof body.operationName === 'string' ? body.operationName : undefined;

    const bucketKey = token as string;
    let bucket = buckets.get(bucketKey);
    if (!bucket) {
      bucket = new CostBucket(maximumAvailable, restoreRate, now);
      buckets.set(bucketKey, bucket);
    }
    const pressure = faults.get().throttlePressure;
    const throttleStatus = () => ({
      maximumAvailable: bucket.maximumAvailable,
      currentlyAvailable: bucket.currentlyAvailable(pressure),
      restoreRate: bucket.restoreRate,
    });

    let document: DocumentNode;
    try {
      document = parse(body.query);
    } catch (error) {
      const e = error as GraphQLError;
      return json(reply, 200, {
        errors: [
          { message: e.message, locations: e.locations, extensions: { code: 'GRAPHQL_PARSE_FAILED' } },
        ],
      });
    }
    const validationErrors = validate(schema, document);
    if (validationErrors.length > 0) return json(reply, 200, { errors: validationErrors.map(shopifyError) });
    const denied = accessDeniedErrors(schema, document, accessScopes);
    if (denied.length > 0) return json(reply, 200, { errors: denied, data: null });

    const requested = calculateQueryCost(schema, document, operationName, variables);
    if (requested > MAX_SINGLE_QUERY_COST) {
      return json(reply, 200, {
        errors: [
          {
            message: `Query cost is ${requested}, which exceeds the single query max cost limit (${MAX_SINGLE_QUERY_COST}).\n\nSee https://shopify.dev/concepts/about-apis/rate-limits for more information on how the\ncost of a query is calculated.\n\nTo query larger amounts of data with fewer limits, bulk query operations are available to efficiently fetch large datasets.`,
            extensions: {
              code: 'MAX_COST_EXCEEDED',
              cost: requested,
              maxCost: MAX_SINGLE_QUERY_COST,
              documentation: 'https://shopify.dev/api/usage/rate-limits',
            },
          },
        ],
      });
    }
    if (!bucket.take(requested, pressure)) {
      return json(reply, 200, {
        errors: [
          {
            message: 'Throttled',
            extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
          },
        ],
        extensions: {
          cost: { requestedQueryCost: requested, actualQueryCost: null, throttleStatus: throttleStatus() },
        },
      });
    }

    const base = `${request.protocol}://${request.headers.host ?? '127.0.0.1'}/store/${shopDomain}`;
    const makeContext = (): ShopifyContext => ({
      data,
      bulk: false,
      scopes: accessScopes,
      ordersFromMs: accessScopes.ordersFromMs(now()),
      webhooks: webhookSubscriptions,
      mutations: {
        runBulkQuery: (query, _groupObjects) => {
          // A bulk export touching a field outside the granted scopes ends FAILED with ACCESS_DENIED.
          if (deniedInBulk(query)) bulk.failNextWith = 'ACCESS_DENIED';
          return bulk.start(query, base, makeContext);
        },
        cancelBulk: (id) => bulk.cancel(id),
        currentBulk: (type) => (type === 'QUERY' ? bulk.currentView() : null),
        bulkById: (id) => bulk.byId(id),
      },
    });
    const result = await execute({
      schema,
      document,
      rootValue,
      contextValue: makeContext(),
      variableValues: variables,
      operationName,
    });
    const actual = Math.min(requested, result.data ? countReturnedObjects(result.data) : 0);
    bucket.refund(requested - actual);
    const response: Record<string, unknown> = {};
    if (result.errors?.length) response.errors = result.errors.map(shopifyError);
    if (result.data !== undefined) response.data = result.data;
    response.extensions = {
      cost: { requestedQueryCost: requested, actualQueryCost: actual, throttleStatus: throttleStatus() },
    };
    return json(reply, 200, response);
  });

  // Warm the GraphQL path once (parse, validate, cost, execute) so a client's first request is
  // as quick as later ones; nothing is charged to any bucket.
  app.addHook('onReady', async () => {
    const warm = parse(
      '{ shop { name } orders(first: 5) { pageInfo { hasNextPage } nodes { id name totalPriceSet { shopMoney { amount } } lineItems(first: 5) { nodes { id quantity } } } } }',
    );
    validate(schema, warm);
    calculateQueryCost(schema, warm, undefined, {});
    await execute({
      schema,
      document: warm,
      rootValue,
      contextValue: {
        data,
        bulk: false,
        mutations: {
          runBulkQuery: () => null,
          cancelBulk: () => null,
          currentBulk: () => null,
          bulkById: () => null,
        },
      } satisfies ShopifyContext,
    });
  });
  app.addHook('onClose', async () => {
    liveOrders.stop();
    webhookSender.close();
    await bulk.close();
  });
  app.decorate('faults', faults);
  app.decorate('shopifyStore', opts.store);
  app.decorate('bulkControl', {
    failNext: (errorCode: 'ACCESS_DENIED' | 'INTERNAL_SERVER_ERROR' | 'TIMEOUT') => {
      bulk.failNextWith = errorCode;
    },
    expireNext: () => {
      bulk.expireNext = true;
    },
  });
  app.decorate('webhookSubscriptions', webhookSubscriptions);
  app.decorate('webhookSender', webhookSender);
  app.decorate('liveOrders', liveOrders);
  app.decorate('accessScopes', accessScopes);
  return app as unknown as ShopifyEmulator;
}
