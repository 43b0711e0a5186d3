import { z } from 'zod';

/**
 * First-party attribution health (issue 16): how many orders our own tracker's sessions explain.
 * `rate` = joinedOrders ÷ orders over revenue orders (not test, not cancelled) of the shop-local
 * days `from`–`to`; grade 'good' at ≥ 90 %, 'fair' at ≥ 80 %, else 'poor', with the likely causes.
 */
const day = z.iso.date();
export const FirstPartyHealthQuerySchema = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['from'],
  });
export type FirstPartyHealthQuery = z.infer<typeof FirstPartyHealthQuerySchema>;

export const FIRST_PARTY_GRADES = { good: 0.9, fair: 0.8 } as const;
const Grade = z.enum(['good', 'fair', 'poor']);
export type FirstPartyGrade = z.infer<typeof Grade>;

const Rate = z.object({ orders: z.number().int(), joinedOrders: z.number().int(), rate: z.number() });

export const FirstPartyHealthSchema = Rate.extend({
  from: day,
  to: day,
  grade: Grade,
  /** Joined orders by the fallback that found them: visitor id, checkout token, landing + UTM, e-mail hash. */
  byMethod: z.object({
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
});
export type FirstPartyHealth = z.infer<typeof FirstPartyHealthSchema>;
