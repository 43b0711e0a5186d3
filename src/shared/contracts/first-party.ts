import { z } from 'zod';
import { CurrencySchema, MoneySchema } from '../money.ts';
import { StatsPeriodSchema } from './opportunities.ts';

/**
 * First-party attribution health (issue 16): how many orders our own tracker's sessions explain.
 * `rate` = joinedOrders ÷ orders over revenue orders (not test, not cancelled) of the shop-local
 * days `from`–`to`; grade 'good' at ≥ 90 %, 'fair' at ≥ 80 %, else 'poor', with the likely causes.
 * Without `from` and `to` the days are the metric window of the last `period` days (30 by default),
 * ending on the shop's last complete day like every other figure of the same period (decision 011).
 */
const day = z.iso.date();
export const FirstPartyHealthQuerySchema = z
  .object({ from: day.optional(), to: day.optional(), period: StatsPeriodSchema.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['from'],
  });
export type FirstPartyHealthQuery = z.infer<typeof FirstPartyHealthQuerySchema>;

/** Why an order has no journey (issue 40), in the attribution-rate card's order. */
export const UNJOINED_REASONS = ['no_consent', 'unmatched', 'pos_or_draft', 'no_journey'] as const;
export type UnjoinedReason = (typeof UNJOINED_REASONS)[number];

export const FIRST_PARTY_GRADES = { good: 0.9, fair: 0.8 } as const;
const Grade = z.enum(['good', 'fair', 'poor']);
export type FirstPartyGrade = z.infer<typeof Grade>;

const Rate = z.object({ orders: z.number().int(), joinedOrders: z.number().int(), rate: z.number() });

export const FirstPartyHealthSchema = Rate.extend({
  from: day,
  to: day,
  grade: Grade,
  /**
   * Joined orders by the fallback that found them: the Shopify pixel's completed checkout (by order
   * id, checkout token, cart token, e-mail hash; issue 40), then the theme tracker's visitor id,
   * checkout token, landing + UTM, e-mail hash.
   */
  byMethod: z.object({
    pixel_order_id: z.number().int(),
    pixel_checkout_token: z.number().int(),
    pixel_cart_token: z.number().int(),
    pixel_email_hash: z.number().int(),
    visitor_id: z.number().int(),
    checkout_token: z.number().int(),
    landing_utm: z.number().int(),
    email_hash: z.number().int(),
  }),
  /** By the channel of Shopify's last visit before the order. */
  byChannel: z.array(Rate.extend({ channel: z.string() })),
  byDay: z.array(Rate.extend({ day })),
  /** Likely causes of a rate below 'good', most likely first; empty when good. */
  causes: z.array(z.string()),
  /**
   * Issue 40: joined orders ÷ online orders (not POS, not draft) placed with consent — those whose
   * checkout the Shopify pixel saw with analytics consent (an event naming the order id, or carrying
   * its checkout or cart token); while no pixel event exists consent is unknown and the share is of
   * all online orders. Why the other orders have no journey: `no_consent` (estimated: an online
   * order the installed pixel never saw most likely had no analytics consent, or the pixel was
   * blocked), `unmatched` (placed with consent, yet no session found), POS or draft orders (no
   * online session exists), `no_journey` (no pixel installed and no tracker session found).
   */
  joinedShare: z.number(),
  /** Online orders placed with consent (the share's denominator); null while no pixel reports. */
  consentingOrders: z.number().int().nullable(),
  unjoined: z.array(z.object({ reason: z.enum(UNJOINED_REASONS), orders: z.number().int() })),
  /**
   * Work that joins orders to journeys is queued or running for the store (the analysis, whose
   * first step joins new orders; in demo mode, the storefront's recorded history): the figures above
   * are of the orders joined so far and will rise when it finishes; the one cause given says so.
   */
  updating: z.boolean(),
});
export type FirstPartyHealth = z.infer<typeof FirstPartyHealthSchema>;

/** The seven attribution models of src/core/attribution, by the names the CLI takes. */
export const ATTRIBUTION_MODELS = [
  'first',
  'last',
  'last-non-direct',
  'linear',
  'position',
  'markov',
  'shapley',
] as const;
export const AttributionModelSchema = z.enum(ATTRIBUTION_MODELS);

export const FirstPartyAttributionQuerySchema = z.object({
  period: StatsPeriodSchema.default('30'),
  model: AttributionModelSchema.default('last-non-direct'),
});

/**
 * First-party attribution (issue 16 item 3): one of the seven models over the journeys our own
 * tracker saw (each joined order's visitor sessions, 30 days back, ending with the order's
 * session), beside what the store credits (last non-direct click over Shopify's visits), what GA4
 * reports per channel and what Meta reports for its campaigns. Amounts are `MoneySchema` strings in
 * the shop `currency` (null before any data), summed in minor units and written once (decision 170);
 * platform figures are null when they are in another currency or the source is not connected.
 */
export const FirstPartyAttributionSchema = z.object({
  model: AttributionModelSchema,
  period: z.number().int(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** The shop currency of every amount below; null when there is no data yet. */
  currency: CurrencySchema.nullable(),
  /** Revenue orders of the period joined to a tracker session, and their order totals. */
  joinedOrders: z.number().int(),
  joinedRevenue: MoneySchema,
  /** Revenue orders of the period (joined or not). */
  orders: z.number().int(),
  channels: z.array(
    z.object({
      channel: z.string(),
      /** Model credit over first-party journeys: conversions (fractional for shared credit) and value. */
      conversions: z.number(),
      revenue: MoneySchema,
      /**
       * The store's credit (last non-direct click over Shopify's first and last visits), all orders,
       * before refunds like the columns beside it (net of refunds it is the channel table's figure).
       */
      storeRevenue: MoneySchema,
      /**
       * GA4's purchase revenue of the channel's source/medium, converted from the property currency
       * at each day's rate (decision 077); null without GA4 or when a day has no rate.
       */
      ga4ReportedRevenue: MoneySchema.nullable(),
      /** Meta's claimed purchase value (meta_ads only); null otherwise. */
      metaReportedRevenue: MoneySchema.nullable(),
    }),
  ),
  /** The model's credit per UTM campaign of the credited sessions (channel, campaign). */
  campaigns: z.array(
    z.object({
      channel: z.string(),
      campaign: z.string(),
      conversions: z.number(),
      revenue: MoneySchema,
    }),
  ),
  /** How the figures are computed, in words (shown on the page). */
  rule: z.string(),
  /** Set when GA4 reports in another currency than the shop's: converted, or not shown for want of a rate. */
  ga4CurrencyNote: z.string().nullable(),
});
export type FirstPartyAttribution = z.infer<typeof FirstPartyAttributionSchema>;
