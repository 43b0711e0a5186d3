import type { BgNbdParams } from '../../../core/clv/types.ts';
import type { DailyPoint, Transaction } from '../../../core/types.ts';
import type { ModelChecks } from '../../../shared/contracts/models.ts';

/** What the Predictive Models page's checks of one run are computed from. */
export interface ModelCheckInput {
  series: DailyPoint[];
  transactions: Transaction[];
  asOf: string;
  /** The run's BG/NBD fit; without one the lifetime checks are skipped. */
  bgnbd: BgNbdParams | null;
}

/** The checks' results: the holdout always, the lifetime checks when there was a fit. */
export type ModelCheckOutput = Pick<ModelChecks, 'holdout' | 'holdoutNote'> &
  Partial<Omit<ModelChecks, 'status' | 'error' | 'computedAt' | 'durationMs'>>;

/**
 * A port (decisions 155, 215): computes the model checks of one run on the analysis worker thread,
 * off the event loop. `loadInput` reads the checks' inputs; the worker starts while it reads. The
 * analysis feature provides it (the worker and its task list are that feature's); the composition
 * root (`main.ts`) passes it to the models feature, so models does not import the analysis feature.
 */
export type RunModelChecks = (loadInput: () => Promise<ModelCheckInput>) => Promise<ModelCheckOutput>;
