import type { InsightKind } from '../../shared/contracts/insights.ts';
import { formatMoney } from './format-money.ts';
import { gradeSeverity } from './grade-severity.ts';
import type { InsightContext, InsightFinding, PeriodMover } from './types.ts';

export type MoverDimension = 'product' | 'channel' | 'segment';

const DIMENSIONS: Record<MoverDimension, { kind: InsightKind; noun: string; href: string; link: string }> = {
  product: { kind: 'product_mover', noun: 'Product', href: '/products', link: 'See product analysis' },
  channel: { kind: 'channel_mover', noun: 'Channel', href: '/', link: 'See channel attribution' },
  segment: { kind: 'segment_mover', noun: 'Segment', href: '/customers', link: 'See customer segments' },
};

/** Movers shown per dimension. */
export const MOVERS_SHOWN = 3;

/**
 * The biggest movers of one dimension (products, channels or segments) between the period and
 * the one before, as insights.
 *
 * Definition: the {@link MOVERS_SHOWN} keys with the largest |current − previous| whose change
 * is at least 1 % of the period's revenue (smaller moves are noise for the owner); severity grades
 * the change against the period's revenue; growth is good news, decline bad. The percent change is
 * omitted when the previous period was 0 (a new seller has no growth rate).
 */
export function describeMovers(
  movers: readonly PeriodMover[],
  dimension: MoverDimension,
  context: InsightContext,
): InsightFinding[] {
  const meta = DIMENSIONS[dimension];
  const money = (value: number) => formatMoney(value, context.currency);
  const days = context.periodDays;
  const named = context.rangeLabels;
  const current = named ? named.current : `the last ${days} days`;
  const previous = named ? named.previous : `the ${days} days before`;
  const [currentLabel, previousLabel] = named
    ? ['In the range', 'In the comparison']
    : [`Last ${days} days`, `Previous ${days} days`];
  return [...movers]
    .sort((a, b) => Math.abs(b.current - b.previous) - Math.abs(a.current - a.previous))
    .filter(
      (m) => context.periodRevenue > 0 && Math.abs(m.current - m.previous) >= 0.01 * context.periodRevenue,
    )
    .slice(0, MOVERS_SHOWN)
    .map((m): InsightFinding => {
      const change = m.current - m.previous;
      const up = change > 0;
      const percent = m.previous > 0 ? (100 * change) / m.previous : null;
      const percentText = percent === null ? '' : ` (${up ? '+' : '−'}${Math.abs(percent).toFixed(0)} %)`;
      return {
        id: `${meta.kind}:${m.key}`,
        kind: meta.kind,
        severity: gradeSeverity(change, context.periodRevenue),
        tone: up ? 'positive' : 'negative',
        title: `${meta.noun} ${up ? 'rising' : 'falling'}: ${m.label}`,
        narrative:
          `${m.label} brought in ${money(m.current)} in ${current}, ${up ? 'up' : 'down'} ` +
          `${money(Math.abs(change))}${percentText} on ${previous} (${money(m.previous)}).`,
        impact: Math.abs(change),
        evidence: [
          { label: currentLabel, value: m.current, unit: 'currency' },
          { label: previousLabel, value: m.previous, unit: 'currency' },
          { label: 'Change', value: change, unit: 'currency' },
          ...(percent === null
            ? []
            : [{ label: 'Change (percent)', value: percent, unit: 'percent' as const }]),
        ],
        link: { href: meta.href, label: meta.link },
      };
    });
}
