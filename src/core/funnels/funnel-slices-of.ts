/** What puts a session in a funnel slice: its UTM campaign, its A/B variants ('experiment:variant'), and whether its visitor came before. */
export interface SliceInputs {
  campaign: string | null | undefined;
  variants: readonly string[] | null | undefined;
  /** True for a returning visitor's session, false for a new one's, null/undefined when not told. */
  returning?: boolean | null | undefined;
}

/**
 * The slices of the funnel's daily tables a session counts in besides '' (every session), decisions
 * 199 and 202: 'c:<campaign>' when it has a UTM campaign, 'v:<experiment>:<variant>' for each A/B
 * variant it landed in (once each), and 'n:new' or 'n:returning' when told whether its visitor had an
 * earlier session; sorted, so a session's slices compare as a list. The report under a campaign, a
 * variant or a visitor filter reads the one slice the same function gives for the filter's values,
 * so the fold's key and the read's key cannot drift apart.
 *
 * @example funnelSlicesOf({ campaign: 'spring', variants: ['hero:a'], returning: true }) // ['c:spring', 'n:returning', 'v:hero:a']
 */
export function funnelSlicesOf({ campaign, variants, returning }: SliceInputs): string[] {
  const slices = new Set((variants ?? []).map((variant) => `v:${variant}`));
  if (campaign) slices.add(`c:${campaign}`);
  if (returning === true) slices.add('n:returning');
  if (returning === false) slices.add('n:new');
  return [...slices].sort();
}
