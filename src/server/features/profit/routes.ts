import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import Negotiator from 'negotiator';
import { ProfitQuerySchema, ProfitReportSchema } from '../../../shared/contracts/profit.ts';
import { requireAuth } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import { type ProfitBodyEncoding, readProfitReportBody } from './read-profit-report.ts';

/** The Profit page's P&L (issue #13): any range of shop days, by day, week or month, compared or not. */
export function registerProfitRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/profit',
    {
      schema: { querystring: ProfitQuerySchema, response: { 200: ProfitReportSchema } },
      // A signed-out caller gets 401 before the query is judged, like every other private read.
      preValidation: async (request) => {
        requireAuth(request);
      },
    },
    // The body arrives checked against ProfitReportSchema and serialized (kept per answer), so it
    // is sent as it is rather than encoded again; gzip when the client accepts it.
    async (request, reply) => {
      const encoding =
        new Negotiator(request.raw).encoding(['gzip', 'identity']) === 'gzip' ? 'gzip' : 'identity';
      const body = await readProfitReportBody(
        deps,
        requireAuth(request).workspaceId,
        request.query,
        encoding,
      );
      return sendKeptBody(reply, body, encoding);
    },
  );
}

/** Sends a body already checked against the route's schema and serialized, as it is. */
function sendKeptBody(reply: FastifyReply, body: Buffer, encoding: ProfitBodyEncoding): FastifyReply {
  reply.header('vary', 'Accept-Encoding').type('application/json; charset=utf-8');
  if (encoding === 'gzip') reply.header('content-encoding', 'gzip');
  return reply.send(body);
}
