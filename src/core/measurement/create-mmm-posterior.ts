import { adstockOf } from './adstock-of.ts';
import type { MmmDesign } from './build-mmm-design.ts';
import type { ConjugatePosterior } from './conjugate-posterior.ts';
import { createMmmColumnPosterior } from './create-mmm-column-posterior.ts';
import type { MmmMediaColumn } from './mmm-media-column.ts';
import { saturateColumn } from './saturate-column.ts';
import type { ChannelHyper, ChannelRoasPrior } from './types.ts';

/**
 * Columns kept per channel: a finite-difference step moves one or two channels, so the others'
 * columns (and their stock) are the ones the last evaluations used.
 */
const KEPT_COLUMNS = 8;
const KEPT_STOCKS = 4;

interface KeptStock {
  decay: number;
  stock: number[];
  /** ln of each positive stock value, made when a Hill column first needs it. */
  logStock: number[] | null;
}
interface KeptColumn {
  decay: number;
  half: number;
  shape: number;
  family: ChannelHyper['saturation'];
  column: MmmMediaColumn;
}

const logsOf = (stock: readonly number[]) => {
  const logs = new Array<number>(stock.length);
  for (let t = 0; t < stock.length; t += 1) logs[t] = stock[t]! > 0 ? Math.log(stock[t]!) : 0;
  return logs;
};

/** Finds by `same` in a most-recent-first list, moving a hit to the front; makes and keeps a miss. */
function recall<T>(kept: T[], same: (entry: T) => boolean, make: () => T, size: number): T {
  const at = kept.findIndex(same);
  if (at === 0) return kept[0]!;
  const entry = at > 0 ? kept.splice(at, 1)[0]! : make();
  kept.unshift(entry);
  if (kept.length > size) kept.pop();
  return entry;
}

/**
 * The conjugate linear posterior of a marketing-mix model given the non-linear (adstock and
 * saturation) parameters, as a function of them, fitted on the first `rows` periods.
 *
 * Definition: channel c's media column is Hill(adstock(x_c; α_c); K_c·max x_c, S_c), or the
 * logistic saturation with the same half point when the hyperparameters are logistic (adstockOf,
 * saturationOf; decision 234); the rest is createMmmMediaPosterior's normal–inverse-gamma update.
 * Reference: Jin et al. (2017) eq. (1)–(3).
 * Method (decision 241): each channel's last few columns are kept with their inner products
 * (createMmmColumnPosterior), keyed by the channel's exact parameters, and its last few adstocked
 * series with their logarithms, keyed by the decay; the mode search's and the Hessian's finite
 * differences move one or two channels, so the others' columns are recalled rather than rebuilt.
 * A recalled column is the one the same parameters built, so the result is the same to the digit.
 */
export function createMmmPosterior(
  design: MmmDesign,
  rows: number,
  priors: readonly (ChannelRoasPrior | undefined)[],
): (hyper: readonly ChannelHyper[]) => ConjugatePosterior | null {
  const { column, posterior } = createMmmColumnPosterior(design, rows, priors);
  const stocks: KeptStock[][] = design.spend.map(() => []);
  const columns: KeptColumn[][] = design.spend.map(() => []);
  const stockOf = (c: number, decay: number) =>
    recall(
      stocks[c]!,
      (s) => s.decay === decay,
      () => ({ decay, stock: adstockOf(design, design.spend[c]!, decay), logStock: null }),
      KEPT_STOCKS,
    );
  return (hyper) =>
    posterior(
      hyper.map((h, c) => {
        const { decayPerWeek: decay, halfSaturationShare: half, shape, saturation: family } = h;
        return recall(
          columns[c]!,
          (k) => k.decay === decay && k.half === half && k.shape === shape && k.family === family,
          () => {
            const kept = stockOf(c, decay);
            const k = half * design.maxSpend[c]!;
            if (family !== 'logistic' && kept.logStock === null) kept.logStock = logsOf(kept.stock);
            const values = saturateColumn(kept.stock, kept.logStock, k, shape, family);
            return { decay, half, shape, family, column: column(values) };
          },
          KEPT_COLUMNS,
        ).column;
      }),
    );
}
