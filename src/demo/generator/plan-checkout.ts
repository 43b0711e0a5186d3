import { CHECKOUT_STEPS } from '../../shared/pixel-event-names.ts';
import type { DemoOrder } from '../model.ts';
import { hashString, mixSeeds, Rng } from '../prng.ts';

export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

/**
 * Planted checkouts (issue 40, decision 113), drawn from each order's own stream so no other
 * planted figure moves, and added to existing journeys only (no new storefront session):
 * - an order whose buyer the theme tracker never saw (planSiteVisit's "no session") is planted as a
 *   consent refusal: the visitor declined analytics, so the pixel runs but sends nothing;
 * - every other order's last session checks out; on 3 % of them the Thank-you page never loads
 *   (contract §3.5: `checkout_completed` then never fires), so only the tracker's join can find them;
 * - 60 % of consenting buyers also allow marketing, so the pixel sends their e-mail hash;
 * - 40 % of the journeys with an earlier visit started a checkout in that visit and left it after
 *   step 1–5 (weights ABANDON_WEIGHTS): the abandoned checkouts, with a token of their own.
 */
const THANK_YOU_MISSING = 0.03;
const MARKETING = 0.6;
const ABANDONED = 0.4;
/** Left after checkout_started, contact, address, shipping, payment. */
const ABANDON_WEIGHTS = [0.3, 0.25, 0.2, 0.15, 0.1];
/** The checkout opens this long after the visit's landing (the tracker's last event is at +75 s). */
const CHECKOUT_AFTER_MS = 80_000;

/** One planted checkout: its token, the times of the steps it reached, in step order. */
export interface PlantedCheckout {
  token: string;
  stepsAtMs: number[];
}

export interface CheckoutPlan {
  /** The visitor allowed analytics processing (Customer Privacy), so the pixel may send. */
  analytics: boolean;
  marketing: boolean;
  /** The paid checkout of the order (all six steps, the last at the order's creation). */
  paid: PlantedCheckout;
  /** The Thank-you page loaded, so `checkout_completed` fired. */
  thankYou: boolean;
  /** A checkout started in the journey's earlier visit and left unfinished, or null. */
  abandoned: PlantedCheckout | null;
}

/** The checkouts of one order's journey; null for orders with no online journey (test orders). */
export function planCheckout(order: DemoOrder, storeSeed: number): CheckoutPlan | null {
  if (!order.journey) return null;
  const rng = new Rng(mixSeeds(storeSeed, order.legacyId, hashString('checkout')));
  const site = order.site;
  const analytics = site !== null;
  const marketing = analytics && rng.chance(MARKETING);
  const thankYou = !rng.chance(THANK_YOU_MISSING);
  const startedAtMs = (site?.startedAtMs ?? order.journey.lastVisit.occurredAtMs) + CHECKOUT_AFTER_MS;
  const paid = { token: order.cartToken, stepsAtMs: spread(rng, startedAtMs, order.createdAtMs) };
  let abandoned: PlantedCheckout | null = null;
  const first = site?.firstVisit;
  if (first && rng.chance(ABANDONED)) {
    const reached = rng.weightedIndex(ABANDON_WEIGHTS) + 1;
    const stepsAtMs = [first.startedAtMs + CHECKOUT_AFTER_MS];
    for (let s = 1; s < reached; s += 1) stepsAtMs.push(stepsAtMs[s - 1]! + rng.int(30, 150) * 1000);
    abandoned = { token: `${order.cartToken}a`, stepsAtMs };
  }
  return { analytics, marketing, paid, thankYou, abandoned };
}

/** Six step times from `fromMs` to `toMs` (the order), in order, at jittered even spacing. */
function spread(rng: Rng, fromMs: number, toMs: number): number[] {
  const span = Math.max(toMs - fromMs, CHECKOUT_STEPS.length * 1000);
  const start = toMs - span;
  return CHECKOUT_STEPS.map((_, s) =>
    s === CHECKOUT_STEPS.length - 1
      ? toMs
      : Math.round(start + (span * (s + rng.uniform(0.1, 0.6))) / CHECKOUT_STEPS.length),
  );
}
