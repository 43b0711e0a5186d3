import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ExchangeRateStatusSchema, ManualRateBodySchema } from '../../../shared/contracts/exchange-rates.ts';
import { EcbFeedError } from '../../domain/currency/ecb-feed.ts';
import { ecbFeedUrlOf, fetchAndStoreEcbRates } from '../../domain/currency/fetch-ecb-rates.ts';
import { AppError } from '../../errors.ts';
import { requireAuth, requireRole } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import { enterManualRate, readRateStatus } from './manual-rates.ts';

const OWNERS_AND_ADMINS = ['owner', 'admin'] as const;

/** Exchange rates for the All-stores views (issue #17 item 1): the feed's state, fetch now, enter by hand. */
export function registerExchangeRateRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const status = (teamId: string) => readRateStatus(deps.db, teamId, ecbFeedUrlOf(deps));
  api.get(
    '/api/exchange-rates',
    { config: { access: 'read' }, schema: { response: { 200: ExchangeRateStatusSchema } } },
    async (request) => status(requireAuth(request).teamId),
  );
  api.post(
    '/api/exchange-rates',
    {
      config: { access: 'connections' },
      schema: { body: ManualRateBodySchema, response: { 201: ExchangeRateStatusSchema } },
    },
    async (request, reply) => {
      const principal = requireRole(
        request,
        [...OWNERS_AND_ADMINS],
        'Only owners and admins can enter rates.',
      );
      await enterManualRate(deps.db, principal, request.body, deps.clock());
      return reply.status(201).send(await status(principal.teamId));
    },
  );
  api.post(
    '/api/exchange-rates/fetch',
    { config: { access: 'connections' }, schema: { response: { 200: ExchangeRateStatusSchema } } },
    async (request) => {
      const principal = requireRole(
        request,
        [...OWNERS_AND_ADMINS],
        'Only owners and admins can fetch rates.',
      );
      try {
        await fetchAndStoreEcbRates(deps);
      } catch (error) {
        if (!(error instanceof EcbFeedError)) throw error;
        throw new AppError(
          502,
          'rates_unreachable',
          `Could not fetch the ECB's rates: ${error.message}. Enter the rates you need by hand.`,
        );
      }
      return status(principal.teamId);
    },
  );
}
