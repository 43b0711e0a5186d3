import { z } from 'zod';

/** The four unauthenticated service probes shown on /public-service-test. */
export const PUBLIC_SERVICES = ['health', 'basic-stats', 'config', 'sample-data'] as const;
export type PublicService = (typeof PUBLIC_SERVICES)[number];

/** Response of every GET /api/public/{service} (spec §3 "Public service response"). */
export const PublicServiceResponseSchema = z.object({
  message: z.string(),
  status: z.string(),
  uptime: z.number(),
  environment: z.string(),
  data: z.record(z.string(), z.unknown()),
  config: z.record(z.string(), z.unknown()),
  endpoints: z.array(z.string()),
  note: z.string(),
  timestamp: z.string(),
});
export type PublicServiceResponse = z.infer<typeof PublicServiceResponseSchema>;
