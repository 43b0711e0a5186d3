import { analyzeStore } from '../../../core/pipeline/analyze-store.ts';
import type { AnalysisFacts, AnalysisSnapshot } from '../../../core/pipeline/types.ts';
import {
  computeRunInsights,
  type InsightSnapshot,
} from '../../domain/analysis-facts/write-insight-snapshot.ts';
import { type CustomerSnapshotColumns, customerSnapshotColumns } from './customer-snapshot-columns.ts';

/**
 * What one run computes from its facts, ready to write: the snapshot with its customers as column
 * literals ready to insert (customer-snapshot-columns.ts), and the run's insights.
 */
export type AnalysisRunOutput = Omit<AnalysisSnapshot, 'customers'> & {
  customerColumns: CustomerSnapshotColumns;
  insights: InsightSnapshot;
};

/** A run's computation (core/pipeline/analyze-store.ts) and its insights; on the analysis worker. */
export function analyzeRun(facts: AnalysisFacts): AnalysisRunOutput {
  const { customers, ...analysis } = analyzeStore(facts, { timer: () => performance.now() });
  return {
    ...analysis,
    customerColumns: customerSnapshotColumns(customers),
    insights: computeRunInsights(facts, { customers }),
  };
}
