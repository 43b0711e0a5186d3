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
import { type AuthContext, requireAuth } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import { CsvRejectedError } from '../../platform/csv/read-csv.ts';
import { importSpendCsv } from './import-spend-csv.ts';
import { deleteManualSpendLine, listManualSpendLines, saveManualSpendLine } from './manual-spend-lines.ts';
import { addSpendSheet, deleteSpendSheet, listSpendSheets, refreshSpendSheet } from './spend-sheets.ts';

/** A year of daily rows of a dozen platforms is well under 8 MB; the app-wide JSON limit stays 1 MB. */
const CSV_BODY_LIMIT = 8 * 1024 * 1024;
const Ok = z.object({ ok: z.literal(true) });

/** Every spend write is a cost change in the audit log, like the Costs page's (decision 055). */
function audit(deps: AppDeps, auth: AuthContext, target: string, details: Record<string, unknown>) {
  return recordAudit(
    deps.db,
    {
      teamId: auth.teamId,
      storeId: auth.workspaceId,
      actorUserId: auth.userId,
      action: 'costs.changed',
      target,
      details,
    },
    deps.clock(),
  );
}

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
        config: { access: 'costs:write' },
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
        const auth = requireAuth(request);
        try {
          const result = await importSpendCsv(deps, auth.workspaceId, request.body, {
            source: 'csv',
            dryRun: request.query.dryRun === 'true',
          });
          if (!result.dryRun)
            await audit(deps, auth, 'ad spend CSV', {
              inserted: result.inserted,
              updated: result.updated,
              skipped: result.errorCount,
            });
          return result;
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
      { config: { access: 'costs:read' }, schema: { response: { 200: ManualSpendLinesResponseSchema } } },
      async (request) => ({ lines: await listManualSpendLines(deps, requireAuth(request).workspaceId) }),
    );
    api.post(
      '/api/ad-spend/manual-lines',
      {
        config: { access: 'costs:write' },
        schema: { body: ManualSpendLineInputSchema, response: { 201: ManualSpendLineSchema } },
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        const line = await saveManualSpendLine(deps, auth.workspaceId, request.body);
        await audit(deps, auth, `manual cost line ${line.name}`, { added: line });
        return reply.status(201).send(line);
      },
    );
    api.put(
      '/api/ad-spend/manual-lines/:id',
      {
        config: { access: 'costs:write' },
        schema: {
          params: ManualSpendLineParamsSchema,
          body: ManualSpendLineInputSchema,
          response: { 200: ManualSpendLineSchema },
        },
      },
      async (request) => {
        const auth = requireAuth(request);
        const line = await saveManualSpendLine(deps, auth.workspaceId, request.body, request.params.id);
        await audit(deps, auth, `manual cost line ${line.name}`, { changed: line });
        return line;
      },
    );
    api.delete(
      '/api/ad-spend/manual-lines/:id',
      {
        config: { access: 'costs:write' },
        schema: { params: ManualSpendLineParamsSchema, response: { 200: Ok } },
      },
      async (request) => {
        const auth = requireAuth(request);
        await deleteManualSpendLine(deps, auth.workspaceId, request.params.id);
        await audit(deps, auth, 'manual cost line', { deleted: request.params.id });
        return { ok: true as const };
      },
    );

    api.get(
      '/api/ad-spend/sheets',
      { config: { access: 'costs:read' }, schema: { response: { 200: SpendSheetsResponseSchema } } },
      async (request) => ({ sheets: await listSpendSheets(deps, requireAuth(request).workspaceId) }),
    );
    api.post(
      '/api/ad-spend/sheets',
      {
        config: { access: 'costs:write' },
        schema: { body: SpendSheetInputSchema, response: { 201: SpendSheetSchema } },
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        const sheet = await addSpendSheet(deps, auth.workspaceId, request.body.url);
        await audit(deps, auth, 'published spend sheet', { added: sheet.url, message: sheet.message });
        return reply.status(201).send(sheet);
      },
    );
    api.post(
      '/api/ad-spend/sheets/:id/fetch',
      {
        config: { access: 'costs:write' },
        schema: { params: SpendSheetParamsSchema, response: { 200: SpendSheetSchema } },
      },
      async (request) => refreshSpendSheet(deps, requireAuth(request).workspaceId, request.params.id),
    );
    api.delete(
      '/api/ad-spend/sheets/:id',
      {
        config: { access: 'costs:write' },
        schema: { params: SpendSheetParamsSchema, response: { 200: Ok } },
      },
      async (request) => {
        const auth = requireAuth(request);
        await deleteSpendSheet(deps, auth.workspaceId, request.params.id);
        await audit(deps, auth, 'published spend sheet', { deleted: request.params.id });
        return { ok: true as const };
      },
    );
  });
}
