import type { GeoLiftReadout } from './geo-types.ts';
import type { ChannelRoasPrior } from './types.ts';

/** z of a two-sided 90 % interval: the readout's interval spans ±1.645 sd. */
const Z90 = 1.6448536269514722;

/**
 * The marketing-mix model prior a finished lift test gives its channel: the incremental ROAS it
 * measured, with the spread of its interval.
 *
 * Definition: roas = incremental revenue / test spend; sd = (high − low) / (2·1.645) / spend
 * (the readout's 90 % interval read as a normal one).
 * Reference: Meridian documentation, "ROI priors and calibration" (experiments set the ROI prior
 * of a channel); Robyn's "calibration with experiments"; decision 097.
 *
 * @throws RangeError when the spend is not positive.
 */
export function liftToRoasPrior(readout: GeoLiftReadout, spend: number): ChannelRoasPrior {
  if (!(spend > 0)) throw new RangeError(`the test spend must be positive, got ${spend}`);
  return {
    roas: readout.incrementalRevenue / spend,
    roasSd: Math.max(
      (readout.incrementalRevenueHigh - readout.incrementalRevenueLow) / (2 * Z90) / spend,
      1e-6,
    ),
  };
}
