import type { AnalysisFacts } from '../../../../core/pipeline/types.ts';
import { checkForecastHoldout, checkLifetimeModels } from '../../../domain/models/read-models-checks.ts';
import type { ModelCheckInput, ModelCheckOutput } from '../../../platform/ports/run-model-checks.ts';
import { type AnalysisRunOutput, analyzeRun } from '../analyze-run.ts';
import { analyzeWarehouse, type WarehouseAnalysisInput, type WrittenAnalysis } from '../analyze-warehouse.ts';
import type { ColumnSchemas, FieldSchemas, WirePart } from './analysis-worker-wire.ts';

/** What the worker computes: pure functions of plain data, with the large record arrays named. */
interface WorkerTask<I, O> {
  input: FieldSchemas<I>;
  output: FieldSchemas<O>;
  run(input: I): O | Promise<O>;
}

const defineTask = <I, O>(task: WorkerTask<I, O>) => task;

export const WORKER_TASKS = {
  /** One analysis run's computation (core/pipeline/analyze-store.ts) and its insights (write-insight-snapshot.ts). */
  analysis: defineTask<AnalysisFacts, AnalysisRunOutput>({
    input: {
      orderDays: {
        date: 'text',
        orders: 'number',
        total: 'number',
        lastChannel: 'text',
        firstChannel: 'text',
        utmCampaign: 'text',
        firstCampaign: 'text',
      },
      productLandings: {
        landingHandle: 'text',
        orders: 'number',
        lastChannel: 'text',
        firstChannel: 'text',
        utmCampaign: 'text',
        firstCampaign: 'text',
      },
      recentOrders: { date: 'text', subtotal: 'number', shipping: 'number' },
      refunds: { date: 'text', amount: 'number', channel: 'text', campaign: 'text' },
      variantSales: { variantId: 'text', date: 'text', units: 'number', revenue: 'number' },
      inventory: { date: 'text', productId: 'text', available: 'number' },
      adDaily: {
        platform: 'text',
        date: 'text',
        campaignId: 'text',
        spend: 'number',
        reportedValue: 'number',
      },
      adClickOrders: {
        platform: 'text',
        campaignId: 'text',
        date: 'text',
        orders: 'number',
        total: 'number',
        landingHandle: 'text',
        lastChannel: 'text',
        firstChannel: 'text',
        utmCampaign: 'text',
        firstCampaign: 'text',
      },
      ga4Daily: { date: 'text', source: 'text', medium: 'text', revenue: 'optionalNumber' },
    },
    // The customers go back as a few strings (customerColumns), not as 100k records.
    output: {},
    run: analyzeRun,
  }),
  /**
   * A whole run on PostgreSQL (analyze-warehouse.ts): the worker reads the facts and writes the
   * snapshot over its own connections; only the candidates and metrics come back.
   */
  warehouseAnalysis: defineTask<WarehouseAnalysisInput, WrittenAnalysis>({
    input: {},
    output: {},
    run: analyzeWarehouse,
  }),
  /** The Predictive Models page's checks of one run (read-models-checks.ts). */
  modelChecks: defineTask<ModelCheckInput, ModelCheckOutput>({
    input: { transactions: { customerId: 'text', date: 'text', amount: 'number' } },
    output: {},
    run: ({ series, transactions, asOf, bgnbd }) => ({
      ...checkForecastHoldout(series, asOf),
      ...(bgnbd ? checkLifetimeModels(transactions, asOf, bgnbd) : {}),
    }),
  }),
};

export type WorkerTaskName = keyof typeof WORKER_TASKS;
export type WorkerTaskInput<N extends WorkerTaskName> = Parameters<(typeof WORKER_TASKS)[N]['run']>[0];
export type WorkerTaskOutput<N extends WorkerTaskName> = Awaited<ReturnType<(typeof WORKER_TASKS)[N]['run']>>;

/** A task with its types erased, as the host and the worker pass it on (both use the same schemas). */
export const erasedTask = (name: WorkerTaskName) =>
  WORKER_TASKS[name] as unknown as {
    input: ColumnSchemas;
    output: ColumnSchemas;
    run(input: unknown): object | Promise<object>;
  };

/** Host → worker: the parts of a task's input, then the request to run it on them. */
export type WorkerMessage =
  | { type: 'part'; id: number; part: WirePart }
  | { type: 'run'; id: number; task: WorkerTaskName };

/** Worker → host: the parts of the output, or the error the task threw. */
export type WorkerReply =
  | { ok: true; parts: WirePart[] }
  | { ok: false; message: string; stack: string | null };
