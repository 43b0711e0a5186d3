import { z } from 'zod';
import { ViewportBucketSchema } from '../../../shared/contracts/cursor-tracking.ts';
import { FunnelParamsSchema, FunnelSegmentSchema } from '../../../shared/contracts/funnels.ts';
import { CHECKOUT_FUNNEL } from '../funnels/checkout-funnel.ts';
import { getFunnel } from '../funnels/manage-funnels.ts';
import { readFunnelReport } from '../funnels/read-funnel-report.ts';
import { defineTool } from './tool-definition.ts';
import { rangeInput } from './tool-window.ts';

/**
 * The funnel report of GET /api/funnels/:id/report (issue 40, decision 108) for Ask Upside (issue
 * 42): the built-in checkout funnel or a saved one, over shop days from..to, optionally of one
 * device bucket, channel, campaign, kind of visitor or RFM segment.
 */
export const getFunnelReport = defineTool({
  name: 'get_funnel',
  title: 'Funnel report',
  description:
    'A funnel over sessions started on shop days from..to: the built-in checkout funnel (funnel "checkout", Shopify’s six checkout steps reported by the custom pixel) or a saved funnel by id; per step sessions, conversion from step 1, median seconds from the previous step, drop-off, and the revenue, share of revenue and contribution margin of the orders joined to those sessions. Same figures as GET /api/funnels/:id/report.',
  input: rangeInput({
    funnel: FunnelParamsSchema.shape.id
      .default('checkout')
      .describe('"checkout" (built in) or a saved funnel id from GET /api/funnels'),
    device: ViewportBucketSchema.optional().describe('Only sessions of this device bucket'),
    channel: z.string().min(1).max(64).optional().describe('Only sessions of this channel, e.g. meta_ads'),
    campaign: z
      .string()
      .min(1)
      .max(256)
      .optional()
      .describe('Only sessions that landed with this utm_campaign'),
    visitor: z
      .enum(['new', 'returning'])
      .optional()
      .describe('Only sessions of new visitors, or of visitors the tracker saw before'),
    segment: FunnelSegmentSchema.optional().describe(
      'Only sessions of visitors whose customer is in this RFM segment of the latest analysis (names as get_customer_segments gives them, e.g. Champions)',
    ),
  }),
  permission: 'read',
  async run({ deps, principal }, { funnel: id, from, to, device, channel, campaign, visitor, segment }) {
    const { workspaceId } = principal;
    const funnel = id === 'checkout' ? CHECKOUT_FUNNEL : await getFunnel(deps.db, workspaceId, id);
    const query = {
      from,
      to,
      ...(device ? { device } : {}),
      ...(channel ? { channel } : {}),
      ...(campaign ? { campaign } : {}),
      ...(visitor ? { visitor } : {}),
      ...(segment ? { segment } : {}),
    };
    const report = await readFunnelReport(deps.db, workspaceId, funnel, query, deps.clock());
    const search = new URLSearchParams(query as Record<string, string>);
    return {
      source: `/api/funnels/${id}/report?${search}`,
      window: { from: report.from, to: report.to, timeZone: null },
      currency: report.currency,
      definitions: {
        window:
          'Sessions that started on the shop days from..to (shop time zone), of the device, channel, campaign, visitors or RFM segment asked.',
        segment:
          'The RFM segment of the latest analysis run of the customer whose orders joined the visitor or the session.',
        visitor: 'returning: the tracker saw an earlier session of the same visitor; new: it did not.',
        steps: `${funnel.name}: ${funnel.steps.map((s) => `${s.kind} ${s.value}`).join(' → ')}, in order, each within ${funnel.windowMinutes} minutes of the first.`,
        sessions: 'Sessions that passed the step, in order.',
        conversionRate: 'sessions ÷ sessions of step 1.',
        medianSeconds: 'Median seconds from the previous step (null when no session got here).',
        dropOff: 'Sessions of the previous step that did not pass this one.',
        revenue:
          'Exact decimal string in the shop currency (`currency`): the orders joined to the step’s sessions (first-party join).',
        revenueShare: 'revenue ÷ the revenue of all revenue orders of the days.',
        contribution:
          'Exact decimal string in the shop currency: the contribution margin of those orders (after COGS at the time of sale, shipping cost, payment fees and refunds; before marketing).',
      },
      data: report,
    };
  },
});
