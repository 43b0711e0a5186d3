import { createHmac } from 'node:crypto';
import { DEMO_SECRETS } from '../../src/demo/credentials.ts';

/**
 * Posts one webhook to the app's receiver as Shopify sends it: over real HTTP, signed with the
 * demo app's API secret key, from the demo shop's domain, with its event id and trigger time.
 */
export function deliverShopifyWebhook(
  baseUrl: string,
  delivery: { topic: string; payload: unknown; eventId: string; triggeredAt: Date },
): Promise<Response> {
  const body = JSON.stringify(delivery.payload);
  return fetch(`${baseUrl}/api/webhooks/shopify`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': delivery.topic,
      'x-shopify-shop-domain': DEMO_SECRETS.shopify.shopDomain,
      'x-shopify-hmac-sha256': createHmac('sha256', DEMO_SECRETS.shopify.clientSecret)
        .update(body)
        .digest('base64'),
      'x-shopify-event-id': delivery.eventId,
      'x-shopify-webhook-id': `wh-${delivery.eventId}`,
      'x-shopify-triggered-at': delivery.triggeredAt.toISOString(),
      // A server-to-server call from another site, as Shopify's is.
      origin: 'https://shopify.example',
    },
    body,
  });
}
