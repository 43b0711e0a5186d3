import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ManualSpendLineInputSchema,
  ManualSpendLineParamsSchema,
  ManualSpendLineSchema,
  ManualSpendLinesResponseSchema,
  SpendImportQuerySchema,
  SpendImportRejectedSchema,
  SpendImportResponseSchema,
  SpendSheetInputSchema,
  SpendSheetParamsSchema,
  SpendSheetSchema,
  SpendSheetsResponseSchema,
} from '../../../shared/contracts/ad-spend-import.ts';
import { ErrorEnvelopeSchema } from '../../../shared/contracts/errors.ts';
import { requireAuth } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import { CsvRejectedError } from '../costs/services/read-csv.ts';
import { importSpendCsv } from './import-spend-csv.ts';
import { deleteManualSpendLine, listManualSpendLines, saveManualSpendLine } from './manual-spend-lines.ts';
import { addSpendSheet, deleteSpendSheet, listSpendSheets, refreshSpendSheet } from './spend-sheets.ts';

/** A year of daily rows of a dozen platforms is well under 8 MB; the app-wide JSON limit stays 1 MB. */
const CSV_BODY_LIMIT = 8 * 1024 * 1024;
const Ok = z.object({ ok: z.literal(true) });

/**
 * Spend imports (issue #39 step 4, decision 105): the CSV upload with its preview, published
 * sheets and manual cost lines. Access as for cost edits (costs:write; reads costs:read).
 */
export async function registerSpendImportRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'text/csv',
      { parseAs: 'string', bodyLimit: CSV_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    const api = scope.withTypeProvider<ZodTypeProvider>();

    api.post(
      '/api/ad-spend/import',
      {
        bodyLimit: CSV_BODY_LIMIT,
        schema: {
          querystring: SpendImportQuerySchema,
          body: z.string(),
          response: {
            200: SpendImportResponseSchema,
            400: z.union([SpendImportRejectedSchema, ErrorEnvelopeSchema]),
          },
        },
      },
      async (request, reply) => {
        const { workspaceId } = requireAuth(request);
        try {
          return await importSpendCsv(deps, workspaceId, request.body, {
            source: 'csv',
            dryRun: request.query.dryRun === 'true',
          });
        } catch (error) {
          if (!(error instanceof CsvRejectedError)) throw error;
          return reply.status(400).send({
            message: `Nothing was imported: ${error.errors.map((each) => each.message).join('; ')}.`,
            code: 'csv_invalid' as const,
            errors: error.errors.map((each) => ({
              row: each.row,
              field: each.column,
              message: each.message,
            })),
          });
        }
      },
    );

    api.get(
      '/api/ad-spend/manual-lines',
      { schema: { response: { 200: ManualSpendLinesResponseSchema } } },
      async (request) => ({ lines: await listManualSpendLines(deps, requireAuth(request).workspaceId) }),
    );
    api.post(
      '/api/ad-spend/manual-lines',
      { schema: { body: ManualSpendLineInputSchema, response: { 201: ManualSpendLineSchema } } },
      async (request, reply) =>
        reply
          .status(201)
          .send(await saveManualSpendLine(deps, requireAuth(request).workspaceId, request.body)),
    );
    api.put(
      '/api/ad-spend/manual-lines/:id',
      {
        schema: {
          params: ManualSpendLineParamsSchema,
          body: ManualSpendLineInputSchema,
          response: { 200: ManualSpendLineSchema },
        },
      },
      async (request) =>
        saveManualSpendLine(deps, requireAuth(request).workspaceId, request.body, request.params.id),
    );
    api.delete(
      '/api/ad-spend/manual-lines/:id',
      { schema: { params: ManualSpendLineParamsSchema, response: { 200: Ok } } },
      async (request) => {
        await deleteManualSpendLine(deps, requireAuth(request).workspaceId, request.params.id);
        return { ok: true as const };
      },
    );

    api.get(
      '/api/ad-spend/sheets',
      { schema: { response: { 200: SpendSheetsResponseSchema } } },
      async (request) => ({ sheets: await listSpendSheets(deps, requireAuth(request).workspaceId) }),
    );
    api.post(
      '/api/ad-spend/sheets',
      { schema: { body: SpendSheetInputSchema, response: { 201: SpendSheetSchema } } },
      async (request, reply) =>
        reply.status(201).send(await addSpendSheet(deps, requireAuth(request).workspaceId, request.body.url)),
    );
    api.post(
      '/api/ad-spend/sheets/:id/fetch',
      { schema: { params: SpendSheetParamsSchema, response: { 200: SpendSheetSchema } } },
      async (request) => refreshSpendSheet(deps, requireAuth(request).workspaceId, request.params.id),
    );
    api.delete(
      '/api/ad-spend/sheets/:id',
      { schema: { params: SpendSheetParamsSchema, response: { 200: Ok } } },
      async (request) => {
        await deleteSpendSheet(deps, requireAuth(request).workspaceId, request.params.id);
        return { ok: true as const };
      },
    );
  });
}
