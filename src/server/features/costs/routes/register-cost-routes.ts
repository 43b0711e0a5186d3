import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CostEntryInputSchema,
  CostLedgerQuerySchema,
  CostLedgerResponseSchema,
  CostSettingsResponseSchema,
  CsvImportQuerySchema,
  CsvImportResponseSchema,
  CsvRejectedSchema,
  DefaultMarginInputSchema,
  ExpenseInputSchema,
  ExpenseParamsSchema,
  FeeRulesInputSchema,
  RecalculationInputSchema,
  RecalculationSchema,
  ShippingProfilesInputSchema,
} from '../../../../shared/contracts/costs.ts';
import { ErrorEnvelopeSchema } from '../../../../shared/contracts/errors.ts';
import { requireShop } from '../../../domain/shop/read-shop.ts';
import { requireAuth } from '../../../http/auth.ts';
import type { AppDeps } from '../../../http/deps.ts';
import { CsvRejectedError, MAX_REPORTED_ERRORS } from '../../../platform/csv/read-csv.ts';
import { exportCosts } from '../services/export-costs.ts';
import { importCosts } from '../services/import-costs.ts';
import { importShippingCosts } from '../services/import-shipping-costs.ts';
import {
  addExpense,
  deleteExpense,
  enterCost,
  replaceFeeRules,
  replaceShippingProfiles,
  setDefaultMargin,
  updateExpense,
} from '../services/manage-cost-settings.ts';
import { readCostLedger } from '../services/read-cost-ledger.ts';
import { readCostSettings } from '../services/read-cost-settings.ts';
import { requestRecalculation } from '../services/request-recalculation.ts';

/** A 100k-row costs CSV is about 4 MB; the app-wide JSON limit stays 1 MB. */
const CSV_BODY_LIMIT = 32 * 1024 * 1024;
const Ok = z.object({ ok: z.literal(true) });

async function answerCsv<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof CsvRejectedError)) throw error;
    return reply.status(400).send({
      message: error.message,
      code: 'csv_invalid' as const,
      errorCount: error.errors.length,
      errors: error.errors.slice(0, MAX_REPORTED_ERRORS),
    });
  }
}

