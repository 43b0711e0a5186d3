import { LEDGER_FIRST_DAY, type VariantCosts } from '@shared/contracts/costs.ts';

type CostPeriod = VariantCosts['periods'][number];

/**
 * The days a period is in force, e.g. "2025-11-29 → now" (`to` is the next period's first day); a
 * Shopify cost that prices every order before a change reads "before 2025-11-29". The effective
 * date is only named where it is not the first day in force (a later entry took over those days).
 */
export function inForceText(period: CostPeriod): string {
  if (period.inForce.length === 0) return `effective ${period.effectiveFrom}, never in force (overridden)`;
  const days = period.inForce
    .map(({ from, to }) =>
      from === LEDGER_FIRST_DAY ? (to ? `before ${to}` : 'always') : `${from} → ${to ?? 'now'}`,
    )
    .join(', ');
  return period.inForce[0]!.from === period.effectiveFrom
    ? days
    : `effective ${period.effectiveFrom}, in force ${days}`;
}
