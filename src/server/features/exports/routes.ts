import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DailyPnlQuerySchema, ExportQuerySchema } from '../../../shared/contracts/exports.ts';
import { requireAuth } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import { redactionFor } from '../../http/plugins/permissions.ts';
import { readOnReplica } from '../../http/read-replica-routing.ts';
import { dailyPnlCsv } from './daily-pnl.ts';
import { loadExportDatasets } from './load-export-datasets.ts';
import { readExportContext } from './read-export-context.ts';
import { streamExport } from './stream-export.ts';

/**
 * `GET /api/export/<dataset>.csv?from&to`, one route per file in ./datasets (so each is listed in
 * the OpenAPI document); a name without a file is the app's usual 404. Session or API token.
 * Beside them, `GET /api/export/daily-pnl.csv?from&to`: the P&L by shop day (decision 089).
 */
export async function registerExportRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/export/daily-pnl.csv',
    {
      config: { access: 'costs:read', audit: 'export.downloaded' },
      schema: {
        summary: 'Export the daily P&L as CSV',
        description:
          'One row per shop day of from..to (both required, inclusive) with every line of GET /api/profit for that day (decision 088 sales definitions); the rows add up to /api/profit over the same range to the cent. RFC 4180 CSV; money as exact decimal strings of the shop currency.',
        tags: ['exports'],
        querystring: DailyPnlQuerySchema,
      },
    },
    async (request, reply) => {
      const { workspaceId } = requireAuth(request);
      const { from, to } = request.query;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="daily-pnl_${from}_${to}.csv"`)
        .header('cache-control', 'no-store')
        .send(
          await readOnReplica(deps, request, (db) =>
            dailyPnlCsv({ db, caches: deps.caches }, workspaceId, { from, to }),
          ),
        );
    },
  );
  for (const [name, dataset] of await loadExportDatasets()) {
    api.get(
      `/api/export/${name}.csv`,
      {
        config: { access: 'read', audit: 'export.downloaded', personalData: dataset.personalData ?? false },
        schema: {
          summary: `Export ${name} as CSV`,
          description: `${dataset.description} RFC 4180 CSV with a header row; money as exact decimal strings, days in the shop time zone.`,
          tags: ['exports'],
          querystring: ExportQuerySchema,
        },
      },
      async (request, reply) => {
        const { workspaceId } = requireAuth(request);
        // On the read replica when one is fresh (decision 126); the stream reads where the context was read.
        const { db, context } = await readOnReplica(deps, request, async (db) => ({
          db,
          context: await readExportContext(db, workspaceId, request.query),
        }));
        const window = `${context.from ?? 'start'}_${context.to ?? 'end'}`;
        const body = streamExport(db, dataset, context, redactionFor(request), (error) =>
          request.log.error({ err: error, dataset: name }, 'export failed mid-stream'),
        );
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}_${window}.csv"`)
          .header('cache-control', 'no-store')
          .send(body);
      },
    );
  }
}
