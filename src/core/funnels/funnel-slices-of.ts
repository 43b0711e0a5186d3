/** What puts a session in a funnel slice: its UTM campaign, its A/B variants ('experiment:variant'), whether its visitor came before, and its RFM segments. */
export interface SliceInputs {
  campaign: string | null | undefined;
  variants: readonly string[] | null | undefined;
  /** True for a returning visitor's session, false for a new one's, null/undefined when not told. */
  returning?: boolean | null | undefined;
  /** The RFM segments of the analysis run the segment slices are of whose journeys the session belongs to (decision 224). */
  segments?: readonly string[] | null | undefined;
}

/** The prefix of the segment slices (decision 224): what a re-slice takes out of a session's slices before adding the new run's. */
export const SEGMENT_SLICE_PREFIX = 'r:';

/**
 * The slices of the funnel's daily tables a session counts in besides '' (every session), decisions
 * 199, 202 and 224: 'c:<campaign>' when it has a UTM campaign, 'v:<experiment>:<variant>' for each A/B
 * variant it landed in (once each), 'n:new' or 'n:returning' when told whether its visitor had an
 * earlier session, and 'r:<segment>' for each RFM segment it is in; sorted, so a session's slices
 * compare as a list. The report under a campaign, a variant, a visitor filter or a segment reads the
 * one slice the same function gives for the filter's values, so the fold's key and the read's key
 * cannot drift apart.
 *
 * @example funnelSlicesOf({ campaign: 'spring', variants: ['hero:a'], returning: true }) // ['c:spring', 'n:returning', 'v:hero:a']
 */
export function funnelSlicesOf({ campaign, variants, returning, segments }: SliceInputs): string[] {
  const slices = new Set((variants ?? []).map((variant) => `v:${variant}`));
  if (campaign) slices.add(`c:${campaign}`);
  if (returning === true) slices.add('n:returning');
  if (returning === false) slices.add('n:new');
  for (const segment of segments ?? []) slices.add(`${SEGMENT_SLICE_PREFIX}${segment}`);
  return [...slices].sort();
}

/**
 * A session's slices with its segment slices replaced by those of `segments` (a re-slice for another
 * analysis run, decision 224), in funnelSlicesOf's order.
 *
 * @example withSegmentSlices(['c:spring', 'r:Champions'], ['Loyal']) // ['c:spring', 'r:Loyal']
 */
export function withSegmentSlices(slices: readonly string[], segments: readonly string[]): string[] {
  const kept = slices.filter((slice) => !slice.startsWith(SEGMENT_SLICE_PREFIX));
  return [...new Set([...kept, ...funnelSlicesOf({ campaign: null, variants: null, segments })])].sort();
}
