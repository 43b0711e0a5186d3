/**
 * Entry of dist/pixel.js, the template of every site's custom pixel: the server replaces the
 * `__UPSIDE_PIXEL_CONFIG__` string with the site's JSON config (customPixelCode). Shopify's sandbox
 * gives `analytics`, `browser` and `init` as free names; `customerPrivacy` only in newer runtimes.
 */
import { type PixelConfig, type PixelSandbox, startPixel } from './pixel.ts';

declare const analytics: PixelSandbox['analytics'];
declare const browser: PixelSandbox['browser'];
declare const init: PixelSandbox['init'];
declare const customerPrivacy: PixelSandbox['customerPrivacy'];

startPixel(JSON.parse('__UPSIDE_PIXEL_CONFIG__') as PixelConfig, {
  analytics,
  browser,
  init,
  customerPrivacy: typeof customerPrivacy === 'object' ? customerPrivacy : undefined,
});
