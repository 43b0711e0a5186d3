import { z } from 'zod';

/**
 * zod schemas of the GA4 Data API v1beta JSON (contracts/external-apis.md §2). proto3 JSON drops
 * default values, so an empty report has no `rows` and maybe no `rowCount`: both default here.
 * All dimension and metric values are strings on the wire.
 */

const ValueSchema = z.object({ value: z.string().optional().default('') });

export const ReportRowSchema = z.object({
  dimensionValues: z.array(ValueSchema).optional().default([]),
  metricValues: z.array(ValueSchema).optional().default([]),
});

export const RunReportResponseSchema = z.object({
  dimensionHeaders: z
    .array(z.object({ name: z.string() }))
    .optional()
    .default([]),
  metricHeaders: z
    .array(z.object({ name: z.string(), type: z.union([z.string(), z.number()]).optional() }))
    .optional()
    .default([]),
  rows: z.array(ReportRowSchema).optional().default([]),
  totals: z.array(ReportRowSchema).optional(),
  rowCount: z.number().int().optional().default(0),
  metadata: z
    .object({ currencyCode: z.string().optional(), timeZone: z.string().optional() })
    .loose()
    .optional(),
  /** Present when the request set `returnPropertyQuota` (external-apis §2.7). */
  propertyQuota: z
    .object({
      tokensPerDay: z.object({ consumed: z.number(), remaining: z.number() }).optional(),
      tokensPerHour: z.object({ consumed: z.number(), remaining: z.number() }).optional(),
    })
    .loose()
    .optional(),
});
export type Ga4RunReportResponse = z.infer<typeof RunReportResponseSchema>;

export const GoogleErrorBodySchema = z.object({
  error: z.object({
    code: z.number().optional(),
    message: z.string().optional(),
    status: z.string().optional(),
  }),
});

export const TokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().optional(),
  token_type: z.string().optional(),
});

export const TokenErrorSchema = z.object({
  error: z.string(),
  error_description: z.string().optional(),
});

export interface Ga4RunReportRequest {
  dateRanges: Array<{ startDate: string; endDate: string; name?: string }>;
  dimensions?: Array<{ name: string }>;
  metrics: Array<{ name: string }>;
  orderBys?: Array<
    | { metric: { metricName: string }; desc?: boolean }
    | { dimension: { dimensionName: string; orderType?: string }; desc?: boolean }
  >;
  limit?: number;
  offset?: number;
  metricAggregations?: string[];
  keepEmptyRows?: boolean;
  /** Ask for the property's quota state in the response (sync pacing, freshness panel). */
  returnPropertyQuota?: boolean;
}
