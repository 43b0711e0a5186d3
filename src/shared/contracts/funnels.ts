import { z } from 'zod';
import { MoneySchema } from '../money.ts';
import { ViewportBucketSchema } from './cursor-tracking.ts';
import { experimentName } from './heatmap-insights.ts';

/**
 * Funnels (issue 40): ordered steps by standard event (a Shopify customer event or a tracker event
 * such as `page_view`), URL pattern (`*` any run of characters, query ignored) or clicked element
 * (CSS selector), passed in order within `windowMinutes` of the first step.
 */
export const FunnelStepSchema = z
  .object({
    kind: z.enum(['event', 'url', 'element']),
    value: z.string().trim().min(1, 'value is required').max(512),
  })
  .strict();

export const CreateFunnelSchema = z
  .object({
    name: z.string().trim().min(1, 'name is required').max(100),
    steps: z.array(FunnelStepSchema).min(1, 'a funnel needs at least one step').max(10, 'at most 10 steps'),
    windowMinutes: z
      .number()
      .int()
      .min(1)
      .max(60 * 24 * 30),
  })
  .strict();
export type CreateFunnel = z.infer<typeof CreateFunnelSchema>;

export const FunnelSchema = CreateFunnelSchema.extend({ id: z.string(), createdAt: z.string() });
export type Funnel = z.infer<typeof FunnelSchema>;

/** `checkout` is the built-in checkout funnel; any other id is a saved funnel's uuid. */
export const FunnelParamsSchema = z.object({
  id: z.union([z.literal('checkout'), z.uuid('id must be a funnel id or "checkout"')]),
});

const day = z.iso.date();
/** An RFM segment name as /customers shows it (checked against the segment names by the server). */
export const FunnelSegmentSchema = z.string().trim().min(1).max(60);

/**
 * Sessions started on shop-local days `from`–`to` (default: the last 30 days), of one device,
 * channel or UTM campaign, of new or returning visitors (a returning visitor's earlier session is
 * known to the tracker), in one A/B variant (`experiment` and `variant`, decision 064), or of
 * visitors whose customer is in one RFM segment of the latest analysis run (`segment`, the names
 * of /customers; decision 118).
 */
export const FunnelReportQuerySchema = z
  .object({
    from: day.optional(),
    to: day.optional(),
    device: ViewportBucketSchema.optional(),
    channel: z.string().min(1).max(64).optional(),
    campaign: z.string().min(1).max(256).optional(),
    visitor: z.enum(['new', 'returning']).optional(),
    experiment: experimentName.optional(),
    variant: experimentName.optional(),
    segment: FunnelSegmentSchema.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['from'],
  })
  .refine((q) => !q.experiment || q.variant, {
    message: 'variant is required with experiment',
    path: ['variant'],
  })
  .refine((q) => !q.variant || q.experiment, {
    message: 'experiment is required with variant',
    path: ['experiment'],
  });
export type FunnelReportQuery = z.infer<typeof FunnelReportQuerySchema>;

/**
 * Per step: sessions that passed it, conversion from step 1, median seconds from the previous step
 * (null when none got here), drop-off from the previous step, and the revenue (`MoneySchema`, in the
 * shop currency) of the orders joined to those sessions with its share of the period's revenue, and
 * their contribution margin (after COGS at the time of sale, shipping cost, payment fees and refunds;
 * before marketing). Amounts are summed in minor units and written once (decision 170).
 */
export const FunnelReportSchema = z.object({
  name: z.string(),
  from: day,
  to: day,
  currency: z.string(),
  steps: z.array(
    z.object({
      name: z.string(),
      sessions: z.number().int(),
      conversionRate: z.number(),
      medianSeconds: z.number().nullable(),
      dropOff: z.number().int(),
      revenue: MoneySchema,
      revenueShare: z.number(),
      contribution: MoneySchema,
    }),
  ),
});
export type FunnelReport = z.infer<typeof FunnelReportSchema>;

/** A step of a funnel by its position (1 = the first step). */
export const FunnelStepParamsSchema = FunnelParamsSchema.extend({
  step: z.coerce.number().int('step must be a whole number').min(1, 'step starts at 1').max(10),
});

/**
 * GET /api/funnels/:id/steps/:step/sessions (issue 40): the sessions that passed the step, and of
 * them those that went no further ("left here"; at the last step, every session that completed):
 * where they left — each exit page with its website's tracking id, for its heatmap — and the latest
 * sessions (at most 50, those that left here first), with their device, exit page, the furthest
 * step they passed and the revenue of their orders (`MoneySchema`, in the shop currency).
 */
export const FunnelStepSessionsSchema = z.object({
  name: z.string(),
  step: z.number().int(),
  from: day,
  to: day,
  currency: z.string(),
  sessions: z.number().int(),
  leftHere: z.number().int(),
  exitPages: z.array(z.object({ trackingId: z.string(), pageUrl: z.string(), sessions: z.number().int() })),
  latest: z.array(
    z.object({
      sessionId: z.string(),
      trackingId: z.string(),
      startedAt: z.string(),
      device: z.string().nullable(),
      exitPage: z.string(),
      furthestStep: z.number().int(),
      revenue: MoneySchema,
    }),
  ),
});
export type FunnelStepSessions = z.infer<typeof FunnelStepSessionsSchema>;