/** The Costs settings page's API (issue #13): ledger, imports, export, rules, expenses, recalculations. */
export async function registerCostRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'text/csv',
      { parseAs: 'string', bodyLimit: CSV_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    const api = scope.withTypeProvider<ZodTypeProvider>();
    const csvRoute = {
      bodyLimit: CSV_BODY_LIMIT,
      config: { access: 'costs:write', audit: 'costs.changed' } as const,
      schema: {
        querystring: CsvImportQuerySchema,
        body: z.string(),
        // A refused CSV lists its bad rows; any other 400 (a bad query, a JSON body) is the usual envelope.
        response: { 200: CsvImportResponseSchema, 400: z.union([CsvRejectedSchema, ErrorEnvelopeSchema]) },
      },
    };

    api.get(
      '/api/costs/ledger',
      {
        config: { access: 'costs:read' },
        schema: { querystring: CostLedgerQuerySchema, response: { 200: CostLedgerResponseSchema } },
      },
      async (request) =>
        readCostLedger(deps.db, {
          workspaceId: requireAuth(request).workspaceId,
          page: request.query.page,
          q: request.query.q,
          now: deps.clock(),
        }),
    );
    api.post(
      '/api/costs/entries',
      { config: { access: 'costs:write' }, schema: { body: CostEntryInputSchema, response: { 200: Ok } } },
      async (request) => {
        const auth = requireAuth(request);
        const shop = await requireShop(deps.db, auth.workspaceId);
        await enterCost(deps.db, { ...auth, shop, input: request.body, now: deps.clock() });
        return { ok: true as const };
      },
    );
    api.post('/api/costs/import', csvRoute, async (request, reply) => {
      const auth = requireAuth(request);
      const shop = await requireShop(deps.db, auth.workspaceId);
      return answerCsv(reply, () =>
        importCosts(deps.db, {
          ...auth,
          shop,
          fileName: request.query.fileName ?? null,
          csv: request.body,
          now: deps.clock(),
        }),
      );
    });
    api.post('/api/costs/shipping-import', csvRoute, async (request, reply) => {
      const auth = requireAuth(request);
      const shop = await requireShop(deps.db, auth.workspaceId);
      return answerCsv(reply, () =>
        importShippingCosts(deps.db, {
          ...auth,
          shop,
          fileName: request.query.fileName ?? null,
          csv: request.body,
          now: deps.clock(),
        }),
      );
    });
    api.get(
      '/api/costs/export',
      { config: { access: 'costs:read', audit: 'export.downloaded' } },
      async (request, reply) => {
        const csv = await exportCosts(deps.db, requireAuth(request).workspaceId);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="costs.csv"')
          .send(csv);
      },
    );
    api.get(
      '/api/costs/settings',
      { config: { access: 'costs:read' }, schema: { response: { 200: CostSettingsResponseSchema } } },
      async (request) => readCostSettings(deps.db, requireAuth(request).workspaceId),
    );
    api.put(
      '/api/costs/default-margin',
      {
        config: { access: 'costs:write', audit: 'costs.changed' },
        schema: { body: DefaultMarginInputSchema, response: { 200: Ok } },
      },
      async (request) => {
        const auth = requireAuth(request);
        await setDefaultMargin(deps.db, {
          ...auth,
          percent: request.body.defaultMarginPercent,
          now: deps.clock(),
        });
        return { ok: true as const };
      },
    );
    api.put(
      '/api/costs/fee-rules',
      {
        config: { access: 'costs:write', audit: 'costs.changed' },
        schema: { body: FeeRulesInputSchema, response: { 200: Ok } },
      },
      async (request) => {
        const auth = requireAuth(request);
        const shop = await requireShop(deps.db, auth.workspaceId);
        await replaceFeeRules(deps.db, { ...auth, shop, rules: request.body.rules, now: deps.clock() });
        return { ok: true as const };
      },
    );
    api.put(
      '/api/costs/shipping-profiles',
      {
        config: { access: 'costs:write', audit: 'costs.changed' },
        schema: { body: ShippingProfilesInputSchema, response: { 200: Ok } },
      },
      async (request) => {
        const auth = requireAuth(request);
        const shop = await requireShop(deps.db, auth.workspaceId);
        await replaceShippingProfiles(deps.db, {
          ...auth,
          shop,
          profiles: request.body.profiles,
          now: deps.clock(),
        });
        return { ok: true as const };
      },
    );
    api.post(
      '/api/costs/expenses',
      {
        config: { access: 'costs:write', audit: 'costs.changed' },
        schema: { body: ExpenseInputSchema, response: { 201: z.object({ id: z.string() }) } },
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        const shop = await requireShop(deps.db, auth.workspaceId);
        const id = await addExpense(deps.db, { ...auth, shop, expense: request.body, now: deps.clock() });
        return reply.status(201).send({ id });
      },
    );
    api.put(
      '/api/costs/expenses/:id',
      {
        config: { access: 'costs:write', audit: 'costs.changed' },
        schema: { params: ExpenseParamsSchema, body: ExpenseInputSchema, response: { 200: Ok } },
      },
      async (request) => {
        const auth = requireAuth(request);
        const shop = await requireShop(deps.db, auth.workspaceId);
        await updateExpense(deps.db, {
          workspaceId: auth.workspaceId,
          id: request.params.id,
          shop,
          expense: request.body,
        });
        return { ok: true as const };
      },
    );
    api.delete(
      '/api/costs/expenses/:id',
      {
        config: { access: 'costs:write', audit: 'costs.changed' },
        schema: { params: ExpenseParamsSchema, response: { 200: Ok } },
      },
      async (request) => {
        await deleteExpense(deps.db, requireAuth(request).workspaceId, request.params.id);
        return { ok: true as const };
      },
    );
    api.post(
      '/api/costs/recalculations',
      {
        config: { access: 'costs:write' },
        schema: { body: RecalculationInputSchema, response: { 202: RecalculationSchema } },
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        const run = await requestRecalculation(deps.db, { ...auth, ...request.body, now: deps.clock() });
        return reply.status(202).send(run);
      },
    );
  });
}
