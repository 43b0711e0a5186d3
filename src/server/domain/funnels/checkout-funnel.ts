import type { Funnel } from '../../../shared/contracts/funnels.ts';
import { CHECKOUT_STEPS } from '../../../shared/pixel-event-names.ts';

/**
 * The built-in checkout funnel (issue 40): Shopify's checkout events as the custom pixel reports
 * them, in checkout order, within a day of starting checkout.
 */
export const CHECKOUT_FUNNEL: Omit<Funnel, 'createdAt'> = {
  /** Its key in the pre-aggregates (decision 134) and where a funnel id goes in the API. */
  id: 'checkout',
  name: 'Checkout',
  steps: CHECKOUT_STEPS.map((value) => ({ kind: 'event' as const, value })),
  windowMinutes: 24 * 60,
};
