import { currencyDigitsOf } from '../shared/money.ts';
import { CHECKOUT_STEPS } from '../shared/pixel-event-names.ts';
import { type PlantedCheckout, planCheckout } from './generator/plan-checkout.ts';
import { DEMO_STOREFRONT_URL } from './generator/plan-site-visit.ts';
import type { DemoOrder, DemoStore } from './model.ts';

/** Shopify's `MoneyV2` in pixel events: the amount is a JSON number (contract external-apis-2 §3.4). */
interface MoneyV2 {
  amount: number;
  currencyCode: string;
}

/** The visitor's Customer Privacy state (contract §3.6). */
export interface CustomerPrivacyState {
  analyticsProcessingAllowed: boolean;
  marketingAllowed: boolean;
  preferencesProcessingAllowed: boolean;
  saleOfDataAllowed: boolean;
}

/**
 * A standard checkout event as Shopify hands it to a pixel (`@shopify/web-pixels-extension` 2.18
 * `PixelEventsCheckout*`, contract §3.3–3.5), with the parts of `checkout` the demo knows.
 */
export interface ShopifyCheckoutEvent {
  id: string;
  name: (typeof CHECKOUT_STEPS)[number];
  type: 'standard';
  clientId: string;
  seq: number;
  timestamp: string;
  context: {
    document: {
      location: { href: string; host: string; pathname: string; search: string };
      referrer: string;
    };
    window: { innerWidth: number; innerHeight: number };
  };
  data: {
    checkout: {
      token: string;
      currencyCode: string;
      email: string | null;
      totalPrice: MoneyV2;
      subtotalPrice: MoneyV2;
      lineItems: { id: string; title: string; quantity: number; finalLinePrice: MoneyV2 }[];
      order: { id: string; customer: null } | null;
    };
  };
}

/** One page load in which the pixel runs: what the sandbox hands it at render, and the events it sees. */
export interface PixelPage {
  init: {
    context: { document: { location: { href: string } } };
    data: {
      shop: { myshopifyDomain: string; storefrontUrl: string; name: string };
      cart: { id: string; totalQuantity: number; attributes: { key: string; value: string }[] } | null;
      customer: null;
    };
    customerPrivacy: CustomerPrivacyState;
  };
  /** The top frame's first-party cookies and the tab's sessionStorage (the theme tracker's ids). */
  cookies: Record<string, string>;
  sessionStorage: Record<string, string>;
  events: ShopifyCheckoutEvent[];
}

/** The pixel's view of one planted checkout journey, page by page (issue 40, decision 113). */
export interface CheckoutJourney {
  orderLegacyId: number;
  pages: PixelPage[];
}

/**
 * Every planted checkout of the demo store (planCheckout) as Shopify's checkout would present it to
 * the custom pixel: the steps on the one-page checkout, then `checkout_completed` on the Thank-you
 * page (a page load of its own, so a fresh pixel), the same first-party cookie and tab session as
 * the theme tracker's visit (one journey), the visitor's consent in `init.customerPrivacy`.
 */
export function* storefrontCheckoutJourneys(store: DemoStore): Generator<CheckoutJourney> {
  for (let i = 0; i < store.orders.count; i += 1) {
    const order = store.getOrder(i);
    const plan = planCheckout(order, store.config.seed);
    if (!plan) continue;
    const site = order.site;
    const privacy: CustomerPrivacyState = {
      analyticsProcessingAllowed: plan.analytics,
      marketingAllowed: plan.marketing,
      preferencesProcessingAllowed: plan.analytics,
      saleOfDataAllowed: plan.marketing,
    };
    const who = {
      clientId: `sh-client-${order.legacyId.toString(36)}`,
      cookies: site ? { _upside_vid: site.visitorId } : ({} as Record<string, string>),
      viewportWidth: site?.viewportWidth ?? 1024,
    };
    const pages: PixelPage[] = [];
    if (plan.abandoned && site?.firstVisit) {
      const storage = { upside_sid: site.firstVisit.sessionId };
      pages.push(
        page(store, order, plan.abandoned, privacy, who, storage, 0, plan.abandoned.stepsAtMs.length),
      );
    }
    const storage: Record<string, string> = site ? { upside_sid: site.sessionId } : {};
    const last = CHECKOUT_STEPS.length - 1;
    pages.push(page(store, order, plan.paid, privacy, who, storage, 0, last));
    if (plan.thankYou) pages.push(page(store, order, plan.paid, privacy, who, storage, last, last + 1));
    yield { orderLegacyId: order.legacyId, pages };
  }
}

/** The page of a checkout showing steps `from`…`to − 1`. */
function page(
  store: DemoStore,
  order: DemoOrder,
  checkout: PlantedCheckout,
  privacy: CustomerPrivacyState,
  who: { clientId: string; cookies: Record<string, string>; viewportWidth: number },
  sessionStorage: Record<string, string>,
  from: number,
  to: number,
): PixelPage {
  const thankYou = from === CHECKOUT_STEPS.length - 1;
  const pathname = `/checkouts/cn/${checkout.token}/${thankYou ? 'thank-you' : 'information'}`;
  const url = new URL(pathname, DEMO_STOREFRONT_URL);
  const currency = order.presentmentCurrencyCode;
  const scale = 10 ** currencyDigitsOf(currency);
  const money = (minor: number): MoneyV2 => ({
    amount: Math.round(minor * order.presentmentRate) / scale,
    currencyCode: currency,
  });
  const visitorId = who.cookies._upside_vid;
  const events = CHECKOUT_STEPS.slice(from, to).map(
    (name, k): ShopifyCheckoutEvent => ({
      id: `sh-${checkout.token}-${from + k}`,
      name,
      type: 'standard',
      clientId: who.clientId,
      seq: from + k + 1,
      timestamp: new Date(checkout.stepsAtMs[from + k]!).toISOString(),
      context: {
        document: {
          location: { href: url.href, host: url.host, pathname, search: '' },
          referrer: thankYou ? url.href.replace('thank-you', 'information') : `${DEMO_STOREFRONT_URL}/cart`,
        },
        window: { innerWidth: who.viewportWidth, innerHeight: who.viewportWidth < 500 ? 844 : 900 },
      },
      data: {
        checkout: {
          token: checkout.token,
          currencyCode: currency,
          email: from + k >= 1 ? order.email : null,
          totalPrice: money(order.totalMinor),
          subtotalPrice: money(order.subtotalMinor - order.discountMinor),
          lineItems: order.lineItems.map((line) => ({
            id: line.id,
            title: line.title,
            quantity: line.quantity,
            finalLinePrice: money(line.unitPriceMinor * line.quantity - line.discountMinor),
          })),
          order:
            name === 'checkout_completed'
              ? { id: `gid://shopify/OrderIdentity/${order.legacyId}`, customer: null }
              : null,
        },
      },
    }),
  );
  return {
    init: {
      context: { document: { location: { href: url.href } } },
      data: {
        shop: {
          myshopifyDomain: store.shop.myshopifyDomain,
          storefrontUrl: DEMO_STOREFRONT_URL,
          name: store.shop.name,
        },
        cart: thankYou
          ? null
          : {
              id: `gid://shopify/Cart/${checkout.token}?key=demo`,
              totalQuantity: order.lineItems.reduce((sum, line) => sum + line.quantity, 0),
              attributes:
                visitorId && order.site?.cartAttribute ? [{ key: '_upside_vid', value: visitorId }] : [],
            },
        customer: null,
      },
      customerPrivacy: privacy,
    },
    cookies: who.cookies,
    sessionStorage,
    events,
  };
}
