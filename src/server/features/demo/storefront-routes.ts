import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { embedSnippet } from '../../../shared/tracker-snippet.ts';
import { AppError } from '../../errors.ts';
import type { AppDeps } from '../../http/deps.ts';
import type { DemoTracking } from '../../platform/ports/demo-tracking.ts';
import { createDemoCarts, type DemoCart } from './storefront-cart.ts';
import { renderStorefrontPage, STOREFRONT_THEME_JS } from './storefront-page.ts';

const STOREFRONT_PATH = '/demo/storefront';
const CART_COOKIE = 'cart';
const CART_COOKIE_OPTIONS = { path: '/', httpOnly: true, sameSite: 'lax' } as const;

/**
 * Demo mode (issue 16 item 5): Upside serves a small storefront of the demo store's products with
 * the real tracker snippet, and the Shopify Ajax cart it writes to (`GET /cart.js`,
 * `POST /cart/update.js`), so a newcomer can click around and find their own session in Cursor
 * Tracking's heatmaps and journeys. The page belongs to the signed-in user's workspace (a website
 * of our own origin, "Demo storefront (your visits)"); signed out, it sends them to sign in. The
 * snippet allows automated browsers, so a scripted walk-through is tracked like a person.
 */
export function registerDemoStorefrontRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  tracking: Pick<DemoTracking, 'storefrontSite'>,
): void {
  const storefront = deps.demo?.storefront;
  if (!storefront?.catalog) return;
  const { products, shopName, currency } = storefront.catalog;
  const carts = createDemoCarts(products);
  const publicOrigin = () => new URL(deps.publicUrl()).origin;

  const page = async (request: FastifyRequest, reply: FastifyReply, handle: string | null) => {
    if (!request.auth) return reply.redirect('/');
    const product = handle === null ? null : (products.find((p) => p.handle === handle) ?? null);
    if (handle !== null && !product)
      throw new AppError(404, 'product_not_found', `The demo storefront has no product '${handle}'.`);
    const site = await tracking.storefrontSite(
      deps.db,
      request.auth.workspaceId,
      publicOrigin(),
      STOREFRONT_PATH,
    );
    const snippet = embedSnippet(site, publicOrigin()).replace(
      '<script defer',
      '<script defer data-allow-automation',
    );
    // The cart exists before the page's scripts run, so the theme and the tracker share one cart.
    const cart = carts.open(request.cookies[CART_COOKIE]);
    return reply
      .setCookie(CART_COOKIE, cart.token, CART_COOKIE_OPTIONS)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderStorefrontPage({ shopName, currency, products, product, snippet }));
  };
  app.get(STOREFRONT_PATH, (request, reply) => page(request, reply, null));
  app.get<{ Params: { handle: string } }>(`${STOREFRONT_PATH}/products/:handle`, (request, reply) =>
    page(request, reply, request.params.handle),
  );
  app.get(`${STOREFRONT_PATH}/theme.js`, async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').send(STOREFRONT_THEME_JS),
  );

  const answer = (reply: FastifyReply, cart: DemoCart) =>
    reply
      .setCookie(CART_COOKIE, cart.token, CART_COOKIE_OPTIONS)
      .header('cache-control', 'no-store')
      .send(cart);
  app.get('/cart.js', async (request, reply) => answer(reply, carts.open(request.cookies[CART_COOKIE])));
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 8 * 1024 },
      (_request, body, done) => done(null, new URLSearchParams(String(body))),
    );
    scope.post('/cart/update.js', async (request, reply) => {
      const fields = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
      const cart = carts.open(request.cookies[CART_COOKIE]);
      const updated = carts.update(cart, fields);
      if ('field' in updated)
        return reply
          .status(422)
          .send({ status: 422, message: 'Cart Error', description: `Invalid ${updated.field}` });
      return answer(reply, updated);
    });
  });
}
