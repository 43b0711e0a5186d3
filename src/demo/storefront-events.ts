import type { CursorEvent } from '../shared/contracts/cursor-tracking.ts';
import type { DemoStore } from './model.ts';

/** Events per batch: the ingestion cap of one request. */
const BATCH = 500;

/**
 * The tracker's events of every planted first-party session (issue 16), as our tracker would have
 * sent them from the demo storefront: the landing page view (URL with UTM parameters and click
 * ids, referrer, visitor id, viewport) and an add-to-cart click a minute later that carries the
 * cart token when the session saw it and the e-mail hash of a signed-in shopper (higher up in the
 * hero test's bold variant, whose landing URL carries `upside_exp`). Demo mode writes
 * them through the event writer when the demo store is connected.
 */
export function* storefrontEventBatches(store: DemoStore): Generator<CursorEvent[]> {
  let batch: CursorEvent[] = [];
  for (let i = 0; i < store.orders.count; i += 1) {
    const order = store.getOrder(i);
    const site = order.site;
    if (!site) continue;
    const base = {
      sessionId: site.sessionId,
      visitorId: site.visitorId,
      viewportWidth: site.viewportWidth,
      viewportHeight: site.viewportWidth < 500 ? 844 : 900,
    };
    batch.push(
      {
        ...base,
        eventType: 'page_view',
        x: 0,
        y: 0,
        pageUrl: site.landingUrl,
        timestamp: site.startedAtMs,
        referrer: site.referrer,
        emailHash: site.emailHash,
      },
      {
        ...base,
        eventType: 'click',
        x: Math.round(site.viewportWidth * 0.7),
        // The hero test's bold variant moves the add-to-cart button up the page.
        y: site.heroVariant === 'bold' ? 380 : 540,
        pageUrl: site.landingUrl.split('?')[0]!,
        timestamp: site.startedAtMs + 60_000,
        elementSelector: 'form.product-form>button',
        emailHash: site.emailHash,
        ...(site.sawCart ? { cartToken: order.cartToken } : {}),
      },
    );
    if (batch.length >= BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** Products the live demo storefront page shows (issue 16 item 5): the most popular few, first variant each. */
const CATALOG_SIZE = 4;

/** The demo shop's name, currency and its best-selling products for the live storefront page. */
export function storefrontCatalog(store: DemoStore) {
  const products = store.products
    .filter((p) => p.status === 'ACTIVE' && p.variantIndexes.length > 0)
    .map((p) => ({ product: p, variant: store.variants[p.variantIndexes[0]!]! }))
    .sort((a, b) => b.variant.popularity - a.variant.popularity || a.product.index - b.product.index)
    .slice(0, CATALOG_SIZE)
    .map(({ product, variant }) => ({
      handle: product.handle,
      title: product.title,
      variantId: variant.legacyId,
      priceMinor: variant.priceMinor,
    }));
  return { shopName: store.shop.name, currency: store.shop.currencyCode, products };
}
