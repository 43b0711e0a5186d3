import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CampaignPerformanceSchema, CampaignPeriodQuerySchema } from '../../../shared/contracts/campaigns.ts';
import { dayRangeRequestOf } from '../../../shared/contracts/date-range.ts';
import { readCampaignPerformance } from '../../domain/campaigns/read-campaigns.ts';
import { requireAuth } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import { readOnReplica } from '../../http/read-replica-routing.ts';

/** Campaign Performance: Meta campaigns with store-verified revenue over 7, 30 or 90 days. */
export function registerCampaignRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/campaigns',
    {
      config: { access: 'read' },
      schema: { querystring: CampaignPeriodQuerySchema, response: { 200: CampaignPerformanceSchema } },
    },
    async (request) => {
      const { workspaceId } = requireAuth(request);
      // A heavy read: on the read replica when one is configured and fresh (decision 126).
      return readOnReplica(deps, request, (db) =>
        readCampaignPerformance(
          { db, caches: deps.caches },
          workspaceId,
          dayRangeRequestOf(request.query),
          deps.clock(),
        ),
      );
    },
  );
}
