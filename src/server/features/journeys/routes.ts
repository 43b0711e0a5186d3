import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FirstPartyAttributionQuerySchema,
  FirstPartyAttributionSchema,
  FirstPartyHealthQuerySchema,
  FirstPartyHealthSchema,
} from '../../../shared/contracts/first-party.ts';
import { readFirstPartyAttribution } from '../../domain/journeys/read-first-party-attribution.ts';
import { requireAuth } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import { readFirstPartyHealth } from './read-first-party-health.ts';

/**
 * First-party journeys (issue 16): the attribution-rate health of the tracker's join to orders, and
 * the seven attribution models over the joined journeys beside the store's, GA4's and Meta's figures.
 */
export function registerJourneyRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/attribution/first-party/health',
    {
      config: { access: 'read' },
      schema: { querystring: FirstPartyHealthQuerySchema, response: { 200: FirstPartyHealthSchema } },
    },
    async (request) =>
      readFirstPartyHealth(deps.db, requireAuth(request).workspaceId, request.query, deps.clock()),
  );
  api.get(
    '/api/attribution/first-party',
    {
      config: { access: 'read' },
      schema: {
        querystring: FirstPartyAttributionQuerySchema,
        response: { 200: FirstPartyAttributionSchema },
      },
    },
    async (request) =>
      readFirstPartyAttribution(
        deps,
        requireAuth(request).workspaceId,
        { period: Number(request.query.period), model: request.query.model },
        deps.clock(),
      ),
  );
}
