import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { analyzeExperiment } from '../../../core/experiments/analyze-experiment.ts';
import { minimumDetectableRate } from '../../../core/experiments/minimum-detectable-rate.ts';
import { requiredSampleSize } from '../../../core/experiments/required-sample-size.ts';
import type {
  Experiment,
  ExperimentInputSchema,
  SampleSize,
  SampleSizeQuery,
} from '../../../shared/contracts/experiments.ts';
import {
  currencyDigitsOf,
  majorToDecimal,
  minorToDecimal,
  parseDecimalToMinor,
} from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { experiments, type StoredVariant } from '../../db/schema/experiments.ts';
import { badRequest, notFound } from '../../errors.ts';

type ExperimentInput = z.output<typeof ExperimentInputSchema>;
type ExperimentRow = typeof experiments.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const missing = () => notFound('Experiment not found.');

/**
 * An experiment on the wire (decision 170): each arm's revenue written from its exact minor units;
 * the analysis reads major units (a rate's model), and its revenue per visitor — an average — is
 * rounded once to the minor unit.
 */
function presentExperiment(row: ExperimentRow): Experiment {
  const digits = currencyDigitsOf(row.currencyCode);
  const arms = row.variants.map((v) => ({
    name: v.name,
    visitors: v.visitors,
    conversions: v.conversions,
    revenue: v.revenueMinor / 10 ** digits,
  }));
  const analysis = analyzeExperiment(arms, { minimumDetectableEffect: row.minimumDetectableEffect / 100 });
  const variants = row.variants.map((v) => ({
    name: v.name,
    visitors: v.visitors,
    conversions: v.conversions,
    revenue: minorToDecimal(v.revenueMinor, digits),
  }));
  return {
    id: row.id,
    name: row.name,
    hypothesis: row.hypothesis,
    currency: row.currencyCode,
    minimumDetectableEffect: row.minimumDetectableEffect,
    variants,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    analysis: {
      ...analysis,
      // The analysis keeps the arms' order.
      variants: analysis.variants.map((v, i) => ({
        ...v,
        revenue: variants[i]!.revenue,
        revenuePerVisitor: v.revenuePerVisitor === null ? null : majorToDecimal(v.revenuePerVisitor, digits),
      })),
    },
  };
}

/**
 * The typed decimal to exact minor units; more decimals than the currency has is a 400, not a
 * silent rounding (trailing zeros are not more decimals: "12.500" is 12.50 USD).
 */
function toStoredVariants(input: ExperimentInput, currency: string): StoredVariant[] {
  const digits = currencyDigitsOf(currency);
  return input.variants.map((v, i) => {
    const fraction = (v.revenue.split('.')[1] ?? '').replace(/0+$/, '');
    const revenueMinor = parseDecimalToMinor(v.revenue, digits);
    if (fraction.length > digits)
      throw badRequest(
        `Invalid request: variants.${i}.revenue: ${currency} amounts have at most ${digits} decimals`,
        'validation_failed',
      );
    return { name: v.name, visitors: v.visitors, conversions: v.conversions, revenueMinor };
  });
}

async function findRow(db: Db, workspaceId: string, id: string): Promise<ExperimentRow> {
  if (!UUID.test(id)) throw missing();
  const [row] = await db
    .select()
    .from(experiments)
    .where(and(eq(experiments.id, id), eq(experiments.workspaceId, workspaceId)));
  if (!row) throw missing();
  return row;
}

/** The workspace's experiments with their analysis, newest first. */
export async function listExperiments(db: Db, workspaceId: string): Promise<Experiment[]> {
  const rows = await db
    .select()
    .from(experiments)
    .where(eq(experiments.workspaceId, workspaceId))
    .orderBy(desc(experiments.createdAt), experiments.id);
  return rows.map(presentExperiment);
}

/** One experiment; other workspaces' ids are 404 (never telling which). */
export async function getExperiment(db: Db, workspaceId: string, id: string): Promise<Experiment> {
  return presentExperiment(await findRow(db, workspaceId, id));
}

const ShopRow = z.object({ currency_code: z.string() });

/** Records an experiment in the shop currency (USD before a shop is connected). */
export async function createExperiment(
  db: Db,
  workspaceId: string,
  userId: string,
  input: ExperimentInput,
  now: Date,
): Promise<Experiment> {
  const [shop] = await queryRows(
    db,
    ShopRow,
    sql`SELECT currency_code FROM wh_shops WHERE workspace_id = ${workspaceId}`,
  );
  const currency = shop?.currency_code ?? 'USD';
  const [row] = await db
    .insert(experiments)
    .values({
      workspaceId,
      name: input.name,
      hypothesis: input.hypothesis,
      currencyCode: currency,
      minimumDetectableEffect: input.minimumDetectableEffect,
      variants: toStoredVariants(input, currency),
      createdBy: userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return presentExperiment(row!);
}

/** Replaces an experiment's fields and counts (the owner edits them as the test runs). */
export async function updateExperiment(
  db: Db,
  workspaceId: string,
  id: string,
  input: ExperimentInput,
  now: Date,
): Promise<Experiment> {
  const existing = await findRow(db, workspaceId, id);
  const [row] = await db
    .update(experiments)
    .set({
      name: input.name,
      hypothesis: input.hypothesis,
      minimumDetectableEffect: input.minimumDetectableEffect,
      variants: toStoredVariants(input, existing.currencyCode),
      updatedAt: now,
    })
    .where(and(eq(experiments.id, id), eq(experiments.workspaceId, workspaceId)))
    .returning();
  if (!row) throw missing();
  return presentExperiment(row);
}

export async function deleteExperiment(db: Db, workspaceId: string, id: string): Promise<void> {
  await findRow(db, workspaceId, id);
  await db.delete(experiments).where(and(eq(experiments.id, id), eq(experiments.workspaceId, workspaceId)));
}

/**
 * The calculator: visitors per arm for the minimum detectable effect, and with visitorsPerVariant
 * the smallest lift those visitors can detect. α is split over the comparisons (Bonferroni), as
 * the verdict does.
 */
export function calculateSampleSize(query: SampleSizeQuery): SampleSize {
  const p1 = query.baselineRate / 100;
  const alpha = query.significance / 100 / (query.variants - 1);
  const power = query.power / 100;
  const p2 = p1 * (1 + query.minimumDetectableEffect / 100);
  const perVariant = p2 < 1 ? Math.ceil(requiredSampleSize(p1, p2, alpha, power)) : null;
  const detectable =
    query.visitorsPerVariant === undefined
      ? null
      : minimumDetectableRate(query.visitorsPerVariant, p1, alpha, power);
  return {
    baselineRate: query.baselineRate,
    targetRate: p2 < 1 ? p2 * 100 : null,
    requiredVisitorsPerVariant: perVariant,
    totalVisitors: perVariant === null ? null : perVariant * query.variants,
    detectableEffect: detectable === null ? null : (detectable / p1 - 1) * 100,
    alphaPerComparison: alpha,
    formula:
      'n = (z₁₋α/₂·√((p₁+p₂)(q₁+q₂)/2) + z_power·√(p₁q₁+p₂q₂))² / (p₁−p₂)² per arm (two-sided two-proportion z-test; R power.prop.test)',
  };
}
