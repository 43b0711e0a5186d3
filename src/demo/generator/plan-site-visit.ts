import { createHash } from 'node:crypto';
import type { DemoJourney, DemoSiteVisit, DemoVisit } from '../model.ts';
import type { DemoJoinMethod } from '../model-terms.ts';
import { hashString, mixSeeds, Rng } from '../prng.ts';

/**
 * Planted first-party sessions (issue 16). Shares per revenue order, from what merchants report for
 * first-party pixels (Triple Whale and Northbeam quote 85–95 % attribution rates):
 * - 8 %: no session at all (ad blocker, consent declined, bought from another device);
 * - 78 %: the tracker wrote `_upside_vid` into the cart → joined by visitor id;
 * - 6 %: the cart write failed but the session saw the cart token → joined by checkout token;
 * - 4 %: neither; the landing page and its UTM parameters match when the visit had UTMs;
 * - 4 %: neither; a signed-in customer's e-mail hash matches when the buyer has an account.
 * The join's fallbacks run in that order, so `joinBy` names the first that can find the session: a
 * visit with UTM parameters is found by landing page + UTM whichever of the last two shares it is in.
 * Drawn from their own stream (seeded by the order's seed), so no other demo number moves.
 */
const NO_SESSION = 0.08;
const CART_ATTRIBUTE = 0.86;
const CART_TOKEN = 0.92;
const LANDING_ONLY = 0.96;

/** The demo shop's storefront (its primaryDomainUrl). */
export const DEMO_STOREFRONT_URL = 'https://shop.upside-demo.example';

const VIEWPORTS = [390, 414, 768, 1024, 1366, 1440, 1920];

/**
 * The storefront's A/B test (decision 064): 60 % of visits land in it through an A/B tool that
 * adds `upside_exp=hero-banner:<variant>` to the landing URL, half in each variant.
 */
export const DEMO_EXPERIMENT = { key: 'hero-banner', share: 0.6 } as const;

/** The demo shop's cart/checkout token of an order: stable, unique, Shopify-like. */
export function cartTokenOf(orderLegacyId: number): string {
  return `c1-${mixSeeds(orderLegacyId, hashString('cart')).toString(16)}${orderLegacyId.toString(36)}`;
}

/** sha256 hex of a lower-cased, trimmed e-mail: what the storefront snippet and the sync both send. */
export function emailHashOf(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

/** The tracker's session that led to a (non-test) order, or null when the tracker saw none. */
export function planSiteVisit(order: {
  seed: number;
  legacyId: number;
  journey: DemoJourney | null;
  email: string | null;
  signedIn: boolean;
}): DemoSiteVisit | null {
  const journey = order.journey;
  if (!journey) return null;
  const rng = new Rng(mixSeeds(order.seed, hashString('first-party session')));
  const u = rng.next();
  if (u < NO_SESSION) return null;
  const visit = journey.lastVisit;
  const id = order.legacyId.toString(36);
  const query = landingQuery(visit, id);
  const { source, medium, campaign, content, term } = visit.utm;
  const hasUtm = [source, medium, campaign, content, term].some((value) => value !== null);
  const cartAttribute = u < CART_ATTRIBUTE;
  const sawCart = u < CART_TOKEN;
  const signedIn = order.signedIn && order.email !== null && u >= LANDING_ONLY;
  let joinBy: DemoJoinMethod | null = null;
  if (cartAttribute) joinBy = 'visitor_id';
  else if (sawCart) joinBy = 'checkout_token';
  // Landing + UTM runs before the e-mail hash, so it finds a signed-in shopper's visit with UTMs first.
  else if (hasUtm) joinBy = 'landing_utm';
  else joinBy = signedIn ? 'email_hash' : null;
  const viewportWidth = VIEWPORTS[rng.int(0, VIEWPORTS.length - 1)]!;
  // Drawn after every other draw of this stream, so no earlier planted figure moves.
  const e = rng.next();
  const heroVariant = e >= DEMO_EXPERIMENT.share ? null : e < DEMO_EXPERIMENT.share / 2 ? 'control' : 'bold';
  // An A/B tool keeps a visitor in one variant, so the first visit landed in it too.
  const experiment = heroVariant ? [`upside_exp=${DEMO_EXPERIMENT.key}:${heroVariant}`] : [];
  const first = journey.firstVisit;
  return {
    sessionId: `ds${id}`,
    visitorId: `dv${id}`,
    startedAtMs: visit.occurredAtMs,
    landingUrl: landingUrlOf(visit.landingPage, [...query, ...experiment]),
    referrer: visit.referrerUrl ?? '',
    viewportWidth,
    cartAttribute,
    sawCart,
    emailHash: signedIn ? emailHashOf(order.email!) : null,
    joinBy,
    heroVariant,
    firstVisit:
      first === visit
        ? null
        : {
            sessionId: `ds${id}-first`,
            startedAtMs: first.occurredAtMs,
            landingUrl: landingUrlOf(first.landingPage, [...landingQuery(first, `${id}f`), ...experiment]),
            referrer: first.referrerUrl ?? '',
          },
  };
}

/** The gclid and ttclid of a click id, as landing URLs carry them. */
export const gclidOf = (clickId: string) => `Cj0K${clickId}`;
export const ttclidOf = (clickId: string) => `E.C.P.${clickId}`;

/** A visit's UTM parameters and its ad click id (`clickId` makes it unique), as query pairs. */
function landingQuery(visit: DemoVisit, clickId: string): string[] {
  const utm = visit.utm;
  const query: string[] = [];
  for (const [key, value] of [
    ['utm_source', utm.source],
    ['utm_medium', utm.medium],
    ['utm_campaign', utm.campaign],
    ['utm_content', utm.content],
    ['utm_term', utm.term],
  ] as const)
    if (value !== null) query.push(`${key}=${encodeURIComponent(value)}`);
  if (visit.channel === 'meta_ads') query.push(`fbclid=IwAR${clickId}`);
  if (visit.channel === 'google_ads') query.push(`gclid=${gclidOf(clickId)}`);
  if (visit.channel === 'tiktok_ads') query.push(`ttclid=${ttclidOf(clickId)}`);
  return query;
}

function landingUrlOf(landingPage: string, query: readonly string[]): string {
  return `${DEMO_STOREFRONT_URL}${landingPage}${query.length ? `?${query.join('&')}` : ''}`;
}
