import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import Negotiator from 'negotiator';
import { ProfitQuerySchema, ProfitReportSchema } from '../../../shared/contracts/profit.ts';
import {
  findSessionWithReportContext,
  type ReportContext,
  readReportContext,
} from '../../domain/profit/profit-queries.ts';
import { type ProfitBodyEncoding, readProfitReportBody } from '../../domain/profit/read-profit-report.ts';
import { requireAuth, sessionTokenOf } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';

/** The Profit page's P&L (issue #13): any range of shop days, by day, week or month, compared or not. */
export function registerProfitRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The report context each request read with its session, until its handler runs.
  const contexts = new WeakMap<FastifyRequest, ReportContext>();
  api.get(
    '/api/profit',
    {
      schema: { querystring: ProfitQuerySchema, response: { 200: ProfitReportSchema } },
      // The session and the report context (versions, shop, expenses) in one query: a kept answer
      // then costs one round trip. An API token's principal is already set (its own hook).
      config: { access: 'costs:read', readsOwnSession: true },
      // A signed-out caller gets 401 before the query is judged, like every other private read.
      preValidation: async (request) => {
        const token = sessionTokenOf(request);
        if (!request.auth && token) {
          const found = await findSessionWithReportContext(deps.db, token, deps.clock());
          request.auth = found?.principal ?? null;
          if (found) contexts.set(request, found.context);
        }
        const { workspaceId } = requireAuth(request);
        if (!contexts.has(request)) contexts.set(request, await readReportContext(deps.db, workspaceId));
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
        contexts.get(request),
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
