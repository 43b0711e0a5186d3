import type { ErrorCode } from '../../../../shared/contracts/errors.ts';
import {
  WEBHOOK_PAYLOAD_SCHEMAS,
  type WebhookAccepted,
  WebhookHeadersSchema,
} from '../../../../shared/contracts/webhooks.ts';
import { normalizeShopDomain } from '../../../connectors/upstream-urls.ts';
import { AppError } from '../../../errors.ts';
import type { AppLogger } from '../../../log.ts';
import { verifyShopifyHmac } from '../verify-hmac.ts';
import type { ShopSecretCache } from './shop-secret-cache.ts';
import type { WebhookEventWriter } from './webhook-event-writer.ts';

/** What the receiver works with: the cached shop secrets, the batching event writer and the clock. */
export interface WebhookReceiver {
  secrets: ShopSecretCache;
  writer: WebhookEventWriter;
  now: () => Date;
}

export interface IncomingWebhook {
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

const header = (headers: IncomingWebhook['headers'], name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * POST /api/webhooks/shopify. Checks in this order, storing nothing until all pass: a signature
 * header (401), a connected shop (404), the signature under one of that shop's workspaces' API
 * secret keys (401), the headers and the JSON payload of the topic (400). Then, per verified
 * workspace and in one transaction, the event is recorded under its `X-Shopify-Event-Id` (a
 * replay inserts nothing) and a job is queued to apply it, so the answer is quick and the work
 * durable. The shop's secrets come from memory and the writes are batched with concurrent
 * deliveries (decision 043). Logs name the shop, topic and event id, never the body.
 */
export async function receiveShopifyWebhook(
  receiver: WebhookReceiver,
  log: AppLogger,
  incoming: IncomingWebhook,
): Promise<WebhookAccepted> {
  const signature = header(incoming.headers, 'x-shopify-hmac-sha256');
  const shopHeader = header(incoming.headers, 'x-shopify-shop-domain');
  const topicHeader = header(incoming.headers, 'x-shopify-topic');
  const eventHeader = header(incoming.headers, 'x-shopify-event-id');
  const refuse = (status: number, code: ErrorCode, why: string) => {
    log.warn(
      { shop: shopHeader, topic: topicHeader, eventId: eventHeader, status },
      `webhook refused: ${why}`,
    );
    return new AppError(status, code, why);
  };
  if (!signature) throw refuse(401, 'invalid_hmac', 'The X-Shopify-Hmac-Sha256 header is missing.');
  const shopDomain = normalizeShopDomain(shopHeader ?? '');
  const workspaces = shopDomain === '' ? [] : await receiver.secrets.lookup(shopDomain.toLowerCase());
  if (workspaces.length === 0)
    throw refuse(404, 'unknown_shop', 'No store with this shop domain is connected.');
  const verified = workspaces.filter(
    (workspace) =>
      workspace.apiSecret !== null && verifyShopifyHmac(incoming.rawBody, signature, workspace.apiSecret),
  );
  if (verified.length === 0)
    throw refuse(401, 'invalid_hmac', 'The X-Shopify-Hmac-Sha256 signature does not match the body.');

  const headers = WebhookHeadersSchema.safeParse(incoming.headers);
  if (!headers.success) {
    const field = headers.error.issues[0]?.path.join('.') ?? 'headers';
    throw refuse(400, 'invalid_webhook', `Invalid webhook: header ${field} is missing or not supported.`);
  }
  const text = incoming.rawBody.toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw refuse(400, 'invalid_json', 'The request body is not valid JSON.');
  }
  const topic = headers.data['x-shopify-topic'];
  const payload = WEBHOOK_PAYLOAD_SCHEMAS[topic].safeParse(json);
  if (!payload.success) {
    const issue = payload.error.issues[0];
    const field = issue?.path.join('.') || 'body';
    throw refuse(
      400,
      'invalid_webhook',
      `Invalid ${topic} payload: ${field}: ${issue?.message ?? 'invalid'}.`,
    );
  }

  const now = receiver.now();
  const triggeredAt = Date.parse(headers.data['x-shopify-triggered-at'] ?? '');
  const stored = await Promise.all(
    verified.map(({ workspaceId }) =>
      receiver.writer.write({
        workspaceId,
        eventId: headers.data['x-shopify-event-id'],
        topic,
        webhookId: headers.data['x-shopify-webhook-id'] ?? null,
        triggeredAt: Number.isNaN(triggeredAt) ? null : new Date(triggeredAt),
        receivedAt: now,
        payload: text,
      }),
    ),
  );
  const duplicate = !stored.includes(true);
  log.debug(
    { shop: shopDomain, topic, eventId: headers.data['x-shopify-event-id'], duplicate },
    'webhook received',
  );
  return { received: true, duplicate };
}
