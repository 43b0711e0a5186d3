import type { CursorEvent } from '../shared/contracts/cursor-tracking.ts';
import type { DemoStore } from './model.ts';
import { hashString, Rng } from './prng.ts';

/** Events per batch: the ingestion cap of one request. */
const BATCH = 500;

/**
 * The tracker's events of every planted first-party session (issue 16), as our tracker would have
 * sent them from the demo storefront. The session that led to the order: the landing page view
 * (URL with UTM parameters and click ids, referrer, visitor id, viewport), the pointer moving toward
 * the add-to-cart button, an add-to-cart click a minute later that carries the cart token when the
 * session saw it and the e-mail hash of a signed-in shopper (higher up in the hero test's bold
 * variant, whose landing URL carries `upside_exp`), and the deepest scroll when the shopper leaves.
 * Before it, when the journey had an earlier first visit, the same visitor's session of that visit:
 * page view, pointer and scroll, no click. Demo mode writes them through the event writer when the
 * demo store is connected.
 */
export function* storefrontEventBatches(store: DemoStore): Generator<CursorEvent[]> {
  let batch: CursorEvent[] = [];
  for (let i = 0; i < store.orders.count; i += 1) {
    const order = store.getOrder(i);
    const site = order.site;
    if (!site) continue;
    const viewport = { width: site.viewportWidth, height: site.viewportWidth < 500 ? 844 : 900 };
    // The hero test's bold variant moves the add-to-cart button up the page.
    const button = { x: Math.round(viewport.width * 0.7), y: site.heroVariant === 'bold' ? 380 : 540 };
    const visit = (sessionId: string, startedAtMs: number, landingUrl: string, referrer: string) =>
      pageVisit(
        { sessionId, visitorId: site.visitorId, startedAtMs, landingUrl, referrer },
        viewport,
        button,
      );
    const first = site.firstVisit;
    const before = first ? visit(first.sessionId, first.startedAtMs, first.landingUrl, first.referrer) : null;
    const last = visit(site.sessionId, site.startedAtMs, site.landingUrl, site.referrer);
    const click: CursorEvent = {
      ...last.base,
      eventType: 'click',
      x: button.x,
      y: button.y,
      pageUrl: last.pageUrl,
      timestamp: site.startedAtMs + 60_000,
      elementSelector: 'form.product-form>button',
      emailHash: site.emailHash,
      ...(site.sawCart ? { cartToken: order.cartToken } : {}),
    };
    const { view, moves, scroll } = last;
    const session = [
      ...(before ? [before.view, ...before.moves, before.scroll] : []),
      { ...view, emailHash: site.emailHash },
      ...moves,
      click,
      scroll,
    ];
    if (batch.length + session.length > BATCH) {
      yield batch;
      batch = [];
    }
    batch.push(...session);
  }
  if (batch.length > 0) yield batch;
}

/**
 * One session on the storefront: its landing page view, the pointer drifting toward the
 * add-to-cart button and the deepest scroll when the shopper leaves (page URL without the query,
 * as the heatmap keeps it).
 */
function pageVisit(
  session: {
    sessionId: string;
    visitorId: string;
    startedAtMs: number;
    landingUrl: string;
    referrer: string;
  },
  viewport: { width: number; height: number },
  button: { x: number; y: number },
) {
  const base = {
    sessionId: session.sessionId,
    visitorId: session.visitorId,
    viewportWidth: viewport.width,
    viewportHeight: viewport.height,
  };
  const pageUrl = session.landingUrl.split('?')[0]!;
  const browsing = browsingOf(session.sessionId, viewport, button);
  const layout = { documentWidth: viewport.width, documentHeight: browsing.documentHeight };
  const view: CursorEvent = {
    ...base,
    eventType: 'page_view',
    x: 0,
    y: 0,
    pageUrl: session.landingUrl,
    timestamp: session.startedAtMs,
    referrer: session.referrer,
  };
  // Written out rather than spread from `base` and `layout` (the same keys in the same order):
  // ~60,000 of these per demo connect, and a second object spread is a slow path in V8.
  const moves = browsing.moves.map(
    (move): CursorEvent => ({
      sessionId: base.sessionId,
      visitorId: base.visitorId,
      viewportWidth: base.viewportWidth,
      viewportHeight: base.viewportHeight,
      documentWidth: layout.documentWidth,
      documentHeight: layout.documentHeight,
      eventType: 'cursor_move',
      x: move.x,
      y: move.y,
      pageUrl,
      timestamp: session.startedAtMs + move.afterMs,
    }),
  );
  const scroll: CursorEvent = {
    ...base,
    ...layout,
    eventType: 'scroll',
    x: 0,
    y: browsing.deepest,
    pageUrl,
    timestamp: session.startedAtMs + 75_000,
    scrollDepth: Math.min(100, Math.round((browsing.deepest / browsing.documentHeight) * 100)),
  };
  return { base, pageUrl, view, moves, scroll };
}

/** Height of the demo's product page: taller on a phone, whose layout stacks. */
const DOCUMENT_HEIGHT = { phone: 3600, desktop: 2800 };

/**
 * How one session browses the landing page, from its own seed (so the planted generator's stream
 * is untouched): 4–9 pointer positions drifting from somewhere on the page toward the add-to-cart
 * button over the minute before the click, and the deepest point the view reached (page y of its
 * bottom edge), most shoppers stopping in the upper half, a few reading to the end.
 */
function browsingOf(
  sessionId: string,
  { width: viewportWidth, height: viewportHeight }: { width: number; height: number },
  button: { x: number; y: number },
) {
  const rng = new Rng(hashString(sessionId, 0x5eed));
  const documentHeight = viewportWidth < 500 ? DOCUMENT_HEIGHT.phone : DOCUMENT_HEIGHT.desktop;
  const start = {
    x: rng.int(Math.round(viewportWidth * 0.1), Math.round(viewportWidth * 0.9)),
    y: rng.int(120, documentHeight - viewportHeight),
  };
  const count = rng.int(4, 9);
  const moves = Array.from({ length: count }, (_, m) => {
    const t = (m + 1) / (count + 1);
    const jitter = 60 * (1 - t);
    return {
      x: Math.round(start.x + (button.x - start.x) * t + rng.uniform(-jitter, jitter)),
      y: Math.max(0, Math.round(start.y + (button.y - start.y) * t + rng.uniform(-jitter, jitter))),
      afterMs: 5_000 + Math.round(t * 50_000),
    };
  });
  const scrolled = Math.round((documentHeight - viewportHeight) * rng.next() ** 1.6);
  // The view's bottom edge passed the first pointer position too.
  const deepest = Math.min(documentHeight, Math.max(viewportHeight + scrolled, start.y + 80));
  return { moves, documentHeight, deepest };
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
