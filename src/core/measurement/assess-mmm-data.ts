import type { MmmInput } from './types.ts';

/** Fewer weeks than this and the model says "too thin to say" (Northbeam asks ≥ 5 months). */
export const MIN_WEEKS = 20;
const MIN_VARIATION = 0.05;
const MAX_CORRELATION = 0.98;

const mean = (v: readonly number[]) => v.reduce((a, b) => a + b, 0) / v.length;
const sd = (v: readonly number[]) => {
  const m = mean(v);
  return Math.sqrt(v.reduce((a, b) => a + (b - m) ** 2, 0) / v.length);
};

/**
 * Why a marketing-mix model cannot say anything reliable on these data, if it cannot.
 *
 * Definition: "too thin" when (1) fewer than 20 weeks are covered; (2) a channel spent in fewer
 * than 10 periods or its spend hardly moved (coefficient of variation < 5 %) — a constant spend is
 * indistinguishable from the baseline; (3) two channels' spends moved together (|correlation| >
 * 0.98) — their effects cannot be told apart; (4) the target never changes; (5) fewer periods
 * than parameters + 10.
 * Reference: Jin et al. (2017) §5 (identifiability needs variation in media); Chan & Perry (2017),
 * "Challenges and Opportunities in Media Mix Modeling", Google Inc., §2.2 (limited range of
 * spend, correlated media).
 *
 * @returns the reasons, empty when the data can be fitted.
 */
export function assessMmmData(input: MmmInput, periodDays: number, baseColumns: number): string[] {
  const reasons: string[] = [];
  const n = input.dates.length;
  const weeks = (n * periodDays) / 7;
  if (weeks < MIN_WEEKS)
    reasons.push(
      `only ${Math.floor(weeks)} weeks of data; the model needs at least ${MIN_WEEKS} weeks of varied spend`,
    );
  if (input.channels.length === 0) reasons.push('no paid channel to measure');
  for (const channel of input.channels) {
    const active = channel.spend.filter((v) => v > 0).length;
    const m = mean(channel.spend);
    if (active < 10) reasons.push(`channel '${channel.name}' spent in only ${active} periods`);
    else if (sd(channel.spend) < MIN_VARIATION * m)
      reasons.push(
        `spend on channel '${channel.name}' never moved (it stayed near ${Math.round(m * 100) / 100} per period), so its effect cannot be told apart from the baseline`,
      );
  }
  for (let i = 0; i < input.channels.length; i += 1) {
    for (let j = 0; j < i; j += 1) {
      const a = input.channels[i]!.spend;
      const b = input.channels[j]!.spend;
      const ma = mean(a);
      const mb = mean(b);
      const sa = sd(a);
      const sb = sd(b);
      if (sa === 0 || sb === 0) continue;
      const r = a.reduce((s, v, t) => s + (v - ma) * (b[t]! - mb), 0) / (a.length * sa * sb);
      if (Math.abs(r) > MAX_CORRELATION)
        reasons.push(
          `spend on '${input.channels[j]!.name}' and '${input.channels[i]!.name}' moved together (correlation ${Math.round(r * 1000) / 1000}), so their effects cannot be separated`,
        );
    }
  }
  if (n > 0 && sd(input.target) === 0) reasons.push('the target never changes');
  const parameters = baseColumns + 4 * input.channels.length + 1;
  if (n < parameters + 10)
    reasons.push(`${n} periods for ${parameters} parameters; need at least ${parameters + 10}`);
  return reasons;
}
