import { CHECKOUT_STEPS } from '../shared/pixel-event-names.ts';
import { type CheckoutStep, planCheckout } from './generator/plan-checkout.ts';
import type { DemoStore } from './model.ts';

/**
 * How a consenting revenue order is joined once the pixel reports checkouts: by the order id of its
 * completion, else (no Thank-you page) by the token of its other checkout steps.
 */
type CheckoutJoinMethod = 'pixel_order_id' | 'pixel_checkout_token';

/** The planted checkouts of the demo store (issue 40, decision 113), as ground-truth.json's `checkout`. */
export interface CheckoutTruth {
  /** Sessions reaching each step, in order, as the built-in checkout funnel counts them (all sessions). */
  steps: { name: CheckoutStep; sessions: number }[];
  /** Abandoned checkouts by the last step reached. */
  abandoned: { lastStep: CheckoutStep; checkouts: number }[];
  /** Paid checkouts whose Thank-you page never loaded (no `checkout_completed`). */
  thankYouMissing: number;
  /** Online orders whose buyer declined analytics: the pixel ran and sent nothing. */
  consentRefusals: number;
  /** Revenue orders (not test, not cancelled): all, with consent, and the consenting ones joinable by method. */
  join: {
    orders: number;
    consentingOrders: number;
    joinableOrders: number;
    consentingJoinableShare: number;
    byMethod: Record<CheckoutJoinMethod, number>;
  };
  note: string;
}

/** Tallies every order's planted checkouts (planCheckout) into the truth the funnel and the join are checked against. */
export function checkoutTruth(store: DemoStore): CheckoutTruth {
  const reached = CHECKOUT_STEPS.map(() => 0);
  const abandoned = CHECKOUT_STEPS.map(() => 0);
  const byMethod: Record<CheckoutJoinMethod, number> = {
    pixel_order_id: 0,
    pixel_checkout_token: 0,
  };
  let thankYouMissing = 0;
  let consentRefusals = 0;
  let orders = 0;
  let consentingOrders = 0;
  const reach = (steps: number) => {
    for (let s = 0; s < steps; s += 1) reached[s]! += 1;
  };
  for (let i = 0; i < store.orders.count; i += 1) {
    const order = store.getOrder(i);
    const plan = planCheckout(order, store.config.seed);
    if (!plan) continue;
    if (!plan.analytics) consentRefusals += 1;
    else {
      reach(plan.thankYou ? CHECKOUT_STEPS.length : CHECKOUT_STEPS.length - 1);
      if (!plan.thankYou) thankYouMissing += 1;
      if (plan.abandoned) {
        reach(plan.abandoned.stepsAtMs.length);
        abandoned[plan.abandoned.stepsAtMs.length - 1]! += 1;
      }
    }
    if (order.test || order.cancelledAtMs !== null) continue;
    orders += 1;
    // A refusal's buyer is one the tracker never saw (planCheckout): no journey of theirs to find.
    if (!plan.analytics) continue;
    consentingOrders += 1;
    byMethod[plan.thankYou ? 'pixel_order_id' : 'pixel_checkout_token'] += 1;
  }
  const joinableOrders = Object.values(byMethod).reduce((sum, n) => sum + n, 0);
  return {
    steps: CHECKOUT_STEPS.map((name, s) => ({ name, sessions: reached[s]! })),
    abandoned: CHECKOUT_STEPS.slice(0, -1).map((lastStep, s) => ({ lastStep, checkouts: abandoned[s]! })),
    thankYouMissing,
    consentRefusals,
    join: {
      orders,
      consentingOrders,
      joinableOrders,
      consentingJoinableShare:
        consentingOrders > 0 ? Math.round((joinableOrders / consentingOrders) * 10_000) / 10_000 : 0,
      byMethod,
    },
    note: 'Checkouts the custom pixel reports from the demo storefront (src/demo/generator/plan-checkout.ts states the shares): every order the tracker saw checks out in its last session, 3 % without a Thank-you page; 40 % of two-visit journeys abandoned a checkout in the earlier visit; orders the tracker never saw declined analytics consent. Join: revenue orders, the pixel’s completion first, else the checkout token of its other steps (no Thank-you page), (a refusal’s buyer left no journey to join).',
  };
}
