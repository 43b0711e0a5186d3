import type { Funnel } from '../../../shared/contracts/funnels.ts';

/**
 * The built-in checkout funnel (issue 40): Shopify's checkout events as the custom pixel reports
 * them, in checkout order, within a day of starting checkout.
 */
export const CHECKOUT_FUNNEL: Omit<Funnel, 'id' | 'createdAt'> = {
  name: 'Checkout',
  steps: [
    'checkout_started',
    'checkout_contact_info_submitted',
    'checkout_address_info_submitted',
    'checkout_shipping_info_submitted',
    'payment_info_submitted',
    'checkout_completed',
  ].map((value) => ({ kind: 'event' as const, value })),
  windowMinutes: 24 * 60,
};
