import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Shopify signs each delivery with HMAC-SHA256 of the raw body under the app's API secret key,
 * base64 in `X-Shopify-Hmac-Sha256`. Compared in constant time over equal-length digests, so
 * neither the content nor the length of a forged header leaks through timing.
 */
export function verifyShopifyHmac(body: Buffer, header: string | undefined, secret: string): boolean {
  if (!header || !secret) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(header, 'base64');
  if (given.length !== expected.length) return false;
  return timingSafeEqual(given, expected);
}
